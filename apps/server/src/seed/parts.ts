import type { Tx } from '../db/client';
import { parts } from '../db/schema/index';

/** Part families of the demo catalogue: description, base programme price in cents, core part or not. */
const FAMILIES: readonly [description: string, cents: number, isCore: boolean][] = [
  ['Brake pad set, front axle', 6850, false],
  ['Brake shoe kit', 8450, true],
  ['Brake drum 16.5 in', 15420, false],
  ['Air dryer cartridge', 4210, false],
  ['Oil filter', 1125, false],
  ['Fuel filter element', 1840, false],
  ['Air filter, primary', 5260, false],
  ['Cabin air filter', 2390, false],
  ['Coolant filter', 1475, false],
  ['DEF filter', 3120, false],
  ['Starter motor', 21200, true],
  ['Alternator 12 V 160 A', 18999, true],
  ['Water pump', 16780, true],
  ['Turbocharger', 129500, true],
  ['EGR valve', 48950, true],
  ['Injector, remanufactured', 31500, true],
  ['Fan belt', 3380, false],
  ['Serpentine belt tensioner', 8925, false],
  ['Headlamp assembly, LED', 27450, false],
  ['Mirror glass, heated', 4560, false],
  ['Wiper blade 22 in', 1290, false],
  ['Slack adjuster, automatic', 7840, false],
  ['Clutch kit 15.5 in', 94500, true],
  ['Shock absorber, rear', 9320, false],
  ['Wheel seal', 2680, false],
];
const PER_FAMILY = 12;

/**
 * The demo parts catalogue: 300 international part numbers (digits, a `C`, a revision) with the
 * programme's guaranteed price; every 25th part has no programme price. Deterministic, so tests and
 * the demo price file can name its parts.
 */
export const DEMO_PARTS: (typeof parts.$inferInsert)[] = FAMILIES.flatMap(([description, cents, isCore], f) =>
  Array.from({ length: PER_FAMILY }, (_, i) => {
    const n = f * PER_FAMILY + i;
    const partNo = `${2500000 + f * 7919 + i * 131}C${(i % 3) + 1}`;
    const price = cents + ((n * 37) % 900) - 450;
    return {
      partNo,
      description: i === 0 ? description : `${description}, variant ${i + 1}`,
      programPrice: n % 25 === 24 ? null : (price / 100).toFixed(2),
      isCore,
    };
  }),
);

export async function seedParts(tx: Tx) {
  for (let i = 0; i < DEMO_PARTS.length; i += 100) {
    await tx
      .insert(parts)
      .values(DEMO_PARTS.slice(i, i + 100))
      .onConflictDoNothing();
  }
}

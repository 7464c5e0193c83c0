import { z } from 'zod';

/**
 * The public site's programme facts and the fleet-size finder (PUB-06, PUB-07).
 *
 * The finder's rule is a pure function (`findProgramme`) so that the landing page can run it without loading
 * zod; `fleetFinderSchema` wraps the very same function for any caller that validates with zod.
 */

/** Countries the finder offers. */
export const FINDER_COUNTRIES = ['US', 'CA'] as const;
export type FinderCountry = (typeof FINDER_COUNTRIES)[number];

/** The three programmes, best first. `product` is the programme that carries the brand's own name. */
export const PROGRAMME_IDS = ['product', 'select', 'advantage'] as const;
export type ProgrammeId = (typeof PROGRAMME_IDS)[number];

export interface Programme {
  id: ProgrammeId;
  /** The smallest fleet (number of power units) that qualifies, per country. */
  minUnits: Record<FinderCountry, number>;
  /** Days to pay an invoice. */
  daysToPay: number;
  /** Billed every other week (the {product} programme) rather than on the usual cycle. */
  biweeklyBilling: boolean;
}

export const PROGRAMMES: readonly Programme[] = [
  { id: 'product', minUnits: { US: 500, CA: 300 }, daysToPay: 7, biweeklyBilling: true },
  { id: 'select', minUnits: { US: 50, CA: 50 }, daysToPay: 20, biweeklyBilling: false },
  { id: 'advantage', minUnits: { US: 1, CA: 1 }, daysToPay: 20, biweeklyBilling: false },
];

/** Dealers in the network, and locations including partner sites. */
export const DEALER_COUNT = 650;
export const DEALER_LOCATION_COUNT = 1000;

/** No fleet is this large; a bigger count is a typing slip. */
export const POWER_UNITS_MAX = 100_000;

/**
 * Finder messages, translated by the web app under `public-site:finder.errors.<key>`.
 * One per way a power-unit count can be wrong, so the visitor is told exactly what to fix.
 */
const COUNTRY_REQUIRED = 'country-required';
export const FinderError = {
  Required: 'power-units-required',
  NotANumber: 'power-units-number',
  NotWhole: 'power-units-whole',
  TooSmall: 'power-units-min',
  TooLarge: 'power-units-max',
  Country: COUNTRY_REQUIRED,
} as const;
export type FinderError = (typeof FinderError)[keyof typeof FinderError];

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: FinderError };

/**
 * The number of power units as typed. Digits may be grouped by thousands ("1,200", "1 200"); the count must
 * be a whole number from 1 to POWER_UNITS_MAX. Each kind of mistake gets its own message: empty, not a
 * number (letters, exponents), not whole (2.5, 2,5), too small (0, -3), too large.
 */
export function parsePowerUnits(raw: unknown): ParseResult<number> {
  const text = typeof raw === 'number' ? (Number.isFinite(raw) ? String(raw) : 'x') : typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return { ok: false, error: FinderError.Required };
  const ungrouped = text.replace(/(?<=\d)[,\s](?=\d{3}(?!\d))/g, '');
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(ungrouped)) return { ok: false, error: FinderError.NotANumber };
  const value = Number(ungrouped.replace(',', '.'));
  if (!Number.isInteger(value)) return { ok: false, error: FinderError.NotWhole };
  if (value < 1) return { ok: false, error: FinderError.TooSmall };
  if (value > POWER_UNITS_MAX) return { ok: false, error: FinderError.TooLarge };
  return { ok: true, value };
}

export function isFinderCountry(value: unknown): value is FinderCountry {
  return (FINDER_COUNTRIES as readonly unknown[]).includes(value);
}

/** The best programme for a fleet: the first (best) whose minimum the fleet reaches in its country. */
export function bestProgramme(units: number, country: FinderCountry): Programme {
  return PROGRAMMES.find((p) => units >= p.minUnits[country]) ?? PROGRAMMES[PROGRAMMES.length - 1]!;
}

export interface FinderInput {
  powerUnits: unknown;
  country: unknown;
}

export interface FinderResult {
  units: number;
  country: FinderCountry;
  programme: Programme;
}

/** The finder's whole rule: checks both fields and names the best programme, or says which field is wrong. */
export function findProgramme(
  input: FinderInput,
): { ok: true; value: FinderResult } | { ok: false; errors: Partial<Record<keyof FinderInput, FinderError>> } {
  const units = parsePowerUnits(input.powerUnits);
  const countryOk = isFinderCountry(input.country);
  if (!units.ok || !countryOk) {
    return {
      ok: false,
      errors: { ...(units.ok ? {} : { powerUnits: units.error }), ...(countryOk ? {} : { country: FinderError.Country }) },
    };
  }
  const country = input.country as FinderCountry;
  return { ok: true, value: { units: units.value, country, programme: bestProgramme(units.value, country) } };
}

/**
 * The finder form as a zod schema, built on parsePowerUnits so that both give the same answer and message.
 * (It reads no property at the top level, so a bundle that uses only the pure rule leaves it and zod out.)
 */
export const fleetFinderSchema = z.object({
  powerUnits: z.union([z.string(), z.number()]).transform((raw, ctx) => {
    const r = parsePowerUnits(raw);
    if (r.ok) return r.value;
    ctx.addIssue({ code: 'custom', message: r.error });
    return z.NEVER;
  }),
  country: z.enum(FINDER_COUNTRIES, { error: COUNTRY_REQUIRED }),
});
export type FleetFinderForm = z.input<typeof fleetFinderSchema>;

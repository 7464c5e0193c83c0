import pino from 'pino';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { DEMO_PARTS, seedParts } from '../../src/seed/parts';
import { inboundFiles } from '../../src/db/schema/index';
import type { JobDefinition } from '../../src/jobs/registry';

export const silent = pino({ level: 'silent' });

export async function seedCatalogue(ctx: AppContext) {
  await ctx.db.transaction(async (tx) => {
    await seedParts(tx);
  });
}

/** Parts of the demo catalogue with and without a programme price. */
export const pricedParts = DEMO_PARTS.filter((p) => p.programPrice != null);
export const unpricedPart = DEMO_PARTS.find((p) => p.programPrice == null)!;

/** Runs a file's job in this process, as the pg-boss worker would. */
export async function runJob(ctx: AppContext, job: JobDefinition, seq: number) {
  await job.handle(ctx, { seq }, silent);
}

export async function fileRow(ctx: AppContext, seq: number) {
  const [row] = await ctx.db.select().from(inboundFiles).where(eq(inboundFiles.seq, seq));
  return row!;
}

export async function count(ctx: AppContext, query: ReturnType<typeof sql>): Promise<number> {
  const res = (await ctx.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(res.rows[0]?.n ?? 0);
}

/** A CSV answer as rows of cells (the result file has no quoted line breaks). */
export function csvRows(text: string): string[][] {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => {
      const cells: string[] = [];
      let cur = '';
      let q = false;
      for (let i = 0; i < line.length; i++) {
        const c = line[i]!;
        if (q) {
          if (c === '"' && line[i + 1] === '"') {
            cur += '"';
            i++;
          } else if (c === '"') q = false;
          else cur += c;
        } else if (c === '"') q = true;
        else if (c === ',') {
          cells.push(cur);
          cur = '';
        } else cur += c;
      }
      cells.push(cur);
      return cells;
    });
}

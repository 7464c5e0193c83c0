import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { api } from '../helpers/http';

/** A programme template body (program/add) with the given milestones (rate as a fraction or cap). */
export function templateBody(
  name: string,
  milestones: { amount: number; rate?: number | null; cap?: number | null }[] = [{ amount: 1000, rate: 0.01 }],
  extra: Record<string, unknown> = {},
) {
  return {
    fc_loyalty_program: { loyalty_program_name: name, currency_config: 0, bundle_seq: null, bundle_type: null, ...extra },
    fc_loyalty_program_milestones: milestones.map((m, i) => ({
      milestone_no: i + 1,
      milestone_rate: m.rate ?? null,
      milestone_amount: m.amount,
      milestone_cap: m.cap ?? null,
    })),
  };
}

export async function createTemplate(
  app: FastifyInstance,
  cookie: string,
  name: string,
  milestones?: Parameters<typeof templateBody>[1],
  extra?: Record<string, unknown>,
): Promise<number> {
  const res = await api(app, cookie).post('/fc-common-api/loyalty/program/add', templateBody(name, milestones, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Number(res.body.data[0].attributes['loyalty-program-seq']);
}

export async function createBundle(app: FastifyInstance, cookie: string, name: string, description?: string): Promise<number> {
  const res = await api(app, cookie).post('/fc-common-api/loyalty/bundle/add', { fc_loyalty_bundle: { name, description } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Number(res.body.data[0].attributes['bundle-seq']);
}

/** YYYYMMDD of today plus `days` (local calendar, like the server's today()). */
export function day(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}`;
}

export async function enrol(app: FastifyInstance, cookie: string, custNo: number, seq: number, start = day(-10), end = day(30)) {
  return api(app, cookie).post('/fc-common-api/loyalty/custs_add', {
    fc_loyalty_cust: { cust_no: custNo, loyalty_program_seq: seq, start_date: start, end_date: end, enrolled: 'Y' },
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON:API documents of the tests
export const attrs = (body: any) => body.data.map((d: { attributes: Record<string, unknown> }) => d.attributes) as Record<string, any>[];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const codes = (body: any) => (body?.errors ?? []).map((e: { code: string }) => e.code) as string[];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const pointerOf = (body: any, code: string) =>
  body.errors.find((e: { code: string }) => e.code === code)?.source?.pointer as string | undefined;

import { z } from 'zod';

export const InboundKinds = ['price', 'core', 'item-codes', 'transactions'] as const;
export type InboundKind = (typeof InboundKinds)[number];

/** File-status unit codes: 0 success (applied), 1 failure (rejected), 2 ok (nothing new). */
export const UnitStatus = { Success: 0, Failure: 1, Ok: 2 } as const;
export type UnitStatus = (typeof UnitStatus)[keyof typeof UnitStatus];

export const priceStatusQuerySchema = z.strictObject({ job_id: z.string().trim().min(1).max(64) });

export const priceDownloadQuerySchema = z.strictObject({ data_seq: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

import { z } from 'zod';

/**
 * The public promotions' facts (PUB-08, PUB-09), served in the app config so that the credit-back and
 * bonus pages follow the next promotion without a release: the server reads them from its environment
 * (README, Configuration), checks them with `promotionsSchema`, and the pages put them into the translated
 * copy. The defaults are the specification's offers.
 */
const isoDate = z.iso.date();
const amount = z.number().int().min(1).max(10_000_000);

export const creditBackSchema = z
  .object({
    /** Percentage credited back, e.g. 2. */
    percent: z.number().positive().max(100),
    /** First and last day of the purchases that count (YYYY-MM-DD). */
    from: isoDate,
    to: isoDate,
    /** The month the credit is issued (YYYY-MM). */
    issued: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month, YYYY-MM'),
  })
  .refine((c) => c.from <= c.to, { message: 'the first day must not be after the last', path: ['to'] })
  .refine((c) => c.issued >= c.to.slice(0, 7), { message: 'the credit cannot be issued before the offer ends', path: ['issued'] });

export const bonusSchema = z
  .object({
    /** First day of the purchases that count. */
    from: isoDate,
    /** Spend `firstSpend` from `from` to `firstTo` and earn `firstCredit`. */
    firstTo: isoDate,
    firstSpend: amount,
    firstCredit: amount,
    /** Spend `secondSpend` through `to` and earn `secondCredit` more. */
    to: isoDate,
    secondSpend: amount,
    secondCredit: amount,
  })
  .refine((b) => b.from <= b.firstTo, { message: 'the first step must not end before it starts', path: ['firstTo'] })
  .refine((b) => b.firstTo <= b.to, { message: 'the offer must not end before its first step', path: ['to'] });

export const promotionsSchema = z.object({ creditBack: creditBackSchema, bonus: bonusSchema });
export type Promotions = z.infer<typeof promotionsSchema>;

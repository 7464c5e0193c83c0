import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  codesFromMessage,
  codesMessage,
  duplicateCodes,
  enrolmentDateIssues,
  enrolmentFormSchema,
  latestEnrolmentDate,
  fractionToPercent,
  itemCodesAddBodySchema,
  itemCodesFormSchema,
  isWellFormedItemCode,
  milestoneOrderIssue,
  normaliseItemCode,
  parseItemCodeImport,
  percentToFraction,
  programAddBodySchema,
  templateFormSchema,
  templateFormToBody,
} from './index';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('enrolment form (LOY-07, LOY-08)', () => {
  const schema = enrolmentFormSchema('20261122');
  const base = { custNo: '10001', loyaltyProgramSeq: '3' };
  it('requires every field and MM/DD/YYYY real dates', () => {
    expect(issues(schema.safeParse({ custNo: '', loyaltyProgramSeq: '', startDate: '', endDate: '' })).map((i) => i[0])).toEqual([
      'custNo',
      'loyaltyProgramSeq',
      'startDate',
      'endDate',
    ]);
    expect(issues(schema.safeParse({ ...base, startDate: '02/30/2026', endDate: '2026-12-01' }))).toEqual([
      ['startDate', 'date-format|format=MM/DD/YYYY'],
      ['endDate', 'date-format|format=MM/DD/YYYY'],
    ]);
  });
  it('expiration not in the past (even while the enrolment date is wrong), not before the enrolment date; today is fine', () => {
    expect(issues(schema.safeParse({ ...base, startDate: 'x', endDate: '11/21/2026' }))).toContainEqual(['endDate', 'past-date']);
    expect(issues(schema.safeParse({ ...base, startDate: '12/10/2026', endDate: '12/01/2026' }))).toEqual([
      ['endDate', 'expiration-after-enrolment'],
    ]);
    expect(schema.safeParse({ ...base, startDate: '01/01/2026', endDate: '11/22/2026' }).success).toBe(true);
  });
  it('no date more than the configured years ahead: 12/31/9999 is refused with the number of years (date-too-far)', () => {
    expect(issues(schema.safeParse({ ...base, startDate: '11/22/2026', endDate: '12/31/9999' }))).toEqual([
      ['endDate', 'date-too-far|years=5'],
    ]);
    expect(issues(enrolmentFormSchema('20261122', 2).safeParse({ ...base, startDate: '11/23/2028', endDate: '11/23/2028' }))).toEqual([
      ['startDate', 'date-too-far|years=2'],
      ['endDate', 'date-too-far|years=2'],
    ]);
    expect(enrolmentFormSchema('20261122', 2).safeParse({ ...base, startDate: '11/22/2028', endDate: '11/22/2028' }).success).toBe(true);
    expect(enrolmentDateIssues('20261122', '99991231', '20261122')).toEqual([{ field: 'end_date', code: 'date-too-far' }]);
    // February 29 plus a year that has none: the 28th.
    expect(latestEnrolmentDate('20280229', 1)).toBe('20290228');
  });
  it('the server rule gives the same answers on YYYYMMDD', () => {
    expect(enrolmentDateIssues('20260101', '20261121', '20261122')).toEqual([{ field: 'end_date', code: 'past-date' }]);
    expect(enrolmentDateIssues('20261210', '20261201', '20261122')).toEqual([{ field: 'end_date', code: 'expiration-after-enrolment' }]);
    expect(enrolmentDateIssues('20261122', '20261122', '20261122')).toEqual([]);
  });
});

describe('milestones (LOY-14, LOY-15, LOY-16)', () => {
  it('target spend must increase (ALP10); a rate must be above the earlier rate (ALP09)', () => {
    expect(milestoneOrderIssue([{ amount: 10, rate: 0.01, cap: null }])).toBeNull();
    expect(
      milestoneOrderIssue([
        { amount: 10, rate: 0.01, cap: null },
        { amount: 10, rate: 0.02, cap: null },
      ]),
    ).toEqual({ code: 'ALP10', index: 1, field: 'amount' });
    expect(
      milestoneOrderIssue([
        { amount: 10, rate: 0.02, cap: null },
        { amount: 20, rate: 0.01, cap: null },
      ]),
    ).toEqual({ code: 'ALP09', index: 1, field: 'rate', reason: 'not-increasing', previousIndex: 0, previous: 0.02 });
  });

  it('rates and caps must increase by milestone: equal rates or caps are refused (ALP09, not-increasing), in the body and the form', () => {
    expect(
      milestoneOrderIssue([
        { amount: 1_000, rate: 0.02, cap: null },
        { amount: 2_000, rate: 0.02, cap: null },
      ]),
    ).toEqual({ code: 'ALP09', index: 1, field: 'rate', reason: 'not-increasing', previousIndex: 0, previous: 0.02 });
    // Compared with the nearest earlier milestone of the same kind, across a milestone of the other kind.
    expect(
      milestoneOrderIssue([
        { amount: 1_000, rate: null, cap: 20 },
        { amount: 2_000, rate: 0.02, cap: null },
        { amount: 3_000, rate: null, cap: 20 },
      ]),
    ).toMatchObject({ code: 'ALP09', index: 2, field: 'cap', reason: 'not-increasing', previousIndex: 0, previous: 20 });
    expect(
      milestoneOrderIssue([
        { amount: 1_000, rate: 0.02, cap: null },
        { amount: 2_000, rate: 0.0201, cap: null },
      ]),
    ).toBeNull();
    const body = {
      fc_loyalty_program: { loyalty_program_name: 'Flat', currency_config: 0 },
      fc_loyalty_program_milestones: [
        { milestone_no: 1, milestone_amount: 1_000, milestone_rate: 0.02, milestone_cap: null },
        { milestone_no: 2, milestone_amount: 2_000, milestone_rate: 0.02, milestone_cap: null },
      ],
    };
    expect(issues(programAddBodySchema.safeParse(body))).toEqual([
      [
        'fc_loyalty_program_milestones.1.milestone_rate',
        'ALP09|milestone=2&reason=not-increasing&kind=rate&previousMilestone=1&previous=0.02',
      ],
    ]);
    const form = {
      loyaltyProgramName: 'Flat',
      currencyConfig: '0',
      bundleSeq: '',
      bundleType: '',
      milestones: [
        { isCap: false, rate: '2', amount: '1000', cap: '' },
        { isCap: false, rate: '2', amount: '2000', cap: '' },
      ],
    };
    expect(issues(templateFormSchema.safeParse(form))).toEqual([
      ['milestones.1.rate', 'ALP09|milestone=2&reason=not-increasing&kind=rate&previousMilestone=1&previous=0.02'],
    ]);
  });

  it('a cap after a rate, or a rate after a cap, must not pay less than the milestone below just before it (ALP09)', () => {
    // 5 % from 2,500 pays 250.00 at 4,999.99; a 200 cap from 5,000 would pay less for more spend.
    expect(
      milestoneOrderIssue([
        { amount: 2_500, rate: 0.05, cap: null },
        { amount: 5_000, rate: null, cap: 200 },
      ]),
    ).toEqual({ code: 'ALP09', index: 1, field: 'cap', pays: 200, paidBelow: 250 });
    // A 500 cap from 1,000 then 1 % from 2,000: 500 then 20.
    expect(
      milestoneOrderIssue([
        { amount: 1_000, rate: null, cap: 500 },
        { amount: 2_000, rate: 0.01, cap: null },
      ]),
    ).toEqual({ code: 'ALP09', index: 1, field: 'rate', pays: 20, paidBelow: 500 });
    // Paying exactly what was paid just below is not a decrease: 250 cap from 5,000 after 5 % (250.00 at 4,999.99).
    expect(
      milestoneOrderIssue([
        { amount: 2_500, rate: 0.05, cap: null },
        { amount: 5_000, rate: null, cap: 250 },
        { amount: 6_000, rate: 0.0517, cap: null },
      ]),
    ).toBeNull();
    // A lower rate is refused as not increasing: 2 % then 1.5 % from 2,000.
    expect(
      milestoneOrderIssue([
        { amount: 1_000, rate: 0.02, cap: null },
        { amount: 2_000, rate: 0.015, cap: null },
      ]),
    ).toEqual({ code: 'ALP09', index: 1, field: 'rate', reason: 'not-increasing', previousIndex: 0, previous: 0.02 });
  });

  it('every offending milestone is reported on its own row, in milestone_no order, by the body schema', () => {
    const body = (milestones: { no: number; amount: number; rate?: number; cap?: number }[]) => ({
      fc_loyalty_program: { loyalty_program_name: 'Order', currency_config: 0 },
      fc_loyalty_program_milestones: milestones.map((m) => ({
        milestone_no: m.no,
        milestone_amount: m.amount,
        milestone_rate: m.rate ?? null,
        milestone_cap: m.cap ?? null,
      })),
    });
    // Sent out of order: milestone 2 (first in the body) pays a 200 cap where milestone 1's 5 % paid 250.
    expect(
      issues(
        programAddBodySchema.safeParse(
          body([
            { no: 2, amount: 5_000, cap: 200 },
            { no: 1, amount: 2_500, rate: 0.05 },
            { no: 3, amount: 6_000, rate: 0.01 },
          ]),
        ),
      ),
    ).toEqual([
      ['fc_loyalty_program_milestones.0.milestone_cap', 'ALP09|milestone=2&pays=200.00&paidBelow=250.00'],
      [
        'fc_loyalty_program_milestones.2.milestone_rate',
        'ALP09|milestone=3&reason=not-increasing&kind=rate&previousMilestone=1&previous=0.05',
      ],
    ]);
    expect(
      issues(
        programAddBodySchema.safeParse(
          body([
            { no: 1, amount: 100, rate: 0.01 },
            { no: 2, amount: 100, rate: 0.02 },
            { no: 3, amount: 50, rate: 0.03 },
          ]),
        ),
      ),
    ).toEqual([
      ['fc_loyalty_program_milestones.1.milestone_amount', 'ALP10'],
      ['fc_loyalty_program_milestones.2.milestone_amount', 'ALP10'],
    ]);
  });

  it('a cap may not be more than its own target spend (ALP09 on the cap): no milestone pays back more than its spend', () => {
    const one = (amount: number, cap: number) =>
      issues(
        programAddBodySchema.safeParse({
          fc_loyalty_program: { loyalty_program_name: 'Cap', currency_config: 0 },
          fc_loyalty_program_milestones: [{ milestone_no: 1, milestone_amount: amount, milestone_rate: null, milestone_cap: cap }],
        }),
      );
    expect(one(1_000, 1_000)).toEqual([]);
    expect(one(1_000, 1_000.01)).toEqual([['fc_loyalty_program_milestones.0.milestone_cap', 'ALP09|reason=cap-above-target']]);
    const form = { loyaltyProgramName: 'Gold', currencyConfig: '0', bundleSeq: '', bundleType: '' };
    expect(
      issues(templateFormSchema.safeParse({ ...form, milestones: [{ isCap: true, rate: '', amount: '500.00', cap: '500.50' }] })),
    ).toEqual([['milestones.0.cap', 'ALP09|reason=cap-above-target']]);
  });

  it('a rate has at most 6 decimals as a fraction (4 as a percent): more would be rounded away on storage', () => {
    const one = (rate: number) =>
      issues(
        programAddBodySchema.safeParse({
          fc_loyalty_program: { loyalty_program_name: 'Rate', currency_config: 0 },
          fc_loyalty_program_milestones: [{ milestone_no: 1, milestone_amount: 10, milestone_rate: rate, milestone_cap: null }],
        }),
      );
    expect(one(0.123456)).toEqual([]);
    expect(one(0.015)).toEqual([]);
    expect(one(0.1234567)).toEqual([
      ['fc_loyalty_program_milestones.0.milestone_rate', 'rate-decimals|field=milestone_rate&max=6&percent=4'],
    ]);
  });

  it('the form: a rate or a cap by the checkbox, two-decimal amounts in range, rate 0 to 100; the order rule marks the milestone', () => {
    const form = { loyaltyProgramName: 'Gold', currencyConfig: '0', bundleSeq: '', bundleType: '' };
    expect(
      issues(
        templateFormSchema.safeParse({
          ...form,
          milestones: [
            { isCap: false, rate: '101', amount: '0', cap: '' },
            { isCap: true, rate: '', amount: '10.123', cap: '' },
          ],
        }),
      ),
    ).toEqual([
      ['milestones.0.amount', 'range|min=0.01&max=999999999999.99'],
      ['milestones.0.rate', 'range|min=0&max=100'],
      ['milestones.1.amount', 'two-decimals'],
      ['milestones.1.cap', 'required'],
    ]);
    expect(
      issues(
        templateFormSchema.safeParse({
          ...form,
          milestones: [
            { isCap: false, rate: '2', amount: '100', cap: '' },
            { isCap: false, rate: '3', amount: '50', cap: '' },
          ],
        }),
      ),
    ).toEqual([['milestones.1.amount', 'ALP10']]);
    // ALP09 on the row that pays less: its cap (5 % typed as a percent pays 250.00 just below 5,000).
    expect(
      issues(
        templateFormSchema.safeParse({
          ...form,
          milestones: [
            { isCap: false, rate: '5', amount: '2500.00', cap: '' },
            { isCap: true, rate: '', amount: '5000.00', cap: '200.00' },
            { isCap: true, rate: '', amount: '6000.00', cap: '300.00' },
          ],
        }),
      ),
    ).toEqual([['milestones.1.cap', 'ALP09|milestone=2&pays=200.00&paidBelow=250.00']]);
    // The typed percent is compared as the fraction sent: 1 % pays 20.00 just below 2,000, so a 1,500 cap is above it.
    expect(
      templateFormSchema.safeParse({
        ...form,
        milestones: [
          { isCap: false, rate: '1', amount: '1000', cap: '' },
          { isCap: true, rate: '', amount: '2000', cap: '1500' },
        ],
      }).success,
    ).toBe(true);
    expect(
      issues(templateFormSchema.safeParse({ ...form, bundleSeq: '4', milestones: [{ isCap: false, rate: '1', amount: '1', cap: '' }] })),
    ).toEqual([['bundleType', 'required']]);
    expect(
      issues(templateFormSchema.safeParse({ ...form, loyaltyProgramName: 'x'.repeat(21), currencyConfig: '', milestones: [] })).map(
        (i) => i[0],
      ),
    ).toEqual(['loyaltyProgramName', 'currencyConfig', 'milestones']);
  });

  it('the form becomes a body the server schema accepts: rate as a fraction, numbered from 1, the other value null', () => {
    const body = templateFormToBody({
      loyaltyProgramName: ' Gold ',
      currencyConfig: '1',
      bundleSeq: '7',
      bundleType: 'Include',
      milestones: [
        { isCap: false, rate: '2.55', amount: '1000.00', cap: '' },
        { isCap: true, rate: '', amount: '5000', cap: '150.5' },
      ],
    });
    expect(body).toEqual({
      fc_loyalty_program: { loyalty_program_name: 'Gold', bundle_seq: 7, bundle_type: 'Include', currency_config: 1 },
      fc_loyalty_program_milestones: [
        { milestone_no: 1, milestone_rate: 0.0255, milestone_amount: 1000, milestone_cap: null },
        { milestone_no: 2, milestone_rate: null, milestone_amount: 5000, milestone_cap: 150.5 },
      ],
    });
    expect(programAddBodySchema.safeParse(body).success).toBe(true);
  });

  it('percent and fraction convert without binary noise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (hundredths) => {
        const percent = hundredths / 100;
        return fractionToPercent(percentToFraction(percent)) === percent;
      }),
    );
  });
});

describe('item codes (LOY-21, LOY-22, LOY-23)', () => {
  it('pads codes shorter than 5 with zeros and upper-cases them', () => {
    expect(['1', 'ab', '123', '12345', ' 7 '].map(normaliseItemCode)).toEqual(['00001', '000AB', '00123', '12345', '00007']);
  });
  it('flags each repeated row of the form with ALB15, after padding', () => {
    const r = itemCodesFormSchema.safeParse({
      rows: [
        { itemCode: '1', description: '' },
        { itemCode: '00001', description: '' },
        { itemCode: '2', description: '' },
      ],
      comment: '',
    });
    expect(issues(r)).toEqual([
      ['rows.0.itemCode', 'ALB15'],
      ['rows.1.itemCode', 'ALB15'],
    ]);
    expect(issues(itemCodesFormSchema.safeParse({ rows: [], comment: '' }))).toEqual([['rows', 'required']]);
    const many = Array.from({ length: 251 }, (_, i) => ({ itemCode: String(i), description: '' }));
    expect(issues(itemCodesFormSchema.safeParse({ rows: many, comment: '' }))).toEqual([['rows', 'max-item-codes|max=250']]);
  });
  it('the add call takes any code text, padded as the form pads it; its format is the server ALB16', () => {
    const r = itemCodesAddBodySchema.safeParse({ item_codes: ['a-1', { item_code: ' 12 ' }, '123456'] });
    expect(r.success && r.data.item_codes.map((c) => c.item_code)).toEqual(['00A-1', '00012', '123456']);
    expect(['00A-1', '00012', '123456', '0000É'].map(isWellFormedItemCode)).toEqual([false, true, false, false]);
  });
  it('reads the codes of an ALB15/ALB16 message and builds it the same way', () => {
    expect(codesFromMessage('Invalid or already in bundle: 00012,00AB1')).toEqual(['00012', '00AB1']);
    expect(codesFromMessage(codesMessage('Duplicate item codes', ['00001']))).toEqual(['00001']);
    expect(codesFromMessage('no codes here')).toEqual([]);
    expect(duplicateCodes(['a', 'b', 'a', 'c', 'b', 'a'])).toEqual(['a', 'b']);
  });
  it('checks an import file row by row: header, format, length, repeats', () => {
    const parsed = parseItemCodeImport([
      ['Item Code', 'Description'],
      ['1', 'One'],
      ['', 'Missing'],
      ['A-1', 'Bad'],
      ['00001', 'Again'],
      ['2', 'd'.repeat(201)],
      ['3'],
    ]);
    expect(parsed.codes).toEqual([
      { row: 2, itemCode: '00001', description: 'One' },
      { row: 7, itemCode: '00003', description: null },
    ]);
    expect(parsed.errors.map((e) => [e.row, e.code])).toEqual([
      [3, 'required'],
      [4, 'ALB16'],
      [5, 'ALB15'],
      [6, 'maxLength'],
    ]);
    expect(parseItemCodeImport([['code'], ['1']]).errors[0]!.code).toBe('import-header');
  });
});

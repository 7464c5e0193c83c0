import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { TEMPLATE_SORT_FIELDS } from '@fc/contract/loyalty';
import { auditLog, loyaltyMilestones, loyaltyPrograms } from '../../src/db/schema/index';
import { api } from '../helpers/http';
import { fileApp, signInAll } from '../helpers/demo-app';
import { attrs, codes, createBundle, createTemplate, day, enrol, pointerOf, templateBody } from './helpers';

const t = fileApp();
let corp: string;
let corpview: string;

beforeAll(async () => {
  [corp, corpview] = await signInAll(t.app, ['corp', 'corpview']);
});

const add = (body: unknown) => api(t.app, corp).post('/fc-common-api/loyalty/program/add', body);
const update = (body: unknown) => api(t.app, corp).post('/fc-common-api/loyalty/program/update', body);

describe('POST /fc-common-api/loyalty/program/add', () => {
  it('stores the template and its milestones (rate as a fraction, cap), numbered from 1; audited', async () => {
    const res = await add(
      templateBody('Rate and cap', [
        { amount: 1000, rate: 0.015 },
        { amount: 2500.5, cap: 100.25 },
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data[0].attributes).toMatchObject({ status: 'success', success: true });
    const seq = Number(res.body.data[0].attributes['loyalty-program-seq']);
    const ms = await t.db
      .select()
      .from(loyaltyMilestones)
      .where(eq(loyaltyMilestones.loyaltyProgramSeq, seq))
      .orderBy(asc(loyaltyMilestones.milestoneNo));
    expect(ms.map((m) => [m.milestoneNo, m.amount, m.rate, m.cap])).toEqual([
      [1, '1000.00', '0.015000', null],
      [2, '2500.50', null, '100.25'],
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'loyalty_program'), eq(auditLog.entityId, String(seq))));
    expect(audit).toMatchObject({ entity: 'loyalty_program', action: 'create', username: 'corp' });

    const details = await api(t.app, corpview).get('/fc-common-api/loyalty/program', { loyalty_program_seq: seq });
    expect(details.status).toBe(200);
    expect(details.body.data[0].attributes).toMatchObject({
      'loyalty-program-name': 'Rate and cap',
      'loyalty-program-status': 'Active',
      'currency-config': 0,
      'loyalty-program-bundle-seq': null,
      'loyalty-program-bundle-type': null,
      milestones: [
        { number: 1, rate: 0.015, amount: 1000, cap: null },
        { number: 2, rate: null, amount: 2500.5, cap: 100.25 },
      ],
      'active-enrollees': 0,
      'latest-end-date': null,
      'edit-allowed': 'Y',
    });
  });

  it('name: required, at most 20 characters, unique in any case (ALP18 on the name)', async () => {
    let res = await add(templateBody(''));
    expect(res.status).toBe(400);
    expect(pointerOf(res.body, 'required')).toBe('/fc_loyalty_program/loyalty_program_name');
    res = await add(templateBody('x'.repeat(21)));
    expect(pointerOf(res.body, 'maxLength')).toBe('/fc_loyalty_program/loyalty_program_name');
    expect((await add(templateBody('x'.repeat(20)))).status).toBe(200);
    res = await add(templateBody('RATE AND CAP'));
    expect(codes(res.body)).toEqual(['ALP18']);
    expect(pointerOf(res.body, 'ALP18')).toBe('/fc_loyalty_program/loyalty_program_name');
  });

  it('currency config is required, 0 or 1', async () => {
    let res = await add(templateBody('No currency', undefined, { currency_config: null }));
    expect(pointerOf(res.body, 'required')).toBe('/fc_loyalty_program/currency_config');
    res = await add(templateBody('Bad currency', undefined, { currency_config: 2 }));
    expect(pointerOf(res.body, 'invalid')).toBe('/fc_loyalty_program/currency_config');
    expect((await add(templateBody('CAD one', undefined, { currency_config: '1' }))).status).toBe(200);
  });

  it('bundle and bundle type are each required when the other is set; the bundle must exist and be active (ALP33)', async () => {
    const bundle = await createBundle(t.app, corp, 'Filters');
    let res = await add(templateBody('Bundle only', undefined, { bundle_seq: bundle }));
    expect(pointerOf(res.body, 'required')).toBe('/fc_loyalty_program/bundle_type');
    res = await add(templateBody('Type only', undefined, { bundle_type: 'Include' }));
    expect(pointerOf(res.body, 'required')).toBe('/fc_loyalty_program/bundle_seq');
    res = await add(templateBody('Bad type', undefined, { bundle_seq: bundle, bundle_type: 'Maybe' }));
    expect(pointerOf(res.body, 'invalid')).toBe('/fc_loyalty_program/bundle_type');
    res = await add(templateBody('No such bundle', undefined, { bundle_seq: 999999, bundle_type: 'Include' }));
    expect(codes(res.body)).toEqual(['ALP33']);
    expect(pointerOf(res.body, 'ALP33')).toBe('/fc_loyalty_program/bundle_seq');
    const retired = await createBundle(t.app, corp, 'Retired bundle');
    expect((await api(t.app, corp).post('/fc-common-api/loyalty/bundle/deactivate', { bundle_seq: retired })).status).toBe(200);
    expect(codes((await add(templateBody('Inactive bundle', undefined, { bundle_seq: retired, bundle_type: 'Exclude' }))).body)).toEqual([
      'ALP33',
    ]);
    res = await add(templateBody('With bundle', undefined, { bundle_seq: bundle, bundle_type: 'Exclude' }));
    expect(res.status).toBe(200);
    const details = await api(t.app, corp).get('/fc-common-api/loyalty/program', {
      loyalty_program_seq: res.body.data[0].attributes['loyalty-program-seq'],
    });
    expect(details.body.data[0].attributes).toMatchObject({
      'loyalty-program-bundle-seq': bundle,
      'loyalty-program-bundle-type': 'Exclude',
      'bundle-name': 'Filters',
    });
  });

  it('milestones: at least one; rate 0 to 1 (fraction), target and cap 0.01 to 999999999999.99 with two decimals; rate or cap', async () => {
    expect(pointerOf((await add(templateBody('None', []))).body, 'required')).toBe('/fc_loyalty_program_milestones');
    const cases: [unknown, string, string][] = [
      [{ amount: 0, rate: 0.01 }, 'range', 'milestone_amount'],
      [{ amount: 1_000_000_000_000, rate: 0.01 }, 'range', 'milestone_amount'],
      [{ amount: 10.001, rate: 0.01 }, 'two-decimals', 'milestone_amount'],
      [{ amount: 100, rate: 1.01 }, 'range', 'milestone_rate'],
      [{ amount: 100, rate: -0.01 }, 'range', 'milestone_rate'],
      [{ amount: 100, cap: 0 }, 'range', 'milestone_cap'],
      [{ amount: 100, cap: 1.005 }, 'two-decimals', 'milestone_cap'],
      [{ amount: 100 }, 'rate-or-cap', 'milestone_rate'],
      [{ amount: 100, rate: 0.1, cap: 5 }, 'rate-or-cap', 'milestone_cap'],
    ];
    for (const [m, code, field] of cases) {
      const res = await add(templateBody('Edge', [m as { amount: number }]));
      expect(res.status, JSON.stringify(m)).toBe(400);
      expect(pointerOf(res.body, code), JSON.stringify(m)).toBe(`/fc_loyalty_program_milestones/0/${field}`);
    }
    expect(
      (
        await add(
          templateBody('Limits', [
            { amount: 0.01, rate: 0 },
            { amount: 999_999_999_999.99, rate: 1 },
          ]),
        )
      ).status,
    ).toBe(200);
  });

  it('target spend must increase by milestone (ALP10); each milestone must pay at least what the one before paid just below it (ALP09)', async () => {
    let res = await add(
      templateBody('Down', [
        { amount: 1000, rate: 0.01 },
        { amount: 1000, rate: 0.02 },
      ]),
    );
    expect(codes(res.body)).toEqual(['ALP10']);
    expect(pointerOf(res.body, 'ALP10')).toBe('/fc_loyalty_program_milestones/1/milestone_amount');
    res = await add(
      templateBody('Rate down', [
        { amount: 1000, rate: 0.02 },
        { amount: 2000, rate: 0.0199 },
      ]),
    );
    expect(codes(res.body)).toEqual(['ALP09']);
    expect(pointerOf(res.body, 'ALP09')).toBe('/fc_loyalty_program_milestones/1/milestone_rate');
    res = await add(
      templateBody('Cap down', [
        { amount: 1000, cap: 50 },
        { amount: 2000, rate: 0.05 },
        { amount: 3000, cap: 140 },
      ]),
    );
    // 5 % pays 150.00 at 2,999.99: a 140 cap at 3,000 would pay less for more spend.
    expect(codes(res.body)).toEqual(['ALP09']);
    expect(pointerOf(res.body, 'ALP09')).toBe('/fc_loyalty_program_milestones/2/milestone_cap');
    // A rate milestone after a cap milestone, and a cap after a rate, compare what they pay, not rate with rate.
    res = await add(
      templateBody('Rate then cap', [
        { amount: 2500, rate: 0.05 },
        { amount: 5000, cap: 200 },
      ]),
    );
    expect(codes(res.body)).toEqual(['ALP09']);
    expect(pointerOf(res.body, 'ALP09')).toBe('/fc_loyalty_program_milestones/1/milestone_cap');
    res = await add(
      templateBody('Cap then rate', [
        { amount: 1000, cap: 500 },
        { amount: 2000, rate: 0.01 },
      ]),
    );
    expect(codes(res.body)).toEqual(['ALP09']);
    expect(pointerOf(res.body, 'ALP09')).toBe('/fc_loyalty_program_milestones/1/milestone_rate');
    // Nothing was stored for the refused bodies.
    const names = (await t.db.select({ name: loyaltyPrograms.name }).from(loyaltyPrograms)).map((r) => r.name);
    expect(names.filter((n) => ['Rate down', 'Cap down', 'Rate then cap', 'Cap then rate'].includes(n))).toEqual([]);
    // Mixed rates and caps are fine when each milestone pays at least what was paid just below it.
    expect(
      (
        await add(
          templateBody('Mixed up', [
            { amount: 1000, cap: 50 },
            { amount: 2000, rate: 0.05 },
            { amount: 3000, cap: 400 },
            { amount: 4000, rate: 0.1 },
          ]),
        )
      ).status,
    ).toBe(200);
  });

  it('rates and caps must increase by milestone: 2 % at 1,000 then 2 % at 2,000 is refused (ALP09 on the second rate), nothing stored', async () => {
    let res = await add(
      templateBody('Flat rate', [
        { amount: 1000, rate: 0.02 },
        { amount: 2000, rate: 0.02 },
      ]),
    );
    expect(res.status).toBe(400);
    expect(codes(res.body)).toEqual(['ALP09']);
    expect(pointerOf(res.body, 'ALP09')).toBe('/fc_loyalty_program_milestones/1/milestone_rate');
    res = await add(
      templateBody('Flat cap', [
        { amount: 1000, cap: 100 },
        { amount: 2000, rate: 0.06 },
        { amount: 3000, cap: 100 },
      ]),
    );
    expect(codes(res.body)).toEqual(['ALP09']);
    expect(pointerOf(res.body, 'ALP09')).toBe('/fc_loyalty_program_milestones/2/milestone_cap');
    const names = (await t.db.select({ name: loyaltyPrograms.name }).from(loyaltyPrograms)).map((r) => r.name);
    expect(names.filter((n) => n === 'Flat rate' || n === 'Flat cap')).toEqual([]);
    res = await add(
      templateBody('Rising rate', [
        { amount: 1000, rate: 0.02 },
        { amount: 2000, rate: 0.0201 },
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('"total spend must not exceed the cap": a cap may not be above its own target spend (ALP09 on that cap)', async () => {
    const res = await add(
      templateBody('Cap over spend', [
        { amount: 1000, rate: 0.01 },
        { amount: 2000, cap: 2000.01 },
      ]),
    );
    expect(res.status).toBe(400);
    expect(codes(res.body)).toEqual(['ALP09']);
    expect(pointerOf(res.body, 'ALP09')).toBe('/fc_loyalty_program_milestones/1/milestone_cap');
    expect(
      (
        await add(
          templateBody('Cap at spend', [
            { amount: 1000, rate: 0.01 },
            { amount: 2000, cap: 2000 },
          ]),
        )
      ).status,
    ).toBe(200);
  });

  it('the milestone order is read by milestone_no, whatever the order of the body', async () => {
    const res = await add({
      fc_loyalty_program: { loyalty_program_name: 'Numbered', currency_config: 0 },
      fc_loyalty_program_milestones: [
        { milestone_no: 2, milestone_amount: 5000, milestone_rate: null, milestone_cap: 200 },
        { milestone_no: 1, milestone_amount: 2500, milestone_rate: 0.05, milestone_cap: null },
      ],
    });
    expect(codes(res.body)).toEqual(['ALP09']);
    expect(pointerOf(res.body, 'ALP09')).toBe('/fc_loyalty_program_milestones/0/milestone_cap');
  });

  it('a rate with more than 6 decimals (4 as a percent) is refused, not rounded on storage', async () => {
    const res = await add(templateBody('Fine rate', [{ amount: 100, rate: 0.0123456 }]));
    expect(res.status).toBe(400);
    expect(codes(res.body)).toEqual(['rate-decimals']);
    expect(pointerOf(res.body, 'rate-decimals')).toBe('/fc_loyalty_program_milestones/0/milestone_rate');
    const ok = await add(templateBody('Fine rate', [{ amount: 134288294.08, rate: 0.012345 }]));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const seq = Number(ok.body.data[0].attributes['loyalty-program-seq']);
    const [m] = await t.db.select().from(loyaltyMilestones).where(eq(loyaltyMilestones.loyaltyProgramSeq, seq));
    expect([m!.amount, m!.rate]).toEqual(['134288294.08', '0.012345']);
  });
});

describe('GET /fc-common-api/loyalty-programs', () => {
  it('rows with the section 3 fields; active list filtered and sorted by name; search; sort by a computed column', async () => {
    const res = await api(t.app, corpview).get('/fc-common-api/loyalty-programs', {
      'filter[loyalty_program_status]': 'Active',
      'filter[sort]': 'loyalty_program_name|asc',
      'page[size]': 100,
    });
    expect(res.status).toBe(200);
    const rows = attrs(res.body);
    expect(rows.every((r) => r['loyalty-program-status'] === 'Active')).toBe(true);
    const names = rows.map((r) => String(r['loyalty-program-name']).toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        'loyalty-program-seq',
        'loyalty-program-name',
        'loyalty-program-status',
        'milestone-count',
        'total-program-spending',
        'template-goal-spend',
        'total-payout',
        'currency-config',
        'active-enrollees',
        'edit-allowed',
      ].sort(),
    );
    expect(rows.find((r) => r['loyalty-program-name'] === 'Mixed up')).toMatchObject({
      'milestone-count': 4,
      'active-enrollees': 0,
      'edit-allowed': 'Y',
    });
    const cad = attrs((await api(t.app, corp).get('/fc-common-api/loyalty-programs', { 'filter[currency_config]': 1 })).body);
    expect(cad.map((r) => r['loyalty-program-name'])).toEqual(['CAD one']);
    const search = await api(t.app, corp).get('/fc-common-api/loyalty-programs', { 'filter[search]': 'rate and' });
    expect(attrs(search.body).map((r) => r['loyalty-program-name'])).toEqual(['Rate and cap']);
    expect(search.body.meta.record_count).toBe(1);
    const byCount = attrs((await api(t.app, corp).get('/fc-common-api/loyalty-programs', { 'filter[sort]': 'milestone_count|desc' })).body);
    expect(byCount[0]!['milestone-count']).toBe(4);
    expect((await api(t.app, corp).get('/fc-common-api/loyalty-programs', { 'filter[loyalty_program_status]': 'Maybe' })).status).toBe(400);
  });

  it('every sort pages like the whole list sorted, page by page, with the record count; past the end no rows', async () => {
    const list = (query: Record<string, string | number>) => api(t.app, corp).get('/fc-common-api/loyalty-programs', query);
    const n = (await list({})).body.meta.record_count as number;
    expect(n).toBeGreaterThanOrEqual(5);
    for (const field of TEMPLATE_SORT_FIELDS) {
      for (const direction of ['asc', 'desc']) {
        const sort = `${field}|${direction}`;
        const whole = attrs((await list({ 'filter[sort]': sort, 'page[size]': 100 })).body).map((r) => r['loyalty-program-seq']);
        const paged: unknown[] = [];
        for (let page = 1; page <= Math.ceil(n / 3); page++) {
          const res = await list({ 'filter[sort]': sort, 'page[size]': 3, 'page[number]': page });
          expect(res.body.meta.record_count, sort).toBe(n);
          paged.push(...attrs(res.body).map((r) => r['loyalty-program-seq']));
        }
        expect(paged, sort).toEqual(whole);
        expect(new Set(whole).size, sort).toBe(n);
      }
    }
    for (const sort of ['loyalty_program_name|asc', 'total_payout|desc']) {
      // A page past the last is answered as the last page (decision 0344).
      const past = await list({ 'filter[sort]': sort, 'page[size]': 3, 'page[number]': 99 });
      const last = await list({ 'filter[sort]': sort, 'page[size]': 3, 'page[number]': Math.ceil(n / 3) });
      expect(past.body.data).toEqual(last.body.data);
      expect(past.body.meta).toEqual(last.body.meta);
      expect(past.body.meta.pagination).toMatchObject({ current_page: Math.ceil(n / 3), to: n });
    }
  });

  it('programs_csv: a header and a row per template', async () => {
    const res = await api(t.app, corpview).get('/fc-common-api/loyalty/programs_csv', { 'filter[search]': 'rate and' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/loyalty-programs-\d{4}-\d{2}-\d{2}\.csv/);
    expect(res.text.trim().split('\n')).toEqual([
      'Program Name,Status,Milestone Count,Total Program Spending,Template Goal Spend,Total Payout,Currency Configuration,Active Enrollees',
      'Rate and cap,Active,2,0,0,0,USD,0',
    ]);
  });
});

describe('program/update, program_deactivate', () => {
  it('updates name, bundle and milestones of a template without active customers; audited with before and after', async () => {
    const seq = await createTemplate(t.app, corp, 'To edit');
    const res = await update({
      ...templateBody('Edited', [
        { amount: 100, rate: 0.01 },
        { amount: 200, cap: 5 },
      ]),
      fc_loyalty_program: { loyalty_program_seq: seq, loyalty_program_name: 'Edited', currency_config: 1 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await t.db.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.loyaltyProgramSeq, seq));
    expect(row).toMatchObject({ name: 'Edited', currencyConfig: 1 });
    expect(await t.db.select().from(loyaltyMilestones).where(eq(loyaltyMilestones.loyaltyProgramSeq, seq))).toHaveLength(2);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'update'));
    expect(audits.find((a) => a.entity === 'loyalty_program' && a.entityId === String(seq))?.before).toMatchObject({ name: 'To edit' });
  });

  it('ALP06 for an unknown template; loyalty_program_seq required; ALP18 against another template; own name kept is fine', async () => {
    let res = await update({
      ...templateBody('Ghost'),
      fc_loyalty_program: { loyalty_program_seq: 987654, loyalty_program_name: 'Ghost', currency_config: 0 },
    });
    expect(codes(res.body)).toEqual(['ALP06']);
    expect(pointerOf(res.body, 'ALP06')).toBe('/fc_loyalty_program/loyalty_program_name');
    res = await update(templateBody('No seq'));
    expect(pointerOf(res.body, 'required')).toBe('/fc_loyalty_program/loyalty_program_seq');
    const seq = await createTemplate(t.app, corp, 'Keep name');
    res = await update({
      ...templateBody('x'),
      fc_loyalty_program: { loyalty_program_seq: seq, loyalty_program_name: 'Edited', currency_config: 0 },
    });
    expect(codes(res.body)).toEqual(['ALP18']);
    res = await update({
      ...templateBody('x'),
      fc_loyalty_program: { loyalty_program_seq: seq, loyalty_program_name: 'KEEP NAME', currency_config: 0 },
    });
    expect(res.status).toBe(200);
  });

  it('a template with active customers cannot be modified (ALP30, editAllowed N); deactivation shows enrollees and latest end date', async () => {
    const seq = await createTemplate(t.app, corp, 'Busy');
    expect((await enrol(t.app, corp, 10001, seq, day(-1), day(40))).status).toBe(200);
    expect((await enrol(t.app, corp, 10004, seq, day(-1), day(70))).status).toBe(200);
    const res = await update({
      ...templateBody('Busy 2'),
      fc_loyalty_program: { loyalty_program_seq: seq, loyalty_program_name: 'Busy 2', currency_config: 0 },
    });
    expect(codes(res.body)).toEqual(['ALP30']);
    expect(pointerOf(res.body, 'ALP30')).toBe('/fc_loyalty_program/loyalty_program_name');
    const row = attrs((await api(t.app, corp).get('/fc-common-api/loyalty-programs', { 'filter[search]': 'Busy' })).body)[0]!;
    expect(row).toMatchObject({ 'active-enrollees': 2, 'edit-allowed': 'N' });
    const details = (await api(t.app, corp).get('/fc-common-api/loyalty/program', { loyalty_program_seq: seq })).body.data[0].attributes;
    const end = day(70);
    expect(details).toMatchObject({
      'active-enrollees': 2,
      'latest-end-date': `${end.slice(0, 4)}-${end.slice(4, 6)}-${end.slice(6)}`,
      'edit-allowed': 'N',
    });

    const off = await api(t.app, corp).post('/fc-common-api/loyalty/program_deactivate', { loyalty_program_seq: seq });
    expect(off.status).toBe(200);
    expect(off.body.data[0].attributes).toMatchObject({ status: 'success', success: true });
    const after = attrs((await api(t.app, corp).get('/fc-common-api/loyalty-programs', { 'filter[search]': 'Busy' })).body)[0]!;
    expect(after).toMatchObject({ 'loyalty-program-status': 'Inactive', 'active-enrollees': 2 });
    // Only an active template can be deactivated or changed.
    expect(codes((await api(t.app, corp).post('/fc-common-api/loyalty/program_deactivate', { loyalty_program_seq: seq })).body)).toEqual([
      'program-inactive',
    ]);
    expect((await api(t.app, corp).post('/fc-common-api/loyalty/program_deactivate', { loyalty_program_seq: 987654 })).status).toBe(404);
    const inactive = await createTemplate(t.app, corp, 'Idle');
    await api(t.app, corp).post('/fc-common-api/loyalty/program_deactivate', { loyalty_program_seq: inactive });
    const edit = await update({
      ...templateBody('Idle'),
      fc_loyalty_program: { loyalty_program_seq: inactive, loyalty_program_name: 'Idle', currency_config: 0 },
    });
    expect(codes(edit.body)).toEqual(['program-inactive']);
  });

  it('GET /fc-common-api/loyalty/program: 404 ALP06 for an unknown template, 400 without the parameter', async () => {
    const res = await api(t.app, corp).get('/fc-common-api/loyalty/program', { loyalty_program_seq: 987654 });
    expect(res.status).toBe(404);
    expect(codes(res.body)).toEqual(['ALP06']);
    expect((await api(t.app, corp).get('/fc-common-api/loyalty/program')).status).toBe(400);
  });
});

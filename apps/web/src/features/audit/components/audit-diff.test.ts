import { renderHook } from '@testing-library/react';
import { Suspense, createElement, type ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n, { i18nReady, switchLanguage } from '@/lib/i18n';
import { AUDIT_NAMESPACES } from '../api/namespaces';
import { diffOf } from './audit-diff';
import { auditValueText, useAuditReader, type AuditReader } from './audit-values';

describe('the changes of an audit entry', () => {
  it('shows a changed time in the specification’s MM/dd/yyyy HH:mm:ss, not as the server wrote it', () => {
    const [change] = diffOf({ updated_at: '2026-11-26T15:29:41.970Z' }, { updated_at: '2026-11-26T15:31:06.010Z' });
    expect(change!.before).toMatch(/^11\/26\/2026 \d{2}:\d{2}:41$/);
    expect(change!.after).toMatch(/^11\/26\/2026 \d{2}:\d{2}:06$/);
  });

  it('formats the times inside a list of values too (a bundle’s item codes and their dateAdded)', () => {
    const [change] = diffOf({ itemCodes: [] }, { itemCodes: [{ itemCode: '00103', dateAdded: '2026-11-26T18:20:53.013Z' }] });
    expect(change!.after).toMatch(/^\[\{"itemCode":"00103","dateAdded":"11\/26\/2026 \d{2}:\d{2}:53"\}\]$/);
    expect(change!.after).not.toContain('2026-11-26T');
  });

  it('leaves other texts as they are', () => {
    expect(diffOf({ name: 'A' }, { name: '2026-11-26' })).toEqual([{ key: 'name', before: 'A', after: '2026-11-26' }]);
  });
});

const wrapper = ({ children }: { children: ReactNode }) => createElement(Suspense, { fallback: null }, children);

async function readerIn(lng: 'en-us' | 'es' | 'fr'): Promise<AuditReader> {
  await switchLanguage(lng);
  await i18n.loadNamespaces([...AUDIT_NAMESPACES, 'common']);
  return renderHook(() => useAuditReader(), { wrapper }).result.current;
}

/** The changes of a record of `entity` as the page shows them to a reader of `lng`, as `key: before → after`. */
async function shown(lng: 'en-us' | 'es' | 'fr', entity: string, before: unknown, after: unknown) {
  const text = auditValueText(entity, await readerIn(lng));
  return diffOf(before, after, text).map((c) => (c.before ? `${c.key}: ${c.before} → ${c.after}` : `${c.key}: ${c.after}`));
}

beforeAll(async () => {
  await i18nReady;
});
afterAll(async () => {
  await switchLanguage('en-us');
});

describe('audit values in the reader’s language', { timeout: 30_000 }, () => {
  const enrolment = (status: string) => ({ custNo: 10004, startDate: '2027-02-25', endDate: '2027-03-31', status, finalPayout: null });

  it.each([
    ['en-us', 'status: Pre-enrolled → Unenrolled'],
    ['es', 'status: Preinscrito → Dado de baja'],
    ['fr', 'status: Pré-inscrit → Désinscrit'],
  ] as const)('an enrolment’s status as the loyalty pages name it (%s)', async (lng, expected) => {
    expect(await shown(lng, 'loyalty_enrolment', enrolment('Pre Enrolled'), enrolment('Unenrolled'))).toEqual([expected]);
  });

  it.each(['en-us', 'es', 'fr'] as const)('a calendar day as MM/dd/yyyy, not as stored (%s)', async (lng) => {
    expect(await shown(lng, 'loyalty_enrolment', null, { startDate: '2027-02-25', custNo: 10004 })).toEqual([
      'startDate: 02/25/2027',
      'custNo: 10004',
    ]);
    expect(await shown(lng, 'cust_tax_rate', { expiry_date: '2029-10-12' }, { expiry_date: '2029-09-02' })).toEqual([
      'expiry_date: 10/12/2029 → 09/02/2029',
    ]);
    // A lifecycle run's day, and the statuses it moved, inside its list.
    expect(
      await shown(lng, 'loyalty_enrolment', null, {
        asOf: '2026-11-27',
        moved: [{ seq: 1, from: 'Enrolled', to: 'Pending Reconciliation' }],
      }),
    ).toEqual([
      'asOf: 11/27/2026',
      `moved: [{"seq":1,"from":"${{ 'en-us': 'Enrolled', es: 'Inscrito', fr: 'Inscrit' }[lng]}","to":"${
        { 'en-us': 'Pending reconciliation', es: 'Pendiente de conciliación', fr: 'Rapprochement en attente' }[lng]
      }"}]`,
    ]);
  });

  const added = {
    'en-us': 'message: 1,250 item codes added to bundle Brakes.',
    es: 'message: 1250 códigos de artículo agregados al paquete Brakes.',
    fr: 'message: 1\u202f250 codes d’article ajoutés au lot Brakes.',
  };

  it.each(['en-us', 'es', 'fr'] as const)('a file’s message from its code and values (%s)', async (lng) => {
    const after = { kind: 'item-codes', message: { code: 'item-codes-added', values: { added: 1250, bundle: 'Brakes' } } };
    const kind = { 'en-us': 'Item-code import', es: 'Importación de códigos de artículo', fr: 'Importation de codes d’article' }[lng];
    expect(await shown(lng, 'inbound_file', null, after)).toEqual([`kind: ${kind}`, added[lng]]);
  });

  it.each(['en-us', 'es', 'fr'] as const)(
    'a message recorded in English by an older record: read back to its code when it is one of the texts (%s)',
    async (lng) => {
      expect(await shown(lng, 'inbound_file', null, { message: '1,250 item codes added to bundle Brakes.' })).toEqual([added[lng]]);
      // One it cannot read back is shown as recorded.
      expect(await shown(lng, 'inbound_file', null, { message: 'The file was refused at upload: too big' })).toEqual([
        'message: The file was refused at upload: too big',
      ]);
    },
  );

  it.each([
    ['en-us', ['finalPayout: 12,345.50', 'taxRate: 7.25%', 'rowsDone: 1,234', 'custNo: 10001']],
    ['es', ['finalPayout: 12.345,50', 'taxRate: 7,25\u00a0%', 'rowsDone: 1234', 'custNo: 10001']],
    ['fr', ['finalPayout: 12\u202f345,50', 'taxRate: 7,25\u00a0%', 'rowsDone: 1\u202f234', 'custNo: 10001']],
  ] as const)('money, rates and counts in the language’s numbers; numbers that identify as stored (%s)', async (lng, expected) => {
    expect(
      await shown(lng, 'loyalty_enrolment', null, { finalPayout: '12345.50', taxRate: '0.072500', rowsDone: 1234, custNo: 10001 }),
    ).toEqual(expected);
  });

  it.each([
    [
      'en-us',
      ['status: Active → Inactive', 'bundleType: null → Exclude'],
      ['status: New → Approved'],
      ['status: Active', 'language: French', 'billCycle: Daily'],
    ],
    [
      'es',
      ['status: Activo → Inactivo', 'bundleType: null → Excluir'],
      ['status: Nueva → Aprobada'],
      ['status: Activo', 'language: Francés', 'billCycle: Diario'],
    ],
    [
      'fr',
      ['status: Actif → Inactif', 'bundleType: null → Exclure'],
      ['status: Nouvelle → Approuvée'],
      ['status: Actif', 'language: Français', 'billCycle: Quotidien'],
    ],
  ] as const)('other coded values by the names their pages give them (%s)', async (lng, program, request, customer) => {
    expect(await shown(lng, 'loyalty_program', { status: 0, bundleType: null }, { status: 1, bundleType: 'Exclude' })).toEqual(program);
    expect(await shown(lng, 'account_request', { status: 'new' }, { status: 'approved' })).toEqual(request);
    expect(await shown(lng, 'customer', null, { status: 0, language: 2, options: { billCycle: 2 } })).toEqual([
      customer[0],
      customer[1],
      `options: {"billCycle":"${customer[2].slice('billCycle: '.length)}"}`,
    ]);
  });

  it('leaves a value the catalogue does not name as stored', async () => {
    expect(await shown('fr', 'account_request', null, { status: 'archived', name: '2026-11-26' })).toEqual([
      'status: archived',
      'name: 2026-11-26',
    ]);
  });
});

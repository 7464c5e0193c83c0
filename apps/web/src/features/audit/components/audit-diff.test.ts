import { renderHook } from '@testing-library/react';
import { Suspense, createElement, type ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n, { i18nReady, switchLanguage } from '@/lib/i18n';
import { AUDIT_NAMESPACES } from '../api/namespaces';
import { diffOf } from './audit-diff';
import { auditFieldName, auditInnerWords, auditValueText, useAuditReader, type AuditReader } from './audit-values';

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

/**
 * The changes of a record of `entity` with their values as the page shows them to a reader of `lng`, as
 * `key: before → after`; the keys as stored unless `named`, where they are as the page shows them too.
 */
async function shown(lng: 'en-us' | 'es' | 'fr', entity: string, before: unknown, after: unknown, named = false) {
  const reader = await readerIn(lng);
  const text = auditValueText(entity, reader);
  const name = named ? auditFieldName(entity, reader) : (key: string) => key;
  return diffOf(before, after, text, auditInnerWords(entity, reader)).map(
    (c) => `${name(c.key)}: ${c.before ? `${c.before} → ` : ''}${c.after}`,
  );
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
      {
        'en-us': 'moved: \nEnrolment no.: 1 · Previous status: Enrolled · New status: Pending reconciliation',
        es: 'moved: \nN.º de inscripción: 1 · Estado anterior: Inscrito · Estado nuevo: Pendiente de conciliación',
        fr: 'moved: \nN° d’inscription\u00a0: 1 · Statut précédent\u00a0: Inscrit · Nouveau statut\u00a0: Rapprochement en attente',
      }[lng],
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
      ['status: Active → Inactive', 'bundleType: (empty) → Exclude'],
      ['status: New → Approved'],
      ['status: Active', 'language: French'],
      'Bill cycle: Daily',
    ],
    [
      'es',
      ['status: Activo → Inactivo', 'bundleType: (vacío) → Excluir'],
      ['status: Nueva → Aprobada'],
      ['status: Activo', 'language: Francés'],
      'Ciclo de facturación: Diario',
    ],
    [
      'fr',
      ['status: Actif → Inactif', 'bundleType: (vide) → Exclure'],
      ['status: Nouvelle → Approuvée'],
      ['status: Actif', 'language: Français'],
      'Cycle de facturation\u00a0: Quotidien',
    ],
  ] as const)('other coded values by the names their pages give them (%s)', async (lng, program, request, customer, options) => {
    expect(await shown(lng, 'loyalty_program', { status: 0, bundleType: null }, { status: 1, bundleType: 'Exclude' })).toEqual(program);
    expect(await shown(lng, 'account_request', { status: 'new' }, { status: 'approved' })).toEqual(request);
    expect(await shown(lng, 'customer', null, { status: 0, language: 2, options: { billCycle: 2 } })).toEqual([
      customer[0],
      customer[1],
      `options: ${options}`,
    ]);
  });

  it.each([
    [
      'en-us',
      ['Username: corp', 'Account type: Corporate', 'Second factor: Recovery code'],
      ['Checked for: Identity check before a sensitive change', 'Checked with: Password'],
    ],
    [
      'es',
      ['Nombre de usuario: corp', 'Tipo de cuenta: Corporativo', 'Segundo factor: Código de recuperación'],
      ['Verificación para: Verificación de identidad antes de un cambio sensible', 'Verificado con: Contraseña'],
    ],
    [
      'fr',
      ['Nom d’utilisateur: corp', 'Type de compte: Entreprise', 'Second facteur: Code de récupération'],
      ['Vérification pour: Vérification d’identité avant une modification sensible', 'Vérifié avec: Mot de passe'],
    ],
  ] as const)('a sign-in’s account type and a check’s purpose in words, not as coded (%s)', async (lng, signIn, stepUp) => {
    expect(await shown(lng, 'session', null, { username: 'corp', type: 'corp', secondFactor: 'recovery' }, true)).toEqual(signIn);
    expect(await shown(lng, 'user', null, { purpose: 'step-up', with: 'password' }, true)).toEqual(stepUp);
  });

  it('leaves a value the catalogue does not name as stored', async () => {
    expect(await shown('fr', 'account_request', null, { status: 'archived', name: '2026-11-26' })).toEqual([
      'status: archived',
      'name: 2026-11-26',
    ]);
  });

  it.each([
    ['en-us', ['test: No → Yes', 'options: Test account: No · Bill cycle: Daily']],
    ['es', ['test: No → Sí', 'options: Cuenta de prueba: No · Ciclo de facturación: Diario']],
    ['fr', ['test: Non → Oui', 'options: Compte de test\u00a0: Non · Cycle de facturation\u00a0: Quotidien']],
  ] as const)('yes and no for true and false, inside a list too (%s)', async (lng, expected) => {
    expect(await shown(lng, 'customer', { test: false }, { test: true, options: { test: false, billCycle: 2 } })).toEqual(expected);
  });
});

describe('audit field names in the reader’s language', { timeout: 30_000 }, () => {
  it.each([
    ['en-us', ['Customer name: Acme', 'Address line 1: 1 Main St', 'Address name: Head office', 'Test account: No', 'Status: Active']],
    [
      'es',
      [
        'Nombre del cliente: Acme',
        'Dirección, línea 1: 1 Main St',
        'Nombre de la dirección: Head office',
        'Cuenta de prueba: No',
        'Estado: Activo',
      ],
    ],
    ['fr', ['Nom du client: Acme', 'Adresse, ligne 1: 1 Main St', 'Nom de l’adresse: Head office', 'Compte de test: Non', 'Statut: Actif']],
  ] as const)('a customer’s fields as its create form names them (%s)', async (lng, expected) => {
    const customer = { custName: 'Acme', address1: '1 Main St', addressName: 'Head office', test: false, status: 0 };
    expect(await shown(lng, 'customer', null, customer, true)).toEqual(expected);
  });

  it.each([
    [
      'en-us',
      ['Failed attempts: 3 → 5', 'Account locked: No → Yes'],
      ['Status: Pre-enrolled', 'Expiration date: 03/31/2027', 'Final payout: 12.50'],
    ],
    [
      'es',
      ['Intentos fallidos: 3 → 5', 'Cuenta bloqueada: No → Sí'],
      ['Estado: Preinscrito', 'Fecha de vencimiento: 03/31/2027', 'Pago final: 12,50'],
    ],
    [
      'fr',
      ['Tentatives échouées: 3 → 5', 'Compte verrouillé: Non → Oui'],
      ['Statut: Pré-inscrit', 'Date d’expiration: 03/31/2027', 'Versement final: 12,50'],
    ],
  ] as const)('other fields by their page’s name or the audit page’s own (%s)', async (lng, user, enrolment) => {
    expect(await shown(lng, 'user', { failures: 3, locked: false }, { failures: 5, locked: true }, true)).toEqual(user);
    expect(
      await shown(lng, 'loyalty_enrolment', null, { status: 'Pre Enrolled', endDate: '2027-03-31', finalPayout: '12.50' }, true),
    ).toEqual(enrolment);
  });

  it.each([
    [
      'en-us',
      'milestones: \nMilestone: 1 · Target spend: 1,000.00 · Rebate (%): 1% · Cap amount: (empty)',
      'itemCodes: \nItem code: 00103 · Date added: 11/26/2026',
      'and 7 more',
    ],
    [
      'es',
      'milestones: \nHito: 1 · Gasto objetivo: 1000,00 · Reembolso (%): 1\u00a0% · Importe del tope: (vacío)',
      'itemCodes: \nCódigo de artículo: 00103 · Fecha de alta: 11/26/2026',
      'y 7 más',
    ],
    [
      'fr',
      'milestones: \nPalier\u00a0: 1 · Dépense visée\u00a0: 1\u202f000,00 · Remise (%)\u00a0: 1\u00a0% · Montant du plafond\u00a0: (vide)',
      'itemCodes: \nCode d’article\u00a0: 00103 · Date d’ajout\u00a0: 11/26/2026',
      'et 7 autres',
    ],
  ] as const)('the fields inside a list by their names, a long list cut after five (%s)', async (lng, milestones, itemCodes, more) => {
    const milestone = { number: 1, amount: 1000, rate: 0.01, cap: null };
    expect(await shown(lng, 'loyalty_program', null, { milestones: [milestone] })).toEqual([milestones]);
    const [codes] = await shown(lng, 'loyalty_bundle', null, { itemCodes: [{ itemCode: '00103', dateAdded: '2026-11-26T18:20:53.013Z' }] });
    expect(codes).toMatch(new RegExp(`^${itemCodes.replace(/[().%]/g, '\\$&')} \\d{2}:\\d{2}:53$`));
    const moved = Array.from({ length: 12 }, (_, i) => ({ seq: i + 1, from: 'Enrolled', to: 'Pending Reconciliation' }));
    const [run] = await shown(lng, 'loyalty_enrolment', null, { moved });
    expect(run!.split('\n')).toHaveLength(7);
    expect(run).toContain(': 5 · ');
    expect(run).not.toContain(': 6 · ');
    expect(run!.endsWith(`\n${more}`)).toBe(true);
  });

  it('shows a field it has no name for as stored, never blank', async () => {
    const price = { price: '1.00', status: 'A', effective_date: '2026-01-01' };
    expect(await shown('fr', 'core_parts', null, { '10001 00103': price, fieldAddedLater: 'x' }, true)).toEqual([
      '10001 00103: Prix vérifié\u00a0: 1,00 · Statut\u00a0: Actif · Date d’entrée en vigueur\u00a0: 01/01/2026',
      'fieldAddedLater: x',
    ]);
  });

  /** The top-level fields of the records the server writes (apps/server/src, every `audit(` call and the rows it passes). */
  const written: Record<string, string[]> = {
    user: ['purpose', 'failures', 'locked', 'with', 'left', 'username', 'by', 'language', 'email', 'mailId', 'linkMinutes', 'unlocked'],
    session: ['username', 'type', 'secondFactor', 'mfaEnrolmentRequired'],
    customer: [
      ...['custNo', 'custName', 'program', 'currency', 'language', 'dba', 'country', 'addressName', 'contact', 'address1', 'address2'],
      ...['city', 'state', 'zip', 'phone', 'fax', 'email', 'priceLevel', 'allMakesPriceLevel', 'subGroupKey', 'linkCustNo'],
      ...['options', 'location', 'card'],
    ],
    account_request: [
      ...['full_name', 'job_title', 'phone', 'email', 'account_number', 'company_name', 'address', 'city', 'state', 'zip'],
      ...['country', 'status'],
    ],
    loyalty_program: [
      'loyaltyProgramSeq',
      'name',
      'status',
      'currencyConfig',
      'bundleSeq',
      'bundleType',
      'lastModified',
      'modifiedBy',
      'milestones',
    ],
    loyalty_bundle: [
      ...['bundleSeq', 'name', 'description', 'comment', 'status', 'lastModified', 'modifiedBy', 'deactivateComment'],
      ...['itemCodes', 'fileSeq', 'added'],
    ],
    loyalty_item_code: ['itemCodeSeq', 'bundleSeq', 'itemCode', 'description', 'comment', 'dateAdded', 'lastModified', 'modifiedBy'],
    loyalty_enrolment: [
      ...['custLoyaltyProgramSeq', 'custNo', 'loyaltyProgramSeq', 'startDate', 'endDate', 'status', 'finalSpend', 'finalPayout'],
      ...['createdAt', 'modifiedBy', 'currentSpend', 'closedAt', 'closedTerms', 'countedThroughTrxId', 'asOf', 'moved', 'reconciled'],
    ],
    cust_tax_rate: [
      ...['custTaxRateSeq', 'custNo', 'program', 'custLocation', 'taxRate', 'effectiveDate', 'expiryDate', 'createdBy'],
      ...['createdAt', 'updatedAt', 'expiry_date'],
    ],
    estes_part: ['part_no', 'custom_part_no'],
    core_parts: ['file_seq', 'file_name', 'file_type', 'rows', 'changed', 'inserted', 'updated', 'unlisted'],
    inbound_file: [
      ...['kind', 'unitStatus', 'osReturnCode', 'message', 'rowsDone', 'fileName', 'byteSize', 'sha256', 'merchantNo'],
      ...['params', 'jobId', 'reason'],
    ],
    email: ['template', 'to', 'language', 'attempts', 'userId', 'error'],
  };

  it.each(['en-us', 'es', 'fr'] as const)('names every field the server writes (%s)', async (lng) => {
    const reader = await readerIn(lng);
    const unnamed = Object.entries(written).flatMap(([entity, keys]) => {
      const name = auditFieldName(entity, reader);
      // SHA-256 is its own name in every language.
      return keys.filter((k) => k !== 'sha256' && name(k) === k).map((k) => `${entity}.${k}`);
    });
    expect(unnamed).toEqual([]);
  });
});

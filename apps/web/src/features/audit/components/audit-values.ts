import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, formatRate, type Language } from '@fc/contract';
import { unitStatusKind } from '@fc/contract/files';
import { useFileMessages } from '@/lib/file-message';
import { contractLanguage } from '@/lib/i18n';
import { AUDIT_NAMESPACES } from '../api/namespaces';
import type { InnerWords, ValueText } from './audit-diff';

/** What the page needs to word a stored value in the reader's language. */
export interface AuditReader {
  language: Language;
  /** The catalogue's text under `key` (`namespace:path`), undefined when the catalogue has none. */
  text(key: string): string | undefined;
  /** A file's message from its code and values (lib/file-message.ts). */
  fileMessage(code: string, values: Record<string, unknown> | null): string;
  /** A file's message recorded as an English sentence (records written before they kept its code). */
  recordedMessage(sentence: string): string;
  /** "and 12 more" after the first items of a long list. */
  moreItems(count: number): string;
}

/** Enrolment statuses (LOY-06) as the loyalty pages show them. */
const enrolmentStatus = (v: string) => `corp-loyalty:enrolment.status.${v}`;
/** A programme or bundle: stored 0 Active, any other value Inactive (the API answers the words). */
const activeOrNot = (v: string) => `corp-loyalty:status.${v === '0' ? 'Active' : 'Inactive'}`;
/** A customer's coded field, as the customer pages name its options. */
const option = (list: string) => (v: string) => `customers:options.${list}.${v}`;

/**
 * Values that name something the portal translates on other pages: the text of each value, by the audited
 * entity and the field (at any depth of the record: a lifecycle run's moves, a core file's rows).
 */
const NAMED: Record<string, Record<string, (v: string) => string>> = {
  loyalty_enrolment: {
    status: enrolmentStatus,
    from: enrolmentStatus,
    to: enrolmentStatus,
    currency: (v) => `corp-loyalty:currency-config.${v}`,
    bundleType: (v) => `corp-loyalty:bundle-type.${v}`,
  },
  loyalty_program: {
    status: activeOrNot,
    currencyConfig: (v) => `corp-loyalty:currency-config.${v}`,
    bundleType: (v) => `corp-loyalty:bundle-type.${v}`,
  },
  loyalty_bundle: { status: activeOrNot },
  account_request: { status: (v) => `customers:requests.status.${v}` },
  customer: {
    status: (v) => `customers:maintenance.status.${v}`,
    language: option('language'),
    currency: option('currency'),
    country: option('country'),
    priceLevel: option('price_level'),
    allMakesPriceLevel: option('price_level'),
    subGroupKey: option('sub_group_key'),
    purchaseType: option('purchase_type'),
    promoType: option('promo_type'),
    receivableType: option('receivable_type'),
    fundingCycle: option('funding_cycle'),
    billCycle: option('bill_cycle'),
    paymentType: option('payment_type'),
    bankAcctType: option('bank_acct_type'),
    addressType: option('address_type'),
    expressMailType: option('express_mail_type'),
  },
  user: {
    language: option('language'),
    purpose: (v) => `audit:values.purpose.${v}`,
    with: (v) => `audit:values.with.${v}`,
  },
  session: { type: (v) => `audit:values.account-type.${v}`, secondFactor: (v) => `audit:values.second-factor.${v}` },
  email: { language: (v) => `common:app.languages.${v}` },
  inbound_file: {
    kind: (v) => `files:file-status.kind.${v}`,
    unitStatus: (v) => `files:file-status.unit.${unitStatusKind(Number(v))}`,
    reason: (v) => `common:upload.errors.${v}`,
  },
  core_parts: { file_type: (v) => `files:core-file-type.${v}`, status: (v) => `maintenance:core.statuses.${v}` },
};

/** Fields holding a calendar day stored as YYYY-MM-DD (startDate, expiry_date, asOf). */
const isDayField = (key: string) => /(Date|_date)$/.test(key) || key === 'asOf';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Amounts of money (spend, payout, milestone targets and caps, prices, credit limits). */
const MONEY = new Set(['amount', 'cap', 'currentSpend', 'finalSpend', 'finalPayout', 'price', 'limit', 'forceManAuthAmt']);
/** Rates stored as fractions (a milestone's rebate 0.01, a tax rate 0.0725). */
const RATES = new Set(['rate', 'taxRate']);
/** Counts (rows, codes, bytes): grouped as the language groups digits; numbers that identify stay as they are. */
const COUNTS = new Set([
  'added',
  'rows',
  'rowsDone',
  'changed',
  'inserted',
  'updated',
  'unlisted',
  'byteSize',
  'attempts',
  'left',
  'failures',
]);

const numeric = (v: unknown): number | undefined =>
  typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : undefined;

/**
 * How the audit page words the values of an `entity`'s record (decision 0400's formats): statuses and other
 * coded values by the texts other pages show them with, calendar days MM/dd/yyyy, money, rates and counts
 * in the reader's language, a file's message from its code and values. The key says what a value is; a value
 * the key does not explain is left to the page's default (undefined).
 */
export function auditValueText(entity: string, reader: AuditReader): ValueText {
  const named = NAMED[entity] ?? {};
  return (key, value) => {
    if (value === undefined) return undefined;
    // A field the record holds without a value (a programme's bundle type before one is chosen).
    if (value === null) return reader.text('audit:empty');
    if (entity === 'inbound_file' && key === 'message') {
      if (typeof value === 'string') return reader.recordedMessage(value);
      const m = value as { code?: unknown; values?: unknown };
      if (typeof m.code === 'string') return reader.fileMessage(m.code, (m.values as Record<string, unknown> | null) ?? null);
    }
    if (typeof value === 'boolean') return reader.text(`customers:details.${value ? 'yes' : 'no'}`);
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    const textKey = named[key]?.(String(value));
    if (textKey) return reader.text(textKey);
    if (isDayField(key) && typeof value === 'string' && DAY.test(value)) return formatDate(value);
    const n = numeric(value);
    if (n === undefined) return undefined;
    if (MONEY.has(key)) return formatNumber(n, reader.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    if (RATES.has(key)) return formatRate(n, reader.language);
    if (COUNTS.has(key)) return formatNumber(n, reader.language);
    return undefined;
  };
}

/** camelCase to the create form's keys (custName → cust_name, address1 → address_1). */
const snakeCase = (key: string) => key.replace(/([a-z])([A-Z0-9])/g, '$1_$2').toLowerCase();

const among =
  (names: Record<string, string>) =>
  (key: string): string | undefined =>
    Object.hasOwn(names, key) ? names[key] : undefined;

/** A milestone's fields (a programme's milestones, an enrolment's terms when it closed), as the template names them. */
const MILESTONE_FIELDS = {
  number: 'corp-loyalty:template.milestone-no',
  amount: 'corp-loyalty:template.target-spend',
  rate: 'corp-loyalty:template.rate',
  cap: 'corp-loyalty:template.cap',
};

/**
 * Field names other pages already give, by the audited entity (one stored name means different things in
 * different records: a customer's `name` is its address name). What these leave out is under audit:fields.
 */
const FIELD_NAMES: Record<string, (key: string) => string | undefined> = {
  customer: (k) => (k === 'card' ? 'customers:purchase.heading' : `customers:create.fields.${k === 'addressName' ? 'name' : snakeCase(k)}`),
  account_request: (k) => `customers:request.fields.${k}`,
  loyalty_program: among({
    ...MILESTONE_FIELDS,
    name: 'corp-loyalty:template.name',
    status: 'corp-loyalty:template.columns.loyalty_program_status',
    currencyConfig: 'corp-loyalty:template.currency-config',
    bundleType: 'corp-loyalty:template.bundle-type',
    milestones: 'corp-loyalty:template.milestones',
  }),
  loyalty_bundle: among({
    name: 'corp-loyalty:bundle.name',
    status: 'corp-loyalty:bundle.columns.status',
    description: 'corp-loyalty:bundle.description',
    comment: 'corp-loyalty:bundle.comment',
    lastModified: 'corp-loyalty:bundle.columns.last_modified',
    modifiedBy: 'corp-loyalty:bundle.columns.modified_by',
    itemCodes: 'corp-loyalty:item-code.table',
    itemCode: 'corp-loyalty:item-code.code',
    dateAdded: 'corp-loyalty:item-code.columns.date_added',
  }),
  loyalty_item_code: among({
    itemCode: 'corp-loyalty:item-code.code',
    description: 'corp-loyalty:item-code.description',
    comment: 'corp-loyalty:item-code.comment',
    dateAdded: 'corp-loyalty:item-code.columns.date_added',
    lastModified: 'corp-loyalty:item-code.columns.last_modified',
    modifiedBy: 'corp-loyalty:item-code.columns.modified_by',
  }),
  loyalty_enrolment: among({
    ...MILESTONE_FIELDS,
    // A lifecycle run's moves: which enrolment, from which status to which.
    seq: 'audit:fields.custLoyaltyProgramSeq',
    from: 'audit:fields.status-from',
    to: 'audit:fields.status-to',
    currency: 'corp-loyalty:template.currency-config',
    bundleType: 'corp-loyalty:template.bundle-type',
    custNo: 'corp-loyalty:enrolment.columns.cust_no',
    status: 'corp-loyalty:enrolment.columns.loyalty_program_status',
    startDate: 'corp-loyalty:enrolment.columns.start_date',
    endDate: 'corp-loyalty:enrolment.end-date',
    currentSpend: 'corp-loyalty:enrolment.columns.current_spend',
  }),
  cust_tax_rate: among({
    custNo: 'maintenance:tax.cust-no',
    program: 'maintenance:tax.program',
    custLocation: 'maintenance:tax.location',
    taxRate: 'maintenance:tax.tax-rate',
    effectiveDate: 'maintenance:tax.effective-date',
    expiryDate: 'maintenance:tax.expiry-date',
    expiry_date: 'maintenance:tax.expiry-date',
  }),
  estes_part: among({ part_no: 'maintenance:parts.part-no', custom_part_no: 'maintenance:parts.custom-part-no' }),
  core_parts: among({
    file_type: 'maintenance:core.file-type',
    // A core file's rows, by part: what each row set.
    price: 'maintenance:core.price',
    status: 'maintenance:core.status',
    effective_date: 'maintenance:core.effective-date',
  }),
  inbound_file: among({ message: 'files:file-status.message', merchantNo: 'files:price-report.merchant-no' }),
};

/**
 * The name of a stored field of an `entity`'s record in the reader's language: the one its own page gives
 * it, else audit:fields, else the stored name (a key the server adds later still shows, never blank).
 */
export function auditFieldName(entity: string, reader: AuditReader): (key: string) => string {
  const own = FIELD_NAMES[entity];
  return (key) => {
    const ownKey = own?.(key);
    return (ownKey && reader.text(ownKey)) || reader.text(`audit:fields.${key}`) || key;
  };
}

/** How the page words the fields inside a list or an object of an `entity`'s record (audit-diff.ts). */
export function auditInnerWords(entity: string, reader: AuditReader): InnerWords {
  const colon = reader.text('audit:field-colon') ?? ':';
  return {
    name: auditFieldName(entity, reader),
    more: reader.moreItems,
    empty: reader.text('audit:empty') ?? '',
    field: (name, value) => `${name}${colon} ${value}`,
  };
}

/** The audit page's reader: the interface language and the texts of the namespaces that name its values. */
export function useAuditReader(): AuditReader {
  const { t, i18n } = useTranslation(AUDIT_NAMESPACES);
  const { fileMessage, recordedMessage } = useFileMessages();
  return {
    language: contractLanguage(i18n.language),
    text: (key) => (i18n.exists(key) ? t(key) : undefined),
    fileMessage: (code, values) => fileMessage(code, values as Parameters<typeof fileMessage>[1], null),
    recordedMessage,
    moreItems: (count) => t('audit:more-items', { count }),
  };
}

import type { Language } from '../core/account-types';

/**
 * Messages of inbound files as codes with values, so that each reader sees them in its own language.
 *
 * - A file's outcome (the file-status unit's message, a price file's message) is a `FileMessage`: the web
 *   app translates it (`files:message.<code>`); the API also sends an English sentence for other clients.
 * - A row's message (a line of the price result CSV, a rejected purchase) is a `RowMessage`. The server
 *   writes the result CSV in the uploader's language, so the texts of row messages live here, in every
 *   language of the portal; the web app shows rejected purchases with the same texts (decision 0090).
 */

export const FileMessageCode = {
  /** Price file processed; values PriceSummary. */
  PriceApplied: 'price-applied',
  PriceNothingNew: 'price-nothing-new',
  PriceNoneAccepted: 'price-none-accepted',
  /** A price file stored without a dealer. */
  NoMerchant: 'no-merchant',
  /** csv-parse could not read the file; values { line? }. */
  CsvUnreadable: 'csv-unreadable',
  /** values { required } (comma-separated column names). */
  CsvNoHeader: 'csv-no-header',
  /** values { required, missing }. */
  CsvMissingColumns: 'csv-missing-columns',
  /** values { column }. */
  CsvDuplicateColumn: 'csv-duplicate-column',
  NoRows: 'no-rows',
  /** values { kind, expected }. */
  WrongKind: 'wrong-kind',
  /** values { attempts }. */
  RetriesExhausted: 'retries-exhausted',
  /** values TransactionSummary. */
  TransactionsSummary: 'transactions-summary',
  /** A file refused at upload (decision 0091); values { reason: FileErrorCode, max? }. */
  UploadRefused: 'upload-refused',
} as const;
export type FileMessageCode = (typeof FileMessageCode)[keyof typeof FileMessageCode];

export type MessageValue = string | number;

export interface FileMessage {
  code: FileMessageCode;
  values: Record<string, MessageValue | RowMessage[]>;
}

export interface PriceSummary {
  accepted: number;
  total: number;
  changed: number;
  above: number;
  unknown: number;
  invalid: number;
}

/** Rejected purchases listed in a transaction file's message at most. */
export const REJECTS_LISTED = 5;
export interface TransactionSummary {
  added: number;
  held: number;
  rejected: number;
  /** The first REJECTS_LISTED rejected rows. */
  rejects: RowMessage[];
}

export const RowMessageCode = {
  PartRequired: 'part-required',
  PartInvalid: 'part-invalid',
  PriceRequired: 'price-required',
  PriceInvalid: 'price-invalid',
  EffectiveDateInvalid: 'effective-date-invalid',
  PartRepeated: 'part-repeated',
  Accepted: 'accepted',
  AcceptedNoProgramPrice: 'accepted-no-program-price',
  AboveProgramPrice: 'above-program-price',
  UnknownPart: 'unknown-part',
  CustNoInvalid: 'cust-no-invalid',
  DateInvalid: 'date-invalid',
  InvoiceInvalid: 'invoice-invalid',
  ItemCodeInvalid: 'item-code-invalid',
  AmountInvalid: 'amount-invalid',
  CurrencyInvalid: 'currency-invalid',
  PurchaseRepeated: 'purchase-repeated',
  UnknownCustomer: 'unknown-customer',
  /** A negative amount on a row that is neither a credit nor a reversal (decision 0301); values { value }. */
  NegativeNotCredit: 'negative-not-credit',
  /** values { value }. */
  CreditInvalid: 'credit-invalid',
  /** values { max }. */
  ReversesInvalid: 'reverses-invalid',
  /** A reversal of an invoice the customer does not have; values { invoice, custNo }. */
  ReversedInvoiceUnknown: 'reversed-invoice-unknown',
} as const;
export type RowMessageCode = (typeof RowMessageCode)[keyof typeof RowMessageCode];

export interface RowMessage {
  code: RowMessageCode;
  values?: Record<string, MessageValue>;
  /** The file's line (1 = the header); the text then starts with it. */
  line?: number;
}

type Catalogue = Record<RowMessageCode | 'line', string>;

/** Every row message in every language of the portal; `{{name}}` is a value. */
export const ROW_MESSAGES: Record<Language, Catalogue> = {
  'en-us': {
    line: 'Line {{line}}: {{text}}',
    'part-required': 'part_no is required',
    'part-invalid': 'part_no must be at most {{max}} printable characters',
    'price-required': 'price is required',
    'price-invalid': 'price "{{value}}" is not an amount like 12.34',
    'effective-date-invalid': 'effective_date "{{value}}" is not a date (YYYYMMDD)',
    'part-repeated': 'part {{part}} is already priced on line {{first}}',
    accepted: 'Accepted',
    'accepted-no-program-price': 'Accepted; the part has no programme price',
    'above-program-price': 'Not accepted: {{difference}} above the programme price',
    'unknown-part': 'Not accepted: the part is not in the catalogue',
    'cust-no-invalid': 'cust_no "{{value}}" is not a customer number',
    'date-invalid': 'date "{{value}}" is not a date (YYYYMMDD)',
    'invoice-invalid': 'invoice is required (at most {{max}} characters)',
    'item-code-invalid': 'item_code is required (at most {{max}} characters)',
    'amount-invalid': 'amount "{{value}}" is not an amount like 12.34',
    'currency-invalid': 'currency must be USD or CAD',
    'purchase-repeated': 'the same purchase as line {{first}}',
    'unknown-customer': 'unknown customer {{custNo}}',
    'negative-not-credit':
      'amount "{{value}}" is negative, but the row is neither a credit (credit Y) nor a reversal (reverses names the invoice)',
    'credit-invalid': 'credit "{{value}}" must be Y or N',
    'reverses-invalid': 'reverses must be an invoice of at most {{max}} characters',
    'reversed-invoice-unknown': 'the reversed invoice {{invoice}} is not a purchase of customer {{custNo}}',
  },
  es: {
    line: 'Línea {{line}}: {{text}}',
    'part-required': 'part_no es obligatorio',
    'part-invalid': 'part_no debe tener como máximo {{max}} caracteres imprimibles',
    'price-required': 'price es obligatorio',
    'price-invalid': 'price "{{value}}" no es un importe como 12.34',
    'effective-date-invalid': 'effective_date "{{value}}" no es una fecha (AAAAMMDD)',
    'part-repeated': 'la refacción {{part}} ya tiene precio en la línea {{first}}',
    accepted: 'Aceptado',
    'accepted-no-program-price': 'Aceptado; la refacción no tiene precio del programa',
    'above-program-price': 'No aceptado: {{difference}} por encima del precio del programa',
    'unknown-part': 'No aceptado: la refacción no está en el catálogo',
    'cust-no-invalid': 'cust_no "{{value}}" no es un número de cliente',
    'date-invalid': 'date "{{value}}" no es una fecha (AAAAMMDD)',
    'invoice-invalid': 'invoice es obligatorio (como máximo {{max}} caracteres)',
    'item-code-invalid': 'item_code es obligatorio (como máximo {{max}} caracteres)',
    'amount-invalid': 'amount "{{value}}" no es un importe como 12.34',
    'currency-invalid': 'currency debe ser USD o CAD',
    'purchase-repeated': 'la misma compra que la línea {{first}}',
    'unknown-customer': 'cliente desconocido {{custNo}}',
    'negative-not-credit':
      'amount "{{value}}" es negativo, pero la fila no es un crédito (credit Y) ni una reversión (reverses indica la factura)',
    'credit-invalid': 'credit "{{value}}" debe ser Y o N',
    'reverses-invalid': 'reverses debe ser una factura de como máximo {{max}} caracteres',
    'reversed-invoice-unknown': 'la factura revertida {{invoice}} no es una compra del cliente {{custNo}}',
  },
  fr: {
    line: 'Ligne {{line}} : {{text}}',
    'part-required': 'part_no est obligatoire',
    'part-invalid': 'part_no doit compter au plus {{max}} caractères imprimables',
    'price-required': 'price est obligatoire',
    'price-invalid': 'price « {{value}} » n’est pas un montant comme 12.34',
    'effective-date-invalid': 'effective_date « {{value}} » n’est pas une date (AAAAMMJJ)',
    'part-repeated': 'la pièce {{part}} a déjà un prix à la ligne {{first}}',
    accepted: 'Accepté',
    'accepted-no-program-price': 'Accepté ; la pièce n’a pas de prix du programme',
    'above-program-price': 'Refusé : {{difference}} au-dessus du prix du programme',
    'unknown-part': 'Refusé : la pièce n’est pas au catalogue',
    'cust-no-invalid': 'cust_no « {{value}} » n’est pas un numéro de client',
    'date-invalid': 'date « {{value}} » n’est pas une date (AAAAMMJJ)',
    'invoice-invalid': 'invoice est obligatoire (au plus {{max}} caractères)',
    'item-code-invalid': 'item_code est obligatoire (au plus {{max}} caractères)',
    'amount-invalid': 'amount « {{value}} » n’est pas un montant comme 12.34',
    'currency-invalid': 'currency doit valoir USD ou CAD',
    'purchase-repeated': 'le même achat qu’à la ligne {{first}}',
    'unknown-customer': 'client inconnu {{custNo}}',
    'negative-not-credit':
      'amount « {{value}} » est négatif, mais la ligne n’est ni un avoir (credit Y) ni une annulation (reverses nomme la facture)',
    'credit-invalid': 'credit « {{value}} » doit valoir Y ou N',
    'reverses-invalid': 'reverses doit être une facture d’au plus {{max}} caractères',
    'reversed-invoice-unknown': 'la facture annulée {{invoice}} n’est pas un achat du client {{custNo}}',
  },
};

/** `{{name}}` replaced by its value; an unknown name stays as written. */
export function fillTemplate(template: string, values: Record<string, MessageValue> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A row message in `lang`, preceded by its line when it has one. */
export function rowMessageText(lang: Language, m: RowMessage): string {
  const texts = ROW_MESSAGES[lang] ?? ROW_MESSAGES['en-us'];
  const text = fillTemplate(texts[m.code] ?? m.code, m.values);
  return m.line === undefined ? text : fillTemplate(texts.line, { line: m.line, text });
}

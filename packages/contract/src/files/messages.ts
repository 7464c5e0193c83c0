import { z } from 'zod';
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
  /** A file refused at upload (decision 0091); values { reason: FileErrorCode, detail, max?, line? }. */
  UploadRefused: 'upload-refused',
  /** Core upload, every row applied; values { applied, type } (type: coreless | price-verify). */
  CoreApplied: 'core-applied',
  /** Core upload, every row already held; values { applied, type }. */
  CoreNothingNew: 'core-nothing-new',
  /** Core upload with rejected rows; values { rejected, total, applied, type }. */
  CoreRejected: 'core-rejected',
  /** Item-code import added every code; values { added, bundle }. */
  ItemCodesAdded: 'item-codes-added',
  /** Item-code import refused as a whole; values { refused, bundle, rejects: the first REJECTS_LISTED rows }. */
  ItemCodesRefused: 'item-codes-refused',
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
  // Core uploads (reasons of the core report, decision 0410).
  CustNoRequired: 'cust-no-required',
  CustNoDigits: 'cust-no-digits',
  /** values { max }. */
  PartNoPattern: 'part-no-pattern',
  EffectiveDateRequired: 'effective-date-required',
  /** A date of a core file (MM/DD/YYYY); values { column }. */
  CoreDateInvalid: 'core-date-invalid',
  ExpiryBeforeEffective: 'expiry-before-effective',
  StatusInvalid: 'status-invalid',
  CorePriceInvalid: 'core-price-invalid',
  /** values { part }. */
  NoProgramPrice: 'no-program-price',
  /** values { price, programPrice, part }. */
  PriceAboveProgram: 'price-above-program',
  /** values { first }. */
  CoreRowRepeated: 'core-row-repeated',
  /** values { part }. */
  PartNotInCatalogue: 'part-not-in-catalogue',
  // A file that fails as a whole, as the first line of its report (the same codes as FileMessageCode).
  /** values { line }. */
  CsvUnreadable: 'csv-unreadable',
  CsvUnreadableAnywhere: 'csv-unreadable-anywhere',
  /** values { required }. */
  CsvNoHeader: 'csv-no-header',
  /** values { required, missing }. */
  CsvMissingColumns: 'csv-missing-columns',
  /** values { column }. */
  CsvDuplicateColumn: 'csv-duplicate-column',
  NoRows: 'no-rows',
  // Item-code imports (decision 0410).
  ImportHeader: 'import-header',
  ImportNoCodes: 'import-no-codes',
  ItemCodeMissing: 'item-code-missing',
  /** values { value }. */
  BundleCodeInvalid: 'bundle-code-invalid',
  /** values { max }. */
  BundleDescriptionLong: 'bundle-description-long',
  /** values { value, first }. */
  BundleCodeRepeated: 'bundle-code-repeated',
  /** values { value }. */
  BundleCodeHeld: 'bundle-code-held',
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
    'cust-no-required': 'cust_no is required',
    'cust-no-digits': 'cust_no must be a customer number (digits)',
    'part-no-pattern': 'part_no must be 1 to {{max}} letters, digits, spaces, hyphens, dots or slashes',
    'effective-date-required': 'effective_date is required',
    'core-date-invalid': '{{column}} is not a date (MM/DD/YYYY)',
    'expiry-before-effective': 'expiry_date is before effective_date',
    'status-invalid': 'status must be A (active) or I (inactive)',
    'core-price-invalid': 'price must be an amount above 0 with at most 2 decimals (84.50)',
    'no-program-price': 'part {{part}} has no programme price to verify against',
    'price-above-program': 'price {{price}} is above the programme price {{programPrice}} of part {{part}}',
    'core-row-repeated': 'duplicate of row {{first}} (same cust_no and part_no)',
    'part-not-in-catalogue': 'part {{part}} is not in the parts catalogue',
    'csv-unreadable': 'The file cannot be read as CSV: check line {{line}} (for example a quote that is never closed).',
    'csv-unreadable-anywhere': 'The file cannot be read as CSV.',
    'csv-no-header': 'The file has no header row; the first line must name the columns {{required}}.',
    'csv-missing-columns': 'The header row must name the columns {{required}}; missing: {{missing}}.',
    'csv-duplicate-column': 'The header names the column {{column}} twice.',
    'no-rows': 'The file has no data rows below its header.',
    'import-header': 'The first row must be a header naming the item_code column (and optionally description).',
    'import-no-codes': 'The file has a header but no item codes.',
    'item-code-missing': 'the item code is missing',
    'bundle-code-invalid': 'invalid item code: {{value}}',
    'bundle-description-long': 'the description is longer than {{max}} characters',
    'bundle-code-repeated': 'duplicate item code (also on row {{first}}): {{value}}',
    'bundle-code-held': 'already in the bundle: {{value}}',
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
    'cust-no-required': 'cust_no es obligatorio',
    'cust-no-digits': 'cust_no debe ser un número de cliente (dígitos)',
    'part-no-pattern': 'part_no debe tener de 1 a {{max}} letras, dígitos, espacios, guiones, puntos o barras',
    'effective-date-required': 'effective_date es obligatorio',
    'core-date-invalid': '{{column}} no es una fecha (MM/DD/AAAA)',
    'expiry-before-effective': 'expiry_date es anterior a effective_date',
    'status-invalid': 'status debe ser A (activo) o I (inactivo)',
    'core-price-invalid': 'price debe ser un importe mayor que 0 con 2 decimales como máximo (84.50)',
    'no-program-price': 'la refacción {{part}} no tiene precio del programa con el cual verificar',
    'price-above-program': 'el precio {{price}} está por encima del precio del programa {{programPrice}} de la refacción {{part}}',
    'core-row-repeated': 'duplicado de la fila {{first}} (mismos cust_no y part_no)',
    'part-not-in-catalogue': 'la refacción {{part}} no está en el catálogo de refacciones',
    'csv-unreadable': 'El archivo no se puede leer como CSV: revise la línea {{line}} (por ejemplo, unas comillas que no se cierran).',
    'csv-unreadable-anywhere': 'El archivo no se puede leer como CSV.',
    'csv-no-header': 'El archivo no tiene fila de encabezado; la primera línea debe nombrar las columnas {{required}}.',
    'csv-missing-columns': 'La fila de encabezado debe nombrar las columnas {{required}}; faltan: {{missing}}.',
    'csv-duplicate-column': 'El encabezado nombra la columna {{column}} dos veces.',
    'no-rows': 'El archivo no tiene filas de datos debajo del encabezado.',
    'import-header': 'La primera fila debe ser un encabezado que nombre la columna item_code (y, si se desea, description).',
    'import-no-codes': 'El archivo tiene encabezado pero ningún código de artículo.',
    'item-code-missing': 'falta el código de artículo',
    'bundle-code-invalid': 'código de artículo no válido: {{value}}',
    'bundle-description-long': 'la descripción tiene más de {{max}} caracteres',
    'bundle-code-repeated': 'código de artículo duplicado (también en la fila {{first}}): {{value}}',
    'bundle-code-held': 'ya está en el paquete: {{value}}',
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
    'cust-no-required': 'cust_no est obligatoire',
    'cust-no-digits': 'cust_no doit être un numéro de client (chiffres)',
    'part-no-pattern': 'part_no doit compter de 1 à {{max}} lettres, chiffres, espaces, traits d’union, points ou barres obliques',
    'effective-date-required': 'effective_date est obligatoire',
    'core-date-invalid': '{{column}} n’est pas une date (MM/JJ/AAAA)',
    'expiry-before-effective': 'expiry_date est antérieure à effective_date',
    'status-invalid': 'status doit valoir A (active) ou I (inactive)',
    'core-price-invalid': 'price doit être un montant supérieur à 0 avec au plus 2 décimales (84.50)',
    'no-program-price': 'la pièce {{part}} n’a pas de prix du programme auquel la comparer',
    'price-above-program': 'le prix {{price}} dépasse le prix du programme {{programPrice}} de la pièce {{part}}',
    'core-row-repeated': 'doublon de la ligne {{first}} (mêmes cust_no et part_no)',
    'part-not-in-catalogue': 'la pièce {{part}} n’est pas au catalogue des pièces',
    'csv-unreadable': 'Le fichier ne peut pas être lu comme un CSV : vérifiez la ligne {{line}} (par exemple un guillemet jamais fermé).',
    'csv-unreadable-anywhere': 'Le fichier ne peut pas être lu comme un CSV.',
    'csv-no-header': 'Le fichier n’a pas de ligne d’en-tête ; la première ligne doit nommer les colonnes {{required}}.',
    'csv-missing-columns': 'La ligne d’en-tête doit nommer les colonnes {{required}} ; manquantes : {{missing}}.',
    'csv-duplicate-column': 'L’en-tête nomme deux fois la colonne {{column}}.',
    'no-rows': 'Le fichier n’a aucune ligne de données sous son en-tête.',
    'import-header': 'La première ligne doit être un en-tête nommant la colonne item_code (et, au besoin, description).',
    'import-no-codes': 'Le fichier a un en-tête mais aucun code d’article.',
    'item-code-missing': 'le code d’article manque',
    'bundle-code-invalid': 'code d’article non valide : {{value}}',
    'bundle-description-long': 'la description dépasse {{max}} caractères',
    'bundle-code-repeated': 'code d’article en double (aussi à la ligne {{first}}) : {{value}}',
    'bundle-code-held': 'déjà dans le lot : {{value}}',
  },
};

const num = z.number();
const text = z.string();
const either = z.union([z.string(), z.number()]);
const none = z.strictObject({});
const vals = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape);

/**
 * The values each row message takes. The server builds messages against these (tests parse every message a
 * job writes), and the web app checks a message from the API with `rowMessageSchema` before rendering it.
 */
export const ROW_MESSAGE_VALUES = {
  'part-required': none,
  'part-invalid': vals({ max: num }),
  'price-required': none,
  'price-invalid': vals({ value: text }),
  'effective-date-invalid': vals({ value: text }),
  'part-repeated': vals({ part: text, first: num }),
  accepted: none,
  'accepted-no-program-price': none,
  'above-program-price': vals({ difference: text }),
  'unknown-part': none,
  'cust-no-invalid': vals({ value: text }),
  'date-invalid': vals({ value: text }),
  'invoice-invalid': vals({ max: num }),
  'item-code-invalid': vals({ max: num }),
  'amount-invalid': vals({ value: text }),
  'currency-invalid': none,
  'purchase-repeated': vals({ first: num }),
  'unknown-customer': vals({ custNo: either }),
  'negative-not-credit': vals({ value: text }),
  'credit-invalid': vals({ value: text }),
  'reverses-invalid': vals({ max: num }),
  'reversed-invoice-unknown': vals({ invoice: text, custNo: either }),
  'cust-no-required': none,
  'cust-no-digits': none,
  'part-no-pattern': vals({ max: num }),
  'effective-date-required': none,
  'core-date-invalid': vals({ column: z.enum(['effective_date', 'expiry_date']) }),
  'expiry-before-effective': none,
  'status-invalid': none,
  'core-price-invalid': none,
  'no-program-price': vals({ part: text }),
  'price-above-program': vals({ price: text, programPrice: text, part: text }),
  'core-row-repeated': vals({ first: num }),
  'part-not-in-catalogue': vals({ part: text }),
  'csv-unreadable': vals({ line: num }),
  'csv-unreadable-anywhere': none,
  'csv-no-header': vals({ required: text }),
  'csv-missing-columns': vals({ required: text, missing: text }),
  'csv-duplicate-column': vals({ column: text }),
  'no-rows': none,
  'import-header': none,
  'import-no-codes': none,
  'item-code-missing': none,
  'bundle-code-invalid': vals({ value: text }),
  'bundle-description-long': vals({ max: num }),
  'bundle-code-repeated': vals({ value: text, first: num }),
  'bundle-code-held': vals({ value: text }),
} satisfies Record<RowMessageCode, z.ZodType>;

/** A row message as the API and the stored file messages carry it. */
export const rowMessageSchema = z
  .object({
    code: z.enum(Object.values(RowMessageCode) as [RowMessageCode, ...RowMessageCode[]]),
    values: z.record(z.string(), either).optional(),
    line: z.number().int().positive().optional(),
  })
  .refine((m) => ROW_MESSAGE_VALUES[m.code].safeParse(m.values ?? {}).success, { message: 'invalid', path: ['values'] });

const rejects = z.array(rowMessageSchema);
const priceSummary = vals({ accepted: num, total: num, changed: num, above: num, unknown: num, invalid: num });
const coreType = z.enum(['coreless', 'price-verify']);

/** The values each file message takes (see FileMessageCode). */
export const FILE_MESSAGE_VALUES = {
  'price-applied': priceSummary,
  'price-nothing-new': priceSummary,
  'price-none-accepted': priceSummary,
  'no-merchant': none,
  'csv-unreadable': z.object({ line: num.optional(), detail: text.optional() }),
  'csv-no-header': vals({ required: text }),
  'csv-missing-columns': vals({ required: text, missing: text }),
  'csv-duplicate-column': vals({ column: text }),
  'no-rows': none,
  'wrong-kind': vals({ kind: text, expected: text }),
  'retries-exhausted': z.object({ attempts: num, detail: text.optional() }),
  'transactions-summary': vals({ added: num, held: num, rejected: num, rejects }),
  'upload-refused': z.object({ reason: text, detail: text.optional(), max: num.optional(), line: num.optional() }),
  'core-applied': vals({ applied: num, type: coreType }),
  'core-nothing-new': vals({ applied: num, type: coreType }),
  'core-rejected': vals({ rejected: num, total: num, applied: num, type: coreType }),
  'item-codes-added': vals({ added: num, bundle: text }),
  'item-codes-refused': vals({ refused: num, bundle: text, rejects }),
} satisfies Record<FileMessageCode, z.ZodType>;

/** A file message: a known code whose values match it. */
export const fileMessageSchema = z
  .object({
    code: z.enum(Object.values(FileMessageCode) as [FileMessageCode, ...FileMessageCode[]]),
    values: z.record(z.string(), z.unknown()),
  })
  .refine((m) => FILE_MESSAGE_VALUES[m.code].safeParse(m.values).success, { message: 'invalid', path: ['values'] });

/**
 * The first line of a report for a file that failed as a whole: the file message's code as a row message
 * (the same texts as the web app's files:message.<code>).
 */
export function fileProblem(m: FileMessage): RowMessage {
  const v = m.values;
  const str = (x: unknown) => (typeof x === 'string' || typeof x === 'number' ? String(x) : '');
  switch (m.code) {
    case FileMessageCode.CsvUnreadable:
      return typeof v.line === 'number'
        ? { code: RowMessageCode.CsvUnreadable, values: { line: v.line } }
        : { code: RowMessageCode.CsvUnreadableAnywhere };
    case FileMessageCode.CsvNoHeader:
      return { code: RowMessageCode.CsvNoHeader, values: { required: str(v.required) } };
    case FileMessageCode.CsvMissingColumns:
      return { code: RowMessageCode.CsvMissingColumns, values: { required: str(v.required), missing: str(v.missing) } };
    case FileMessageCode.CsvDuplicateColumn:
      return { code: RowMessageCode.CsvDuplicateColumn, values: { column: str(v.column) } };
    default:
      return { code: RowMessageCode.NoRows };
  }
}

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

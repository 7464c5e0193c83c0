/** Codes of inbound-file messages (file outcomes and row messages) and the shapes they travel in. */

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

import type { CardOption, ColumnInfo, CustDetails } from './endpoints/purchase-requirements';

/** Card-option codes (PREQ-03). */
export const CardOptionCode = {
  UnitRequired: 3,
  PoValidated: 4,
  PoRequired: 9,
  UnitRequiredOnLabor: 10,
  FuelProhibited: 12,
  UnitValidated: 14,
  LaborProhibited: 15,
  VinRequired: 29,
  VinValidated: 30,
  VinRequiredOnLabor: 35,
  DupPoDebits1: 38,
  DupPoDebits3: 39,
  DupPoDebits6: 40,
  DupPoDebits12: 41,
  DupPoCredits: 42,
  ChargebackRelease: 43,
  LinkedCustomers: 44,
} as const;
export const CARD_OPTION_CODES: readonly number[] = Object.values(CardOptionCode);

/** The duplicate-PO debit window of codes 38 to 41. */
export const DUP_PO_DEBIT_WINDOWS: Readonly<Record<number, number>> = { 38: 1, 39: 3, 40: 6, 41: 12 };

export const ColumnType = { Po: 0, Unit: 1, Vin: 2 } as const;
export const RuleType = { Length: 0, Prefix: 1, Suffix: 2, Amount: 3 } as const;

export interface Validations {
  prefix: string | null;
  suffix: string | null;
  length: string | null;
}

export interface PurchaseRequirements {
  poRequired: boolean;
  poRequiredOnCredits: boolean;
  poValidated: boolean;
  poValidations: Validations;
  dupPoCheckOnDebit: boolean;
  /** Months of the duplicate check on debits (1, 3, 6 or 12), null without it. */
  dupPoDebitWindow: number | null;
  dupPoCheckOnCredit: boolean;
  unitRequired: boolean;
  unitRequiredOnLabor: boolean;
  unitValidated: boolean;
  unitValidations: Validations;
  vinRequired: boolean;
  vinRequiredOnLabor: boolean;
  vinValidated: boolean;
  vinValidations: Validations;
  fuelProhibited: boolean;
  laborProhibited: boolean;
  taxExempt: boolean;
  chargebackRelease: boolean;
  linkedCustomers: boolean;
  poContainsLocation: boolean;
  unitContainsLocation: boolean;
  cardDeterminesLocation: boolean;
  /** The location block shows only when the subgroup key is not 0. */
  showLocation: boolean;
}

function validationsOf(columnInfo: readonly ColumnInfo[], columnType: number): Validations {
  const rule = (ruleType: number) => columnInfo.find((c) => c.columnType === columnType && c.ruleType === ruleType)?.value ?? null;
  return { prefix: rule(RuleType.Prefix), suffix: rule(RuleType.Suffix), length: rule(RuleType.Length) };
}

/**
 * The read-only checkbox groups of the purchase requirements page, from the card-option codes, the column
 * rules and the customer's own flags (PO required on credits, tax exemption) and subgroup key
 * (1 card determines location, 2 PO contains location, 3 unit contains location).
 */
export function derivePurchaseRequirements(
  details: Pick<CustDetails, 'subGroupKey' | 'taxExempt' | 'poNumRequiredOnCredits'>,
  cardOptions: readonly CardOption[],
  columnInfo: readonly ColumnInfo[],
): PurchaseRequirements {
  const codes = new Set(cardOptions.map((o) => o.cardOption));
  const has = (code: number) => codes.has(code);
  const debitCode = [38, 39, 40, 41].find(has);
  return {
    poRequired: has(CardOptionCode.PoRequired),
    poRequiredOnCredits: details.poNumRequiredOnCredits,
    poValidated: has(CardOptionCode.PoValidated),
    poValidations: validationsOf(columnInfo, ColumnType.Po),
    dupPoCheckOnDebit: debitCode !== undefined,
    dupPoDebitWindow: debitCode === undefined ? null : DUP_PO_DEBIT_WINDOWS[debitCode]!,
    dupPoCheckOnCredit: has(CardOptionCode.DupPoCredits),
    unitRequired: has(CardOptionCode.UnitRequired),
    unitRequiredOnLabor: has(CardOptionCode.UnitRequiredOnLabor),
    unitValidated: has(CardOptionCode.UnitValidated),
    unitValidations: validationsOf(columnInfo, ColumnType.Unit),
    vinRequired: has(CardOptionCode.VinRequired),
    vinRequiredOnLabor: has(CardOptionCode.VinRequiredOnLabor),
    vinValidated: has(CardOptionCode.VinValidated),
    vinValidations: validationsOf(columnInfo, ColumnType.Vin),
    fuelProhibited: has(CardOptionCode.FuelProhibited),
    laborProhibited: has(CardOptionCode.LaborProhibited),
    taxExempt: details.taxExempt,
    chargebackRelease: has(CardOptionCode.ChargebackRelease),
    linkedCustomers: has(CardOptionCode.LinkedCustomers),
    poContainsLocation: details.subGroupKey === 2,
    unitContainsLocation: details.subGroupKey === 3,
    cardDeterminesLocation: details.subGroupKey === 1,
    showLocation: details.subGroupKey !== 0,
  };
}

/** The first card of a new customer, as customer creation issues it (docs/decisions/0080). */
export interface NewCustomerCard {
  cardNo: string;
  cardTypes: string;
  showCard: boolean;
  usAllowed: boolean;
  caAllowed: boolean;
  ebs: string;
  cardOptions: number[];
  columnRules: ColumnInfo[];
}

/** The programme's card prefix (7083 05): the demo cards and every issued card start with it. */
const CARD_PREFIX = '708305';

/** 7083 05 + the 5-digit customer number + a 5-digit card sequence, in groups of four. */
export function cardNumberOf(custNo: number, sequence = 1): string {
  const digits = `${CARD_PREFIX}${String(custNo).padStart(5, '0')}${String(sequence).padStart(5, '0')}`;
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The card a customer gets when it is created, from the choices of the create form: parts only
 * (purchase type 0) prohibits labor charges (15); a PO that carries the location (subgroup key 2)
 * must be given (9), and so must a unit number that carries it (3); a linked customer gets code 44.
 * Merchants: US for US-dollar customers, Canadian for Canadian-dollar or Canadian customers.
 */
export function newCustomerCard(
  custNo: number,
  c: { purchaseType: number | null; subGroupKey: number; linkCustNo: number | null; currency: number; country: number },
): NewCustomerCard {
  const options = new Set<number>();
  if (c.purchaseType === 0) options.add(CardOptionCode.LaborProhibited);
  if (c.subGroupKey === 2) options.add(CardOptionCode.PoRequired);
  if (c.subGroupKey === 3) options.add(CardOptionCode.UnitRequired);
  if (c.linkCustNo != null) options.add(CardOptionCode.LinkedCustomers);
  return {
    cardNo: cardNumberOf(custNo),
    cardTypes: 'Fleet card',
    showCard: true,
    usAllowed: c.currency !== 1,
    caAllowed: c.currency === 1 || c.country === 1,
    ebs: 'N',
    cardOptions: [...options].sort((a, b) => a - b),
    columnRules: [],
  };
}

/**
 * How many of the page's read-only checkboxes are ticked: the purchase requirements in effect for the
 * customer, the count on the page's one tab (docs/decisions/0360-purchase-requirements-tab-badge.md). The
 * location block counts only when the page shows it.
 */
export function requirementsInEffect(r: PurchaseRequirements): number {
  const shown = [
    r.poRequired,
    r.poRequiredOnCredits,
    r.poValidated,
    r.dupPoCheckOnDebit,
    r.dupPoCheckOnCredit,
    r.unitRequired,
    r.unitRequiredOnLabor,
    r.unitValidated,
    r.vinRequired,
    r.vinRequiredOnLabor,
    r.vinValidated,
    r.fuelProhibited,
    r.laborProhibited,
    r.taxExempt,
    ...(r.showLocation ? [r.poContainsLocation, r.unitContainsLocation, r.cardDeterminesLocation] : []),
  ];
  return shown.filter(Boolean).length;
}

import type { CardOption, ColumnInfo, CustDetails, PurchasingRequirementsResponse } from '@fc/contract/customers';
import type { AppContext } from '../../../context';
import { notFound } from '../../../http/errors';
import { customerRow, firstCard } from '../repo/customers';

interface CustomerFlags {
  taxExempt?: boolean;
  poNumRequiredOnCredits?: boolean;
  hasCumminsDiscount?: boolean;
}

/**
 * The purchase requirements of one customer: its details, the card options and the column rules of its
 * card (the first card issued). The caller passes the signed-in customer's own number, never a parameter.
 */
export async function purchasingRequirements(ctx: AppContext, custNo: number): Promise<PurchasingRequirementsResponse> {
  const customer = await customerRow(ctx.db, custNo);
  if (!customer) throw notFound('not-found', 'No customer is linked to this sign-in.');
  const card = await firstCard(ctx.db, custNo);
  const flags = (customer.options ?? {}) as CustomerFlags;
  const cityStateZip = [customer.city, [customer.state, customer.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const custDetails: CustDetails = {
    custNo: customer.custNo,
    custName: customer.custName,
    address1: customer.address1 ?? '',
    address2: customer.address2 ?? '',
    cityStateZip,
    phone: customer.phone ?? '',
    country: customer.country,
    priceLevel: customer.priceLevel,
    allMakesPriceLevel: customer.allMakesPriceLevel,
    program: customer.program,
    cardTypes: card?.cardTypes ?? '',
    // A card that may not be shown never leaves the server.
    cardNo: card?.showCard ? card.cardNo : '',
    showCard: card?.showCard ?? false,
    usAllowed: card?.usAllowed ?? false,
    caAllowed: card?.caAllowed ?? false,
    ebs: card?.ebs ?? '',
    subGroupKey: customer.subGroupKey,
    hasCumminsDiscount: flags.hasCumminsDiscount === true,
    taxExempt: flags.taxExempt === true,
    poNumRequiredOnCredits: flags.poNumRequiredOnCredits === true,
  };
  const cardOptions: CardOption[] = (card?.cardOptions ?? []).map((cardOption) => ({ cardOption }));
  const columnInfo: ColumnInfo[] = ((card?.columnRules ?? []) as ColumnInfo[]).map((r) => ({
    columnType: r.columnType,
    ruleType: r.ruleType,
    value: String(r.value),
  }));
  return { custDetails, cardOptions, columnInfo };
}

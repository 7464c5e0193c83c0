import { describe, expect, it } from 'vitest';
import { customerFieldRules } from './customer-options';
import { ExpressMail, PaymentType, PromoType, ReceivableType } from './enums';

describe('customerFieldRules: what the create customer form requires or disables', () => {
  const blank = { receivable_type: null, promo_type: null, payment_type: null, express_mail_type: ExpressMail.Regular };

  it('a blank form requires and disables nothing', () => {
    expect(customerFieldRules(blank)).toEqual({
      fundingDisabled: false,
      fundingRequired: false,
      centralizedDisabled: false,
      bankRequired: false,
      expressMailIdRequired: false,
    });
  });

  it('a merchant-paid receivable disables funding and centralized billing; EFT needs a bank; express mail an id', () => {
    expect(
      customerFieldRules({
        receivable_type: ReceivableType.MerchantPaid,
        promo_type: PromoType.Normal,
        payment_type: PaymentType.Eft,
        express_mail_type: 1,
      }),
    ).toEqual({
      fundingDisabled: true,
      fundingRequired: false,
      centralizedDisabled: true,
      bankRequired: true,
      expressMailIdRequired: true,
    });
  });

  it('promo FC One disables centralized billing', () => {
    expect(customerFieldRules({ ...blank, promo_type: PromoType.FcOne }).centralizedDisabled).toBe(true);
  });
});

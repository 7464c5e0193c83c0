import { Alert, Box, Button, Grid, LinearProgress, Paper, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { countryIso, formatPhoneNational, labelOf, PAY_DAYS, PROGRAMS } from '@fc/contract/customers';
import { useAppConfig } from '@/lib/session/app-config';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { useCustomer } from '../api/get-customer';

type Entry = [key: string, value: string];

/** The details of one customer: its address, programme and billing set-up as created (footer hidden on /details). */
export default function CustomerDetailsPage() {
  const { custNo = '' } = useParams();
  const { t } = useTranslation('customers');
  const { data: config } = useAppConfig();
  const { data: c, isLoading, isError } = useCustomer(custNo);

  const back = (
    <Button component={Link} to="/corp/customers" startIcon={<ArrowBack />} sx={{ mb: 2 }}>
      {t('details.back')}
    </Button>
  );
  if (isLoading) return <LinearProgress aria-label={t('details.loading')} />;
  if (isError || !c)
    return (
      <>
        {back}
        <Alert severity="error">{t('details.not-found', { custNo })}</Alert>
      </>
    );

  const opt = (list: string, value: unknown) => {
    if (value === null || value === undefined) return '';
    const v = String(value as string | number);
    return t(`options.${list}.${v}`, { defaultValue: v });
  };
  const s = (value: unknown) => (value === null || value === undefined || value === '' ? '' : String(value as string | number));
  const yes = (value: unknown) => (value ? t('details.yes') : t('details.no'));
  const iso = countryIso(c.country as number);
  const groups: { title: string; entries: Entry[] }[] = [
    {
      title: t('create.sections.customer'),
      entries: [
        ['cust_no', s(c.custNo)],
        ['cust_name', s(c.custName)],
        ['dba', s(c.dba)],
        ['program', labelOf(PROGRAMS, c.program as number).replace('{brand}', config?.brandName ?? '')],
        ['language', opt('language', c.language)],
        ['currency', opt('currency', c.currency)],
        ['buying_group', s(c.buyingGroup)],
        ['purchase_type', opt('purchase_type', c.purchaseType)],
        ['sub_group_key', opt('sub_group_key', c.subGroupKey)],
        ['link_cust_no', s(c.linkCustNo)],
        ['request_rep', s(c.requestRep)],
        ['test', yes(c.test)],
      ],
    },
    {
      title: t('create.sections.billing'),
      entries: [
        ['promo_type', opt('promo_type', c.promoType)],
        ['receivable_type', opt('receivable_type', c.receivableType)],
        ['funding_cycle', opt('funding_cycle', c.fundingCycle)],
        ['price_level', opt('price_level', c.priceLevel)],
        ['all_makes_price_level', opt('price_level', c.allMakesPriceLevel)],
        ['bill_cycle', opt('bill_cycle', c.billCycle)],
        ['pay_days', c.payDays === undefined ? '' : labelOf(PAY_DAYS, c.payDays as number)],
        ['trx_grace_days', s(c.trxGraceDays)],
        ['late_grace_days', s(c.lateGraceDays)],
        ['payment_type', opt('payment_type', c.paymentType)],
        ['limit', s(c.limit)],
        ['force_man_auth_amt', s(c.forceManAuthAmt)],
        ['centralized', yes(c.centralized)],
        ['credit_flag', yes(c.creditFlag)],
        ['competitive_advantage', yes(c.competitiveAdvantage)],
        ['charge_lates', yes(c.chargeLates)],
        ['one_yr_promo', yes(c.oneYrPromo)],
      ],
    },
    {
      title: t('create.sections.bank'),
      entries: [
        ['bank_acct_type', opt('bank_acct_type', c.bankAcctType)],
        // The server sends bank numbers masked to their last four digits.
        ['bank_aba_number', s(c.bankAbaNumber)],
        ['bank_acct_number', s(c.bankAcctNumber)],
        ['bank_name', s(c.bankName)],
        ['bank_account_name', s(c.bankAccountName)],
      ],
    },
    {
      title: t('create.sections.address'),
      entries: [
        ['address_type', opt('address_type', c.addressType)],
        ['name', s(c.addressName)],
        ['contact', s(c.contact)],
        ['address_1', s(c.address1)],
        ['address_2', s(c.address2)],
        ['city', s(c.city)],
        ['state', s(c.state)],
        ['zip', s(c.zip)],
        ['country', opt('country', c.country)],
        ['phone', formatPhoneNational(c.phone as string | null, iso)],
        ['fax', formatPhoneNational(c.fax as string | null, iso)],
        ['email', s(c.email)],
        ['express_mail_type', opt('express_mail_type', c.expressMailType)],
        ['express_mail_id', s(c.expressMailId)],
      ],
    },
  ];

  return (
    <>
      <PageBreadcrumbs
        trail={[{ label: t('common:routes.customer-maintenance'), to: '/corp/customers' }]}
        current={t('details.heading', { custNo: c.custNo, name: c.custName })}
      />
      {back}
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('details.heading', { custNo: c.custNo, name: c.custName })}
      </Typography>
      {groups.map((g) => (
        <Paper key={g.title} variant="outlined" component="section" sx={{ p: { xs: 1.5, sm: 2.5 }, mb: 2 }}>
          <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1.5 }}>
            {g.title}
          </Typography>
          <Grid container component="dl" spacing={1} sx={{ m: 0 }}>
            {g.entries.map(([key, value]) => (
              <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
                <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.85rem' }}>
                  {t(`create.fields.${key}`)}
                </Box>
                <Box component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {value || '—'}
                </Box>
              </Grid>
            ))}
          </Grid>
        </Paper>
      ))}
    </>
  );
}

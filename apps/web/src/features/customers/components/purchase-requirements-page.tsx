import type { ReactNode } from 'react';
import {
  Alert,
  Badge,
  Box,
  Checkbox,
  FormControlLabel,
  FormGroup,
  Grid,
  LinearProgress,
  Paper,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  countryIso,
  derivePurchaseRequirements,
  formatPhoneNational,
  PRICE_LEVELS,
  PROGRAMS,
  labelOf,
  requirementsInEffect,
  type Validations,
} from '@fc/contract/customers';
import { tabBadgeText } from '@fc/contract';
import { useAppConfig } from '@/lib/session/app-config';
import { usePurchasingRequirements } from '../api/get-purchasing-requirements';

/**
 * The customer's purchase requirements (PREQ-01, PREQ-02, one tab): its details, its card, and the
 * read-only checkbox groups derived from the card options and column rules by the contract. The one tab
 * carries a badge with the number of requirements in effect, `99+` above 99 (section 9; decision 0360).
 */
export default function PurchaseRequirementsPage() {
  const { t } = useTranslation('customers');
  const { data: config } = useAppConfig();
  const { data, isLoading, isError } = usePurchasingRequirements();

  if (isLoading) return <LinearProgress aria-label={t('purchase.loading')} />;
  if (isError || !data)
    return (
      <>
        <Typography variant="h1" sx={{ mb: 2 }}>
          {t('purchase.heading')}
        </Typography>
        <Alert severity="error">{t('purchase.error')}</Alert>
      </>
    );

  const d = data.custDetails;
  const r = derivePurchaseRequirements(d, data.cardOptions, data.columnInfo);
  const support = { phone: config?.support.phone ?? '', email: config?.support.email ?? '' };
  const yesNo = (v: string) => (v === 'Y' ? t('details.yes') : v === 'N' ? t('details.no') : v);
  const inEffect = requirementsInEffect(r);
  const badge = t('purchase.badge', { count: inEffect });

  const details: [string, ReactNode][] = [
    ['cust-no', d.custNo],
    ['phone', formatPhoneNational(d.phone, countryIso(d.country))],
    ['price-level', t(`options.price_level.${d.priceLevel ?? 0}`, { defaultValue: labelOf(PRICE_LEVELS, d.priceLevel) })],
    [
      'all-makes-price-level',
      t(`options.price_level.${d.allMakesPriceLevel ?? 0}`, { defaultValue: labelOf(PRICE_LEVELS, d.allMakesPriceLevel) }),
    ],
    ['program', labelOf(PROGRAMS, d.program).replace('{brand}', config?.brandName ?? '')],
    ['card-types', d.cardTypes],
    ['card-no', d.showCard ? d.cardNo : t('purchase.call-customer', support)],
    ['ebs', yesNo(d.ebs)],
  ];

  return (
    <>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('purchase.heading')}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value="requirements" aria-label={t('purchase.tabs')}>
          <Tab
            value="requirements"
            id="pr-tab"
            aria-controls="pr-panel"
            // The badge's 99+ is read out as the full count.
            aria-label={`${t('purchase.tab')}, ${badge}`}
            sx={{ textTransform: 'none' }}
            label={
              <Badge
                badgeContent={tabBadgeText(inEffect)}
                color="primary"
                showZero
                title={badge}
                data-testid="pr-tab-badge"
                sx={{ alignItems: 'center', '& .MuiBadge-badge': { position: 'static', transform: 'none', ml: 1 } }}
              >
                {t('purchase.tab')}
              </Badge>
            }
          />
        </Tabs>
      </Box>
      <Box role="tabpanel" id="pr-panel" aria-labelledby="pr-tab">
        <Paper variant="outlined" component="section" aria-labelledby="pr-customer" sx={{ p: { xs: 1.5, sm: 2.5 }, mb: 2 }}>
          <Typography id="pr-customer" variant="h2" sx={{ fontSize: '1.25rem' }}>
            {d.custName}
          </Typography>
          <Box component="address" sx={{ fontStyle: 'normal', mb: 2, color: 'text.secondary' }} data-testid="customer-address">
            {[d.address1, d.address2, d.cityStateZip].filter(Boolean).map((line) => (
              <div key={line}>{line}</div>
            ))}
          </Box>
          <Grid container component="dl" spacing={1} sx={{ m: 0 }}>
            {details.map(([key, value]) => (
              <Grid key={key} size={{ xs: 12, sm: 6, md: 3 }}>
                <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.85rem' }}>
                  {t(`purchase.fields.${key}`)}
                </Box>
                <Box component="dd" sx={{ m: 0, fontWeight: 500 }} data-testid={`pr-${key}`}>
                  {value || '—'}
                </Box>
              </Grid>
            ))}
          </Grid>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
            <Typography component="legend" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('purchase.fields.allowed-merchants')}
            </Typography>
            <FormGroup row>
              <ReadOnlyCheck checked={d.usAllowed} label={t('purchase.us')} />
              <ReadOnlyCheck checked={d.caAllowed} label={t('purchase.ca')} />
            </FormGroup>
          </Box>
        </Paper>

        <Grid container spacing={2}>
          <Group title={t('purchase.groups.po')}>
            <ReadOnlyCheck checked={r.poRequired} label={t('purchase.checks.required')} />
            <ReadOnlyCheck checked={r.poRequiredOnCredits} label={t('purchase.checks.required-on-credits')} />
            <ReadOnlyCheck checked={r.poValidated} label={t('purchase.checks.validated')} />
            <ValidationList v={r.poValidations} />
          </Group>
          <Group title={t('purchase.groups.dup-po')}>
            <ReadOnlyCheck
              checked={r.dupPoCheckOnDebit}
              label={
                r.dupPoDebitWindow ? t('purchase.checks.on-debits-window', { count: r.dupPoDebitWindow }) : t('purchase.checks.on-debits')
              }
            />
            <ReadOnlyCheck checked={r.dupPoCheckOnCredit} label={t('purchase.checks.on-credits')} />
          </Group>
          <Group title={t('purchase.groups.unit')}>
            <ReadOnlyCheck checked={r.unitRequired} label={t('purchase.checks.required')} />
            <ReadOnlyCheck checked={r.unitRequiredOnLabor} label={t('purchase.checks.required-on-labor')} />
            <ReadOnlyCheck checked={r.unitValidated} label={t('purchase.checks.validated')} />
            <ValidationList v={r.unitValidations} />
          </Group>
          <Group title={t('purchase.groups.vin')}>
            <ReadOnlyCheck checked={r.vinRequired} label={t('purchase.checks.required')} />
            <ReadOnlyCheck checked={r.vinRequiredOnLabor} label={t('purchase.checks.required-on-labor')} />
            <ReadOnlyCheck checked={r.vinValidated} label={t('purchase.checks.validated')} />
            <ValidationList v={r.vinValidations} />
          </Group>
          <Group title={t('purchase.groups.other')}>
            <ReadOnlyCheck checked={r.fuelProhibited} label={t('purchase.checks.fuel-prohibited')} />
            <ReadOnlyCheck checked={r.laborProhibited} label={t('purchase.checks.labor-prohibited')} />
            <ReadOnlyCheck checked={r.taxExempt} label={t('purchase.checks.tax-exempt')} />
          </Group>
          {r.showLocation && (
            <Group title={t('purchase.groups.location')} testId="location-block">
              <ReadOnlyCheck checked={r.poContainsLocation} label={t('purchase.checks.po-contains-location')} />
              <ReadOnlyCheck checked={r.unitContainsLocation} label={t('purchase.checks.unit-contains-location')} />
              <ReadOnlyCheck checked={r.cardDeterminesLocation} label={t('purchase.checks.card-determines-location')} />
            </Group>
          )}
        </Grid>
      </Box>
    </>
  );
}

function Group({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
      <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0, height: '100%', minWidth: 0 }} data-testid={testId}>
        <Typography component="legend" variant="h2" sx={{ fontSize: '1.05rem', px: 0.5 }}>
          {title}
        </Typography>
        <FormGroup>{children}</FormGroup>
      </Paper>
    </Grid>
  );
}

/** A checkbox the customer reads but cannot change: not disabled (so it keeps its contrast), just read-only. */
function ReadOnlyCheck({ checked, label }: { checked: boolean; label: string }) {
  return (
    <FormControlLabel
      control={<Checkbox checked={checked} onChange={() => undefined} slotProps={{ input: { readOnly: true, 'aria-readonly': true } }} />}
      label={label}
      sx={{ pointerEvents: 'none' }}
    />
  );
}

function ValidationList({ v }: { v: Validations }) {
  const { t } = useTranslation('customers');
  const rows = (['prefix', 'suffix', 'length'] as const).filter((k) => v[k] !== null);
  if (rows.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 4, color: 'text.secondary', fontSize: '0.9rem' }}>
      {rows.map((k) => (
        <li key={k}>{t(`purchase.validations.${k}`, { value: v[k] })}</li>
      ))}
    </Box>
  );
}

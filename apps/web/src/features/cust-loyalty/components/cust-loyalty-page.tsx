import { useState, type FormEvent } from 'react';
import { Box, Button, CircularProgress, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useUrlSearchParams } from '@/lib/url-search';
import { useTranslation } from 'react-i18next';
import { CUST_PROGRAMS_FOR, type CustProgramsFor } from '@fc/contract/loyalty';
import { useCan } from '@/lib/session/current-user';
import { LoadError } from '@/components/load-error';
import { useCustPrograms } from '../api/get-cust-programs';
import { ProgramCard } from './program-card';

/**
 * The customer loyalty page (LOY-30, LOY-32): two tabs, active (default) and history, each
 * a list of programme cards or the empty state. A corporate user first names the customer whose page it
 * views (docs/decisions/0009-loyalty-engine.md); the tab and the customer are kept in the URL.
 */
export default function CustLoyaltyPage() {
  const { t } = useTranslation('cust-loyalty');
  const { t: tc } = useTranslation('common');
  const corporate = useCan('corporate');
  const [params, setParams] = useUrlSearchParams();
  const tab: CustProgramsFor = (CUST_PROGRAMS_FOR as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as CustProgramsFor)
    : 'active';
  const custParam = Number(params.get('cust_no'));
  const custNo = corporate && Number.isInteger(custParam) && custParam > 0 ? custParam : undefined;
  const programs = useCustPrograms(tab, custNo, !corporate || custNo !== undefined);
  const [custInput, setCustInput] = useState(custNo ? String(custNo) : '');
  const [custError, setCustError] = useState(false);

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes))
          if (v === undefined) next.delete(k);
          else next.set(k, v);
        return next;
      },
      { replace: false },
    );

  const chooseCustomer = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(custInput.trim());
    if (!/^\d{1,9}$/.test(custInput.trim()) || n <= 0) {
      setCustError(true);
      return;
    }
    setCustError(false);
    update({ cust_no: String(n) });
  };

  const cards = programs.data ?? [];
  const panelId = `loyalty-panel-${tab}`;

  return (
    <>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('heading')}
      </Typography>

      {corporate && (
        <Box component="form" onSubmit={chooseCustomer} noValidate sx={{ mb: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              id="loyalty-cust-no"
              label={t('corporate.cust-no')}
              value={custInput}
              onChange={(e) => setCustInput(e.target.value)}
              size="small"
              error={custError}
              helperText={custError ? t('corporate.cust-no-invalid') : t('corporate.cust-no-help')}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
            />
            <Button type="submit" variant="contained">
              {tc('actions.search')}
            </Button>
          </Stack>
        </Box>
      )}

      <Tabs
        value={tab}
        onChange={(_e, v: CustProgramsFor) => update({ tab: v === 'active' ? undefined : v })}
        aria-label={t('tabs.label')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {CUST_PROGRAMS_FOR.map((f) => (
          <Tab key={f} value={f} label={t(`tabs.${f}`)} id={`loyalty-tab-${f}`} aria-controls={`loyalty-panel-${f}`} />
        ))}
      </Tabs>

      <Box role="tabpanel" id={panelId} aria-labelledby={`loyalty-tab-${tab}`}>
        {corporate && custNo === undefined ? (
          <Typography color="text.secondary">{t('corporate.choose')}</Typography>
        ) : programs.isPending ? (
          <CircularProgress aria-label={tc('app.loading')} />
        ) : programs.isError ? (
          <LoadError onRetry={() => void programs.refetch()} />
        ) : cards.length === 0 ? (
          <Typography data-testid="loyalty-empty" sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
            {t('empty')}
          </Typography>
        ) : (
          <Stack spacing={2}>
            {cards.map((p) => (
              <ProgramCard key={p.custLoyaltyProgramSeq} program={p} />
            ))}
          </Stack>
        )}
      </Box>
    </>
  );
}

import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@fc/contract';
import type { CustLoyaltyProgram } from '@fc/contract/loyalty';
import { StaticTable } from '@/components/table/static-table';
import { useSpendBreakdown } from '../api/get-spend-breakdown';

/**
 * Why the customer earned what it earned (beyond the specification): the purchases of the programme's
 * window by item code, the ones that count and the ones that do not, with the reason.
 */
export function BreakdownDialog({ program, onClose }: { program: CustLoyaltyProgram; onClose: () => void }) {
  const { t, i18n } = useTranslation('cust-loyalty');
  const { t: tc } = useTranslation('common');
  const breakdown = useSpendBreakdown(program.custLoyaltyProgramSeq, true);
  const lang = i18n.language;
  const titleId = `breakdown-title-${program.custLoyaltyProgramSeq}`;
  const totals = breakdown.data?.totals;
  const otherCurrency = program.currency === 1 ? 0 : 1;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('breakdown.title', { name: program.loyaltyProgramName })}</DialogTitle>
      {/* Focusable, so a keyboard user can scroll a long breakdown (it has no focusable content). */}
      <DialogContent tabIndex={0} role="region" aria-labelledby={titleId}>
        {breakdown.isPending && <CircularProgress aria-label={tc('app.loading')} />}
        {breakdown.isError && <Alert severity="error">{t('breakdown.failed')}</Alert>}
        {breakdown.data && totals && (
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 3 }} sx={{ mb: 2 }}>
              <Typography variant="body2" data-testid="breakdown-qualifying">
                {t('breakdown.qualifying-total', { amount: formatMoney(totals.qualifyingAmount, program.currency, lang) })}
              </Typography>
              <Typography variant="body2" data-testid="breakdown-excluded">
                {t('breakdown.excluded-total', { amount: formatMoney(totals.excludedAmount, program.currency, lang) })}
              </Typography>
              {totals.otherCurrencyAmount !== 0 && (
                <Typography variant="body2">
                  {t('breakdown.other-currency-total', { amount: formatMoney(totals.otherCurrencyAmount, otherCurrency, lang) })}
                </Typography>
              )}
            </Stack>
            {breakdown.data.rows.length === 0 ? (
              <Typography>{t('breakdown.empty')}</Typography>
            ) : (
              <StaticTable
                beforeHead={<caption style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>{t('breakdown.caption')}</caption>}
                head={
                  <>
                    <TableCell>{t('breakdown.item-code')}</TableCell>
                    <TableCell>{t('breakdown.description')}</TableCell>
                    <TableCell align="right">{t('breakdown.purchases')}</TableCell>
                    <TableCell align="right">{t('breakdown.amount')}</TableCell>
                    <TableCell>{t('breakdown.counts')}</TableCell>
                  </>
                }
              >
                {breakdown.data.rows.map((r) => (
                  <TableRow key={`${r.itemCode}-${r.currency}-${r.reason}`} data-testid="breakdown-row" data-qualifying={r.qualifying}>
                    <TableCell>{r.itemCode}</TableCell>
                    <TableCell>{r.description ?? ''}</TableCell>
                    <TableCell align="right">{r.purchases}</TableCell>
                    <TableCell align="right">{formatMoney(r.amount, r.currency, lang)}</TableCell>
                    <TableCell>
                      {r.qualifying ? tc('actions.yes') : tc('actions.no')} —{' '}
                      {t(`breakdown.reason.${r.reason}`, { bundle: program.bundleName ?? '' })}
                    </TableCell>
                  </TableRow>
                ))}
              </StaticTable>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tc('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

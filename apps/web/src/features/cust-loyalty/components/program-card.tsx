import { useState } from 'react';
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatRate, toMmddyyyy } from '@fc/contract';
import {
  cardMode,
  currencyCode,
  milestoneAdvice,
  milestoneFromText,
  todayIso,
  type CardMode,
  type CustLoyaltyProgram,
} from '@fc/contract/loyalty';
import { useToast } from '@/components/toast';
import { downloadSpendDetails } from '../api/download-spend-details';
import { BreakdownDialog } from './breakdown-dialog';
import { MilestoneProgress, MODE_COLOR } from './milestone-progress';

const MODE_ICON: Record<CardMode, typeof StarIcon> = { active: StarIcon, completed: CheckCircleIcon, incomplete: CloseIcon };

/**
 * One programme status card (LOY-31, LOY-32), with the explanation beyond the specification:
 * what more qualifying spend by which date reaches the next milestone, and a breakdown of the spend.
 */
export function ProgramCard({ program }: { program: CustLoyaltyProgram }) {
  const { t, i18n } = useTranslation('cust-loyalty');
  const toast = useToast();
  const [breakdownOpen, setBreakdownOpen] = useState(false);
  const lang = i18n.language;
  const milestones = program.milestones.map(milestoneFromText);
  const mode = cardMode(program.loyaltyProgramStatus, milestones, program.currentSpend);
  const Icon = MODE_ICON[mode];
  const money = (n: number) => formatMoney(n, program.currency, lang);
  const id = `program-${program.custLoyaltyProgramSeq}`;
  const advice = milestoneAdvice(
    {
      status: program.loyaltyProgramStatus,
      startDate: program.startDate,
      endDate: program.endDate,
      spend: program.currentSpend,
      milestones,
    },
    todayIso(),
  );

  const exportTransactions = async () => {
    toast.info(t('card.export-started'));
    try {
      await downloadSpendDetails(program.custLoyaltyProgramSeq);
    } catch {
      toast.error(t('card.export-failed'));
    }
  };

  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={`${id}-name`}
      data-testid="program-card"
      data-mode={mode}
      sx={{ borderTop: 4, borderTopColor: MODE_COLOR[mode] }}
    >
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 1.5 }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Icon sx={{ color: MODE_COLOR[mode] }} titleAccess={t(`mode.${mode}`)} data-testid={`mode-icon-${mode}`} />
            <Typography id={`${id}-name`} variant="h2" sx={{ fontSize: '1.2rem', overflowWrap: 'anywhere' }}>
              {program.loyaltyProgramName}
            </Typography>
          </Stack>
          <Button
            variant="outlined"
            size="small"
            startIcon={<DownloadIcon />}
            onClick={() => void exportTransactions()}
            sx={{ flexShrink: 0 }}
          >
            {t('card.export')}
          </Button>
        </Stack>

        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'baseline', mb: 1.5 }} useFlexGap>
          <Typography variant="body2" data-testid="program-status">
            {t(`status.${program.loyaltyProgramStatus}`)}
          </Typography>
          {program.totalPayout !== 0 && (
            <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid="rebate-earned">
              {t('card.rebate-earned', { amount: money(program.totalPayout) })}
            </Typography>
          )}
        </Stack>

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            label={t('card.start-date')}
            value={toMmddyyyy(program.startDate)}
            size="small"
            slotProps={{ input: { readOnly: true } }}
            id={`${id}-start`}
          />
          <TextField
            label={t('card.end-date')}
            value={toMmddyyyy(program.endDate)}
            size="small"
            slotProps={{ input: { readOnly: true } }}
            id={`${id}-end`}
          />
        </Stack>

        <Typography id={`${id}-spending`} variant="body2" sx={{ mb: 0.5 }} data-testid="spending-label">
          {t('card.spending', { amount: formatMoney(program.currentSpend, program.currency, lang, { code: true }) })}
        </Typography>
        <MilestoneProgress
          milestones={milestones}
          spend={program.currentSpend}
          currency={program.currency}
          mode={mode}
          labelId={`${id}-spending`}
        />

        <Box sx={{ mt: 2 }}>
          <Typography variant="body2" data-testid="milestone-advice">
            {adviceText()}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {program.bundleType === 'Include'
              ? t('card.counts-include', { bundle: program.bundleName, currency: currencyCode(program.currency) })
              : program.bundleType === 'Exclude'
                ? t('card.counts-exclude', { bundle: program.bundleName, currency: currencyCode(program.currency) })
                : t('card.counts-all', { currency: currencyCode(program.currency) })}
          </Typography>
          <Button size="small" startIcon={<QueryStatsIcon />} onClick={() => setBreakdownOpen(true)} sx={{ mt: 1 }}>
            {t('card.breakdown')}
          </Button>
        </Box>
      </CardContent>
      {breakdownOpen && <BreakdownDialog program={program} onClose={() => setBreakdownOpen(false)} />}
    </Card>
  );

  function adviceText(): string {
    switch (advice.kind) {
      case 'next': {
        const pays =
          advice.milestone.rate !== null
            ? t('advice.pays-rate', { rate: formatRate(advice.milestone.rate, lang), amount: money(advice.pays) })
            : t('advice.pays-cap', { amount: money(advice.pays) });
        const key = advice.from === todayIso() ? 'advice.next' : 'advice.next-from';
        return t(key, {
          remaining: money(advice.remaining),
          from: toMmddyyyy(advice.from),
          by: toMmddyyyy(advice.by),
          milestone: money(advice.milestone.amount),
          pays,
        });
      }
      case 'top-reached':
        return t('advice.top-reached', { amount: money(advice.earnedNow) });
      case 'ended':
        return program.loyaltyProgramStatus === 'Unenrolled'
          ? t('advice.unenrolled')
          : t('advice.ended', { date: toMmddyyyy(program.endDate) });
      case 'none':
        return t('advice.none');
    }
  }
}

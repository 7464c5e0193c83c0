import { Box, LinearProgress, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatRate } from '@fc/contract';
import { progressMarkers, spendProgression, type CardMode, type Milestone } from '@fc/contract/loyalty';

/** The bar's colour by card mode: blue while active, green once completed, grey when incomplete. */
export const MODE_COLOR: Record<CardMode, string> = { active: 'primary.main', completed: 'success.main', incomplete: 'grey.600' };

/**
 * The progress bar of the current spend against the milestones (LOY-33): a synthetic zero
 * milestone first, each milestone placed by its amount against the largest, and below the bar each
 * milestone's rate (or cap) and amount, marked when achieved.
 */
export function MilestoneProgress({
  milestones,
  spend,
  currency,
  mode,
  labelId,
}: {
  milestones: Milestone[];
  spend: number;
  currency: number;
  mode: CardMode;
  labelId: string;
}) {
  const { t, i18n } = useTranslation('cust-loyalty');
  const lang = i18n.language;
  const markers = progressMarkers(milestones, spend);
  const value = spendProgression(milestones, spend);
  return (
    <Box>
      <Box sx={{ position: 'relative', py: 1 }}>
        <LinearProgress
          variant="determinate"
          value={value}
          aria-labelledby={labelId}
          aria-valuetext={t('card.progress-text', { percent: value })}
          sx={{
            height: 10,
            borderRadius: 5,
            bgcolor: 'grey.200',
            '& .MuiLinearProgress-bar': { bgcolor: MODE_COLOR[mode], borderRadius: 5 },
          }}
        />
        {markers.map((m) => (
          <Box
            key={m.milestone?.number ?? 0}
            aria-hidden
            data-testid="milestone-marker"
            sx={{
              position: 'absolute',
              top: '50%',
              left: `${m.position}%`,
              width: 14,
              height: 14,
              borderRadius: '50%',
              transform: 'translate(-50%, -50%)',
              border: 2,
              borderColor: m.achieved ? MODE_COLOR[mode] : 'grey.500',
              bgcolor: m.achieved ? MODE_COLOR[mode] : 'background.paper',
            }}
          />
        ))}
      </Box>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        aria-label={t('card.milestones')}
      >
        {markers.map((m) => (
          <Box
            component="li"
            key={m.milestone?.number ?? 0}
            data-testid="milestone-label"
            data-achieved={m.achieved}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              px: 1,
              py: 0.25,
              border: 1,
              borderColor: m.achieved ? MODE_COLOR[mode] : 'grey.400',
              borderRadius: 1,
            }}
          >
            {m.achieved && m.milestone && <CheckIcon fontSize="inherit" titleAccess={t('card.achieved')} />}
            <Typography variant="caption" component="span" sx={{ fontWeight: 600 }}>
              {m.milestone === null
                ? formatRate(0, lang)
                : m.milestone.rate !== null
                  ? formatRate(m.milestone.rate, lang)
                  : t('card.cap', { amount: formatMoney(m.milestone.cap ?? 0, currency, lang) })}
            </Typography>
            <Typography variant="caption" component="span" color="text.secondary">
              {formatMoney(m.amount, currency, lang)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

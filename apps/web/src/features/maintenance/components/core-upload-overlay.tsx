import { useId } from 'react';
import { Backdrop, Box, Button, CircularProgress, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The loading overlay of a core upload (CORE-04): the 5 s wait before sending (which may be cancelled), then the sending. */
export function CoreUploadOverlay({
  phase,
  onCancel,
}: {
  phase: { step: 'waiting' | 'sending'; progress: number; fileName: string } | null;
  onCancel: () => void;
}) {
  const { t } = useTranslation('maintenance');
  const overlayId = useId();
  return (
    <Backdrop open={!!phase} sx={{ zIndex: (th) => th.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}>
      <Box
        role="status"
        aria-live="polite"
        id={overlayId}
        sx={{ textAlign: 'center', px: 2, maxWidth: 420 }}
        data-testid="core-upload-overlay"
      >
        <CircularProgress color="inherit" aria-hidden="true" />
        <Typography sx={{ mt: 2 }}>
          {phase?.step === 'waiting'
            ? t('core.upload-waiting', { name: phase.fileName })
            : t('core.upload-sending', { name: phase?.fileName ?? '' })}
        </Typography>
        {phase?.step === 'sending' && (
          <LinearProgress
            variant="determinate"
            value={phase.progress}
            sx={{ mt: 2 }}
            aria-label={t('core.upload-sending', { name: phase.fileName })}
          />
        )}
        {phase?.step === 'waiting' && (
          <Button color="inherit" variant="outlined" sx={{ mt: 2 }} onClick={onCancel} autoFocus>
            {t('common:actions.cancel')}
          </Button>
        )}
      </Box>
    </Backdrop>
  );
}

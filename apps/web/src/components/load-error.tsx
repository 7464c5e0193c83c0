import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * What a list or a figure says when loading it failed: that it failed (not "no data", not "could not be
 * downloaded"), with a Retry that loads it again. docs/decisions/0331.
 */
export function LoadError({ onRetry, text }: { onRetry: () => void; text?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      role="alert"
      data-testid="load-error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('feedback.retry')}
        </Button>
      }
    >
      {text ?? t('feedback.load-failed')}
    </Alert>
  );
}

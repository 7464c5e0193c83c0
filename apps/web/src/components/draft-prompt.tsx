import { Alert, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** "Restore your unsaved changes?" above a form that has a draft (lib/use-draft.ts). */
export function DraftPrompt({ onRestore, onDiscard }: { onRestore: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      role="status"
      data-testid="draft-prompt"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" size="small" variant="outlined" onClick={onRestore}>
            {t('draft.restore')}
          </Button>
          <Button color="inherit" size="small" onClick={onDiscard}>
            {t('draft.discard')}
          </Button>
        </Stack>
      }
    >
      {t('draft.question')}
    </Alert>
  );
}

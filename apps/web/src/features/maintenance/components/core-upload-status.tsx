import { Alert, Box, Button, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@fc/contract';
import { downloadCoreReport, type CoreUploadStatus } from '../api/get-core-upload-status';

interface Props {
  jobId: string;
  status: CoreUploadStatus;
  /** The unit's outcome in the reader's language (useFileJob), once it has ended. */
  message: string;
  ended: boolean;
  onDownloadError: () => void;
}

/** The followed core upload (CORE-05): its progress while it runs, then its outcome and, with rows refused, the report. */
export function CoreUploadStatusAlert({ jobId, status, message, ended, onDownloadError }: Props) {
  const { t, i18n } = useTranslation('maintenance');
  const running = t('core.job-running', {
    name: status.fileName,
    done: formatNumber(status.rowsDone, i18n.language),
    count: status.rowsDone,
  });
  return (
    <Alert
      severity={!ended ? 'info' : status.unitStatus === 1 ? 'warning' : 'success'}
      sx={{ mb: 2 }}
      data-testid="core-upload-status"
      action={
        ended && status.hasReport ? (
          <Button
            color="inherit"
            size="small"
            onClick={() =>
              void downloadCoreReport(jobId, `core-upload-report-${status.fileName.replace(/\.csv$/i, '')}.csv`).catch(onDownloadError)
            }
          >
            {t('core.download-report')}
          </Button>
        ) : undefined
      }
    >
      <Box>{ended ? t('core.job-done', { name: status.fileName, message }) : running}</Box>
      {!ended && <LinearProgress sx={{ mt: 1 }} aria-label={running} />}
    </Alert>
  );
}

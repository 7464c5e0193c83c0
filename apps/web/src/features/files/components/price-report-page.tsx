import { useState } from 'react';
import { Box, Button, Chip, LinearProgress, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import DownloadIcon from '@mui/icons-material/Download';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '@fc/contract';
import { priceStatusKind, type PriceStatusKind } from '@fc/contract/files';
import { CsvUploadButton } from '@/components/csv-upload-button';
import { useToast } from '@/components/toast';
import { WriteNeedsTask } from '@/components/write-needs-task';
import { useCan, useCurrentUser } from '@/lib/session/current-user';
import { downloadPriceFile } from '../api/download-price-file';
import { getJobStatus, type JobStatus } from '../api/get-job-status';
import { priceFileKeys } from '../api/query-keys';
import { usePriceFiles, type PriceFileItem } from '../api/get-price-files';
import { PRICE_UPLOAD_PATH, type PriceUploadAnswer } from '../api/upload-price-file';
import { StaticTable, TableStatusRows } from '@/components/table/static-table';
import { useFileMessages } from '@/lib/file-message';
import { useFileJob } from '@/lib/use-file-job';

const STATUS_ICON: Record<PriceStatusKind, React.ReactElement> = {
  'in-progress': <HourglassEmptyIcon fontSize="small" />,
  processed: <CheckCircleIcon fontSize="small" />,
  failed: <ErrorIcon fontSize="small" />,
  unknown: <HelpOutlineIcon fontSize="small" />,
};
const STATUS_COLOR: Record<PriceStatusKind, 'default' | 'success' | 'error' | 'info'> = {
  'in-progress': 'info',
  processed: 'success',
  failed: 'error',
  unknown: 'default',
};

/**
 * The price report (FILE-01, FILE-05): choosing a CSV uploads it at once; the list is
 * refreshed, the job is polled every second until its osReturnCode is not null, then the list is
 * refreshed once more. Status 26 in progress, 19 processed (download), 13 failed, others unknown.
 */
export default function PriceReportPage() {
  const { t, i18n } = useTranslation('files');
  const { t: tc } = useTranslation('common');
  const toast = useToast();
  const queryClient = useQueryClient();
  const { fileMessage, uploadError } = useFileMessages();
  const { data: user } = useCurrentUser();
  const corporate = (user?.workingAccountType ?? user?.accountType) === 0;
  // A dealer files its own; corporate staff file for a dealer with task 506 (docs/permissions.md).
  const mayUpload = useCan('priceFileUpload');
  const [merchantNo, setMerchantNo] = useState('');
  const merchantValid = /^\d{1,9}$/.test(merchantNo.trim());
  // A fresh upload is followed through its job status; any other row in progress through the list itself.
  const job = useFileJob<PriceUploadAnswer, JobStatus>({
    key: 'price-job',
    status: async (answer) => (answer.jobId ? ((await getJobStatus(answer.jobId)) ?? null) : null),
    follows: (answer) => !!answer.jobId,
    onEnd: ({ name, status, error, message }) => {
      // Then the list is refreshed once more and polling stops (FILE-05).
      void queryClient.invalidateQueries({ queryKey: priceFileKeys.all });
      if (error) toast.error(tc('messages.upload-error'));
      else if (status?.osReturnCode === 0) toast.success(t('price-report.done', { name }));
      else toast.error(t('price-report.failed', { name, message }));
    },
  });
  const { polling, status } = job;
  const list = usePriceFiles(!polling);

  const rows = list.data ?? [];

  const onDownload = async (row: PriceFileItem) => {
    try {
      await downloadPriceFile(row.sequence, row.fileName);
    } catch {
      toast.error(tc('messages.download-error'));
    }
  };

  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('price-report.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: '75ch' }}>
        {t('price-report.intro')}
      </Typography>
      <Stack spacing={2} sx={{ mb: 3 }}>
        {!mayUpload && <WriteNeedsTask write="price-file-for-dealer" />}
        {corporate && mayUpload && (
          <TextField
            label={t('price-report.merchant-no')}
            value={merchantNo}
            onChange={(e) => setMerchantNo(e.target.value)}
            error={merchantNo !== '' && !merchantValid}
            helperText={merchantNo !== '' && !merchantValid ? t('price-report.merchant-no-invalid') : t('price-report.merchant-no-help')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
            // Wide enough for the label in Spanish and French (issue 20).
            sx={{ maxWidth: 400 }}
            required
          />
        )}
        {mayUpload && (
          <CsvUploadButton<PriceUploadAnswer>
            path={PRICE_UPLOAD_PATH}
            fields={corporate ? { merchant_no: merchantNo.trim() } : undefined}
            disabled={(corporate && !merchantValid) || polling}
            onUploaded={(res, file) => {
              void queryClient.invalidateQueries({ queryKey: priceFileKeys.all });
              job.follow(res.data[0], file.name);
            }}
            onError={(err) => {
              // The uploader shows a refused file's reason; the server also lists it as a failed file (decision 0091).
              if (err.code?.startsWith('file-')) void queryClient.invalidateQueries({ queryKey: priceFileKeys.all });
              else toast.error(uploadError(err));
            }}
          />
        )}
        <Box aria-live="polite" role="status" data-testid="price-job-progress">
          {polling && job.current && (
            <Stack spacing={0.5}>
              <Typography variant="body2">
                {status?.rowsTotal
                  ? t('price-report.processing', {
                      name: job.current.name,
                      done: formatNumber(status.rowsDone, i18n.language),
                      total: formatNumber(status.rowsTotal, i18n.language),
                      count: status.rowsTotal,
                    })
                  : t('price-report.processing-unknown', { name: job.current.name })}
              </Typography>
              <LinearProgress
                variant={status?.rowsTotal ? 'determinate' : 'indeterminate'}
                value={status?.rowsTotal ? Math.min(100, (status.rowsDone / status.rowsTotal) * 100) : undefined}
                aria-label={t('price-report.processing-unknown', { name: job.current.name })}
              />
            </Stack>
          )}
        </Box>
      </Stack>

      {/* On a 360 px phone the three columns fit without scrolling sideways: narrower cell padding and
          the download button's icon alone (its accessible name is unchanged). */}
      <StaticTable
        outlined
        label={t('price-report.table-caption')}
        sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
        head={
          <>
            <TableCell>{t('price-report.file-date')}</TableCell>
            <TableCell>{t('price-report.file-status')}</TableCell>
            <TableCell>{t('price-report.download')}</TableCell>
          </>
        }
      >
        <TableStatusRows query={list} colSpan={3} empty={rows.length === 0} emptyText={t('price-report.empty')} />
        {rows.map((row) => {
          const kind = priceStatusKind(row.status);
          return (
            <TableRow key={row.sequence} data-testid={`price-file-${row.sequence}`}>
              <TableCell>
                <Typography variant="body2">{formatDateTime(row.entryDate)}</Typography>
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {row.fileName}
                  {corporate && row.merchantNo != null ? ` · ${row.merchantNo}` : ''}
                </Typography>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={STATUS_COLOR[kind]}
                  icon={STATUS_ICON[kind]}
                  label={t(`price-report.status.${kind}`)}
                />
              </TableCell>
              <TableCell>
                {kind === 'processed' ? (
                  <Button
                    size="small"
                    startIcon={<DownloadIcon />}
                    onClick={() => void onDownload(row)}
                    aria-label={t('price-report.download-file', { name: row.fileName })}
                    sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
                  >
                    <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                      {t('price-report.download')}
                    </Box>
                  </Button>
                ) : kind === 'failed' ? (
                  <Box>
                    <Typography variant="body2" color="error" component="span" sx={{ fontWeight: 600 }}>
                      {t('price-report.error-label')}
                    </Typography>
                    {(row.messageCode || row.message) && (
                      <Typography variant="caption" component="p" sx={{ overflowWrap: 'anywhere' }}>
                        {fileMessage(row.messageCode, row.messageValues, row.message)}
                      </Typography>
                    )}
                  </Box>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {t('price-report.processing-label')}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </StaticTable>
    </>
  );
}

import { Fragment } from 'react';
import { Box, Divider, LinearProgress, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { createSvgIcon } from '@mui/material/utils';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import WarningIcon from '@mui/icons-material/Warning';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unitStatusKind } from '@fc/contract/files';
import { CsvUploadButton } from '@/components/csv-upload-button';
import { useToast } from '@/components/toast';
import { useCan } from '@/lib/session/current-user';
import { WriteNeedsTask } from '@/components/write-needs-task';
import { fileStatusQuery, useFileStatus, type FileStatusUnitRow } from '../api/get-file-status';
import { fileStatusKeys } from '../api/query-keys';
import { TRANSACTION_UPLOAD_PATH, type TransactionUploadAnswer } from '../api/upload-transaction-file';
import { StaticTable, TableStatusRows } from '@/components/table/static-table';
import { useFileMessages } from '@/lib/file-message';
import { useFileJob } from '@/lib/use-file-job';
import { formatDate } from '@fc/contract';

/** The 'equal' status icon: the file held nothing new. */
const EqualIcon = createSvgIcon(<path d="M5 8h14v2.5H5zm0 5.5h14V16H5z" />, 'Equal');

const UNIT = {
  success: { icon: <CheckCircleIcon fontSize="small" color="success" />, color: 'success.dark' },
  failure: { icon: <WarningIcon fontSize="small" color="error" />, color: 'error.main' },
  ok: { icon: <EqualIcon fontSize="small" color="info" />, color: 'info.dark' },
} as const;

/** Column widths (FILE-02). */
const WIDTHS = ['15.94%', '18.84%', '10.87%', '54.35%'];

/**
 * File status (FILE-02, FILE-04): every processed file by processing date, each with a status
 * icon and label (0 success, 1 failure, 2 ok) and its message. Corporate staff also upload the daily
 * transaction file here (FILE-09, FILE-10) and watch it appear.
 */
export default function FileStatusPage() {
  const { t } = useTranslation('files');
  const { t: tc } = useTranslation('common');
  const toast = useToast();
  const queryClient = useQueryClient();
  const { fileMessage, uploadError } = useFileMessages();
  const corporate = useCan('corporate');
  // The transaction file changes loyalty spend and payouts: task 509 (docs/permissions.md).
  const mayUpload = useCan('corpLoyaltyModify');
  const groups = useFileStatus();
  const rows = groups.data ?? [];
  /**
   * The transaction file being processed, shown with a progress bar until it appears in the table: the table
   * is refreshed every 2 s (at most 3 minutes); a failed refresh ends the watch with the catalogue's upload-error.
   */
  const job = useFileJob<TransactionUploadAnswer, FileStatusUnitRow>({
    key: 'transaction-file',
    status: async (answer) => {
      const data = await queryClient.fetchQuery({ ...fileStatusQuery(), staleTime: 0 });
      return data.flatMap((g) => g.units).find((u) => u.seq === Number(answer.sequence)) ?? null;
    },
    follows: (answer) => !!answer.sequence,
    ended: (unit) => !!unit,
    intervalMs: 2000,
    maxPolls: 90,
    onEnd: ({ name, error, timedOut }) => {
      if (error) toast.error(tc('messages.upload-error'));
      else if (!timedOut) toast.info(t('file-status.transactions.processed', { name }));
    },
  });
  const watching = job.polling ? job.current?.name : null;

  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('file-status.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: '75ch' }}>
        {t('file-status.intro')}
      </Typography>

      {corporate && (
        <Box component="section" aria-labelledby="transactions-heading" sx={{ mb: 3 }}>
          <Typography id="transactions-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {t('file-status.transactions.heading')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, maxWidth: '75ch' }}>
            {t('file-status.transactions.intro')}
          </Typography>
          {mayUpload ? (
            <>
              <CsvUploadButton<TransactionUploadAnswer>
                path={TRANSACTION_UPLOAD_PATH}
                onUploaded={(res, file) => {
                  toast.success(t('file-status.transactions.received', { name: file.name }));
                  job.follow(res.data[0], file.name);
                }}
                onError={(err) => {
                  // The uploader shows a refused file's reason; the server also lists it as a failed unit (decision 0091).
                  if (err.code?.startsWith('file-')) void queryClient.invalidateQueries({ queryKey: fileStatusKeys.all });
                  else toast.error(uploadError(err));
                }}
              />
              <Box aria-live="polite" role="status" data-testid="transaction-file-progress" sx={{ mt: 1.5 }}>
                {watching && (
                  <Stack spacing={0.5} sx={{ maxWidth: 480 }}>
                    <Typography variant="body2">{t('file-status.transactions.received', { name: watching })}</Typography>
                    <LinearProgress aria-label={t('file-status.transactions.received', { name: watching })} />
                  </Stack>
                )}
              </Box>
            </>
          ) : (
            <WriteNeedsTask write="transactions-file" />
          )}
          <Divider sx={{ mt: 3 }} />
        </Box>
      )}

      <StaticTable
        outlined
        scrollRegion
        label={t('file-status.table-caption')}
        sx={{ tableLayout: 'fixed', minWidth: 640 }}
        beforeHead={
          <colgroup>
            {WIDTHS.map((w) => (
              <col key={w} style={{ width: w }} />
            ))}
          </colgroup>
        }
        head={
          <>
            <TableCell>{t('file-status.date')}</TableCell>
            <TableCell>{t('file-status.name')}</TableCell>
            <TableCell align="center">{t('file-status.status')}</TableCell>
            <TableCell>{t('file-status.message')}</TableCell>
          </>
        }
      >
        <TableStatusRows query={groups} colSpan={4} empty={rows.length === 0} emptyText={t('file-status.empty')} />
        {rows.map((group) => (
          <Fragment key={group.date}>
            {group.units.map((unit, i) => {
              const kind = unitStatusKind(unit.status);
              return (
                <TableRow key={unit.seq} data-testid={`file-unit-${unit.seq}`}>
                  {i === 0 && (
                    <TableCell component="th" scope="rowgroup" rowSpan={group.units.length} sx={{ verticalAlign: 'top', fontWeight: 600 }}>
                      {formatDate(group.date)}
                    </TableCell>
                  )}
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Typography variant="body2">{unit.name}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t(`file-status.kind.${unit.kind}`, { defaultValue: unit.kind })}
                    </Typography>
                  </TableCell>
                  <TableCell align="center">
                    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center', alignItems: 'center', color: UNIT[kind].color }}>
                      {UNIT[kind].icon}
                      <Typography variant="body2" component="span">
                        {t(`file-status.unit.${kind}`)}
                      </Typography>
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {fileMessage(unit['status-msg-code'], unit['status-msg-values'], unit['status-msg'])}
                  </TableCell>
                </TableRow>
              );
            })}
          </Fragment>
        ))}
      </StaticTable>
    </>
  );
}

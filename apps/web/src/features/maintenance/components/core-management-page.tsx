import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Backdrop,
  Box,
  Button,
  CircularProgress,
  LinearProgress,
  Menu,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatNumber, toMmddyyyy } from '@fc/contract';
import { checkCsvFile, FileErrorCode } from '@fc/contract/files';
import {
  CORE_FILTER_MAX,
  CORE_FILTERS,
  CORE_STATUSES,
  CORE_UPLOAD_MAX_BYTES,
  CORE_UPLOAD_DELAY_MS,
  CoreMessage,
  coreUploadMessage,
  type CorePartRow,
} from '@fc/contract/maintenance';
import { ServerDataGrid } from '@/components/table/server-data-grid';
import { useTableUrlState } from '@/components/table/use-table-url-state';
import { ApiError, download } from '@/lib/api-client';
import { useFileMessages } from '@/lib/file-message';
import { useCan } from '@/lib/session/current-user';
import { useCoreParts } from '../api/get-core-parts';
import { coreReportUrl, useCoreUploadStatus } from '../api/get-core-upload-status';
import { uploadCoreFile } from '../api/upload-core-file';
import { FilterField } from './filter-field';

type UploadPhase = { step: 'waiting' | 'sending'; progress: number; fileName: string } | null;

/**
 * Core management (CORE-01 to CORE-07), also at its alias coreless-parts: core parts
 * filtered by name, number, part and status (applied on blur or Enter), 25 a page; with task 506 the
 * Upload menu (Coreless or Price Verify) and the template. An upload starts 5 s after the file is
 * chosen, under a loading overlay; messages are pushed through ?MESSAGE= with a random id, and the page
 * follows the background job until it ends, offering the report when rows failed.
 */
export default function CoreManagementPage() {
  const { t, i18n } = useTranslation('maintenance');
  const { fileMessage } = useFileMessages();
  const canModify = useCan('coreModify');
  const client = useQueryClient();
  const [, setParams] = useSearchParams();
  const table = useTableUrlState({ defaultSort: [{ field: 'name', direction: 'asc' }], filterNames: CORE_FILTERS });
  const { data, isFetching, isError, refetch } = useCoreParts(table.query);
  const inputRef = useRef<HTMLInputElement>(null);
  const typeRef = useRef<0 | 1>(0);
  const timerRef = useRef<number | undefined>(undefined);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [phase, setPhase] = useState<UploadPhase>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const status = useCoreUploadStatus(jobId);
  const menuId = useId();
  const overlayId = useId();

  useEffect(() => () => window.clearTimeout(timerRef.current), []);

  /** A message on the current route: ?MESSAGE=<code>&id=<random>, so the same message shows again. */
  const pushMessage = useCallback(
    (code: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('MESSAGE', code);
          next.set('id', Math.random().toString(36).slice(2, 10));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const finished = status.data && status.data.osReturnCode !== null ? status.data : null;
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!finished || !jobId || announced.current === jobId) return;
    announced.current = jobId;
    void client.invalidateQueries({ queryKey: ['core-parts'] });
    pushMessage(finished.unitStatus === 1 ? CoreMessage.ErrorsFound : CoreMessage.Processed);
  }, [finished, jobId, client, pushMessage]);

  const chooseType = (type: 0 | 1) => {
    setMenuAnchor(null);
    typeRef.current = type;
    if (inputRef.current) {
      inputRef.current.value = '';
      inputRef.current.click();
    }
  };

  const resetInput = () => {
    if (inputRef.current) inputRef.current.value = '';
  };

  const send = async (file: File, type: 0 | 1) => {
    setPhase({ step: 'sending', progress: 0, fileName: file.name });
    try {
      const answer = await uploadCoreFile(file, type, (f) =>
        setPhase({ step: 'sending', progress: Math.round(f * 100), fileName: file.name }),
      );
      if (answer?.status === 'success') {
        pushMessage(CoreMessage.UploadSuccess);
        announced.current = null;
        setJobId(answer.jobId);
      } else pushMessage(CoreMessage.Unknown);
    } catch (err) {
      pushMessage(err instanceof ApiError ? coreUploadMessage(err.code, err.status) : coreUploadMessage(undefined, 0));
    } finally {
      setPhase(null);
      resetInput();
    }
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    // The server's own limit (413 from it after the 5 s wait otherwise).
    const refused = checkCsvFile(file, CORE_UPLOAD_MAX_BYTES);
    if (refused) {
      pushMessage(refused === FileErrorCode.Type ? CoreMessage.MustBeCsv : CoreMessage.FileError);
      resetInput();
      return;
    }
    const type = typeRef.current;
    setPhase({ step: 'waiting', progress: 0, fileName: file.name });
    timerRef.current = window.setTimeout(() => void send(file, type), CORE_UPLOAD_DELAY_MS);
  };

  const cancelWaiting = () => {
    window.clearTimeout(timerRef.current);
    setPhase(null);
    resetInput();
  };

  const columns = useMemo<GridColDef<CorePartRow>[]>(
    () => [
      { field: 'name', headerName: t('core.name'), flex: 1.4, minWidth: 160 },
      { field: 'cust_no', headerName: t('core.cust-no'), minWidth: 100, valueGetter: (_v, row) => row.custNo },
      { field: 'part_no', headerName: t('core.part-no'), flex: 1, minWidth: 130, valueGetter: (_v, row) => row.partNo },
      {
        field: 'effective_date',
        headerName: t('core.effective-date'),
        minWidth: 120,
        valueGetter: (_v, row) => toMmddyyyy(row.effectiveDate),
      },
      { field: 'expiry_date', headerName: t('core.expiry-date'), minWidth: 120, valueGetter: (_v, row) => toMmddyyyy(row.expiryDate) },
      { field: 'status', headerName: t('core.status'), minWidth: 100, valueGetter: (_v, row) => t(`core.statuses.${row.status}`) },
      {
        field: 'file_type',
        headerName: t('core.file-type'),
        minWidth: 120,
        valueGetter: (_v, row) => t(`core.file-types.${row.fileType}`),
      },
      // Price Verify rows only; not a sort field of the specification.
      { field: 'price', headerName: t('core.price'), minWidth: 110, sortable: false, align: 'right', headerAlign: 'right' },
    ],
    [t],
  );

  const filterLabel = { name: t('core.filter-name'), cust_no: t('core.filter-cust-no'), part_no: t('core.filter-part-no') } as const;
  const hasFilters = Object.keys(table.state.filters).length > 0;
  // Only the changed filter: the others stay as the URL has them.
  const setFilter = (name: string, value: string) => table.update({ filters: { [name]: value } });

  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('core.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('core.intro')}
      </Typography>

      <Stack
        direction={{ xs: 'column', lg: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { lg: 'center' } }}
        role="search"
        aria-label={t('core.filters')}
      >
        {(['name', 'cust_no', 'part_no'] as const).map((name) => (
          <FilterField
            key={name}
            label={filterLabel[name]}
            value={table.state.filters[name] ?? ''}
            maxLength={CORE_FILTER_MAX}
            onCommit={(v) => setFilter(name, v)}
          />
        ))}
        <TextField
          select
          size="small"
          label={t('core.filter-status')}
          value={table.state.filters.status ?? ''}
          onChange={(e) => setFilter('status', e.target.value)}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">{t('core.statuses.all')}</MenuItem>
          {CORE_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`core.statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {canModify && (
            <>
              <Button
                variant="contained"
                endIcon={<ArrowDropDownIcon />}
                aria-haspopup="menu"
                aria-controls={menuAnchor ? menuId : undefined}
                aria-expanded={!!menuAnchor}
                onClick={(e) => setMenuAnchor(e.currentTarget)}
                disabled={!!phase}
              >
                {t('core.upload')}
              </Button>
              <Menu id={menuId} anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
                <MenuItem onClick={() => chooseType(0)}>{t('core.file-types.coreless')}</MenuItem>
                <MenuItem onClick={() => chooseType(1)}>{t('core.file-types.price-verify')}</MenuItem>
              </Menu>
              <Button variant="outlined" href="/samples/upload_template.xlsm" download="upload_template.xlsm">
                {t('core.template')}
              </Button>
            </>
          )}
          <Button
            variant="outlined"
            onClick={() => table.update({ filters: { name: '', cust_no: '', part_no: '', status: '' } })}
            disabled={!hasFilters}
          >
            {t('common:actions.clear')}
          </Button>
        </Stack>
      </Stack>
      <input
        ref={inputRef}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="core-file-input"
        onChange={(e) => onFile(e.target.files?.[0])}
      />

      {jobId && status.data && (
        <Alert
          severity={!finished ? 'info' : finished.unitStatus === 1 ? 'warning' : 'success'}
          sx={{ mb: 2 }}
          data-testid="core-upload-status"
          action={
            finished?.hasReport ? (
              <Button
                color="inherit"
                size="small"
                onClick={() =>
                  void download(coreReportUrl(jobId), `core-upload-report-${status.data!.fileName.replace(/\.csv$/i, '')}.csv`).catch(() =>
                    pushMessage('download-error'),
                  )
                }
              >
                {t('core.download-report')}
              </Button>
            ) : undefined
          }
        >
          <Box>
            {finished
              ? t('core.job-done', {
                  name: status.data.fileName,
                  message: fileMessage(finished.messageCode, finished.messageValues, finished.message),
                })
              : t('core.job-running', {
                  name: status.data.fileName,
                  done: formatNumber(status.data.rowsDone, i18n.language),
                  count: status.data.rowsDone,
                })}
          </Box>
          {!finished && (
            <LinearProgress
              sx={{ mt: 1 }}
              aria-label={t('core.job-running', {
                name: status.data.fileName,
                done: formatNumber(status.data.rowsDone, i18n.language),
                count: status.data.rowsDone,
              })}
            />
          )}
        </Alert>
      )}

      <ServerDataGrid<CorePartRow>
        label={t('core.table')}
        rows={data?.rows ?? []}
        columns={columns}
        total={data?.total ?? 0}
        loading={isFetching}
        error={isError}
        onRetry={() => void refetch()}
        state={table.state}
        onStateChange={table.update}
      />

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
            <Button color="inherit" variant="outlined" sx={{ mt: 2 }} onClick={cancelWaiting} autoFocus>
              {t('common:actions.cancel')}
            </Button>
          )}
        </Box>
      </Backdrop>
    </>
  );
}

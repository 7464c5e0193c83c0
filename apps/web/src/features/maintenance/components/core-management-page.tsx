import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, Menu, MenuItem, Stack, TextField, Typography } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useUrlSearchParams } from '@/lib/url-search';
import { useTranslation } from 'react-i18next';
import { toMmddyyyy } from '@fc/contract';
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
import { serverGridProps } from '@/components/table/server-grid-props';
import { ServerDataGrid } from '@/components/table/server-data-grid';
import { useTableUrlState } from '@/components/table/use-table-url-state';
import { useCan } from '@/lib/session/current-user';
import { useFileJob } from '@/lib/use-file-job';
import { useCoreParts } from '../api/get-core-parts';
import { getCoreUploadStatus, type CoreUploadStatus } from '../api/get-core-upload-status';
import { CORE_UPLOAD_PATH, type CoreUploadAnswer } from '../api/upload-core-file';
import { CoreUploadOverlay } from './core-upload-overlay';
import { CoreUploadStatusAlert } from './core-upload-status';
import { FilterField } from './filter-field';
import { corePartKeys } from '../api/query-keys';

/**
 * Core management (CORE-01 to CORE-07), also at its alias coreless-parts: core parts
 * filtered by name, number, part and status (applied on blur or Enter), 25 a page; with task 506 the
 * Upload menu (Coreless or Price Verify) and the template. An upload starts 5 s after the file is
 * chosen, under a loading overlay; messages are pushed through ?MESSAGE= with a random id, and the page
 * follows the background job until it ends, offering the report when rows failed.
 */
export default function CoreManagementPage() {
  const { t } = useTranslation('maintenance');
  const canModify = useCan('coreModify');
  const client = useQueryClient();
  const [, setParams] = useUrlSearchParams();
  const table = useTableUrlState({ defaultSort: [{ field: 'name', direction: 'asc' }], filterNames: CORE_FILTERS });
  const list = useCoreParts(table.query);
  const inputRef = useRef<HTMLInputElement>(null);
  const typeRef = useRef<0 | 1>(0);
  const timerRef = useRef<number | undefined>(undefined);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  /** The file waiting its 5 s before it is sent (CORE-04). */
  const [waiting, setWaiting] = useState<string | null>(null);
  const menuId = useId();

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

  const resetInput = () => {
    if (inputRef.current) inputRef.current.value = '';
  };

  // Upload, then follow the job every second until it ends (CORE-05).
  const job = useFileJob<CoreUploadAnswer, CoreUploadStatus>({
    key: 'core-upload-status',
    status: async (answer) => (await getCoreUploadStatus(answer.jobId!)) ?? null,
    follows: (answer) => answer.status === 'success' && !!answer.jobId,
    onAccepted: (answer) => {
      resetInput();
      pushMessage(answer?.status === 'success' ? CoreMessage.UploadSuccess : CoreMessage.Unknown);
    },
    onRefused: (err) => {
      resetInput();
      pushMessage(coreUploadMessage(err.code, err.status));
    },
    onEnd: ({ status, error }) => {
      if (!status || error) return;
      void client.invalidateQueries({ queryKey: corePartKeys.all });
      pushMessage(status.unitStatus === 1 ? CoreMessage.ErrorsFound : CoreMessage.Processed);
    },
  });
  const phase = waiting
    ? { step: 'waiting' as const, progress: 0, fileName: waiting }
    : job.sending && { step: 'sending' as const, progress: job.sending.progress, fileName: job.sending.name };
  const jobId = job.current?.answer.jobId;

  const chooseType = (type: 0 | 1) => {
    setMenuAnchor(null);
    typeRef.current = type;
    if (inputRef.current) {
      inputRef.current.value = '';
      inputRef.current.click();
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
    setWaiting(file.name);
    timerRef.current = window.setTimeout(() => {
      setWaiting(null);
      void job.send(CORE_UPLOAD_PATH, file, { type });
    }, CORE_UPLOAD_DELAY_MS);
  };

  const cancelWaiting = () => {
    window.clearTimeout(timerRef.current);
    setWaiting(null);
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

      {jobId && job.status && (
        <CoreUploadStatusAlert
          jobId={jobId}
          status={job.status}
          message={job.message}
          ended={job.ended}
          onDownloadError={() => pushMessage('download-error')}
        />
      )}

      <ServerDataGrid<CorePartRow> label={t('core.table')} {...serverGridProps(list, table)} columns={columns} />

      <CoreUploadOverlay phase={phase || null} onCancel={cancelWaiting} />
    </>
  );
}

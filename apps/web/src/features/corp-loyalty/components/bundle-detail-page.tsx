import { useEffect, useRef, useState } from 'react';
import { Box, Button, Chip, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { GridColDef } from '@mui/x-data-grid';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatSort } from '@fc/contract';
import { checkCsvFile } from '@fc/contract/files';
import { isBundleActive, type ItemCodeRow } from '@fc/contract/loyalty';
import { readableDetail } from '@/lib/server-error-text';
import { ApiError, type Flat } from '@/lib/api-client';
import { useCan } from '@/lib/session/current-user';
import { useFileJob } from '@/lib/use-file-job';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { serverGridProps } from '@/components/table/server-grid-props';
import { ServerDataGrid } from '@/components/table/server-data-grid';
import { useTableUrlState } from '@/components/table/use-table-url-state';
import { useDeleteItemCode } from '../api/delete-item-code';
import { exportItemCodes } from '../api/export-item-codes';
import { useBundle } from '../api/get-bundle';
import { useItemCodes } from '../api/get-item-codes';
import { uploadItemCodes, type ItemCodeImportAnswer } from '../api/import-item-codes';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EditItemCodeDialog } from './edit-item-code-dialog';
import { ItemCodesDialog } from './item-codes-dialog';
import { actionsColumn } from './row-menu';
import { SearchField } from '@/components/search-field';
import { useCsvExport } from './use-csv-export';
import { isKnownCode, useFormats, useLoyaltyText } from './use-loyalty-text';
import { corpLoyaltyKeys } from '../api/query-keys';

type Row = Flat<ItemCodeRow>;

/**
 * The bundle detail page (LOY-20): the bundle's name, description and status, and its item
 * codes (search, sort, server paging; default item_code ascending) with bulk import, CSV export, add, edit
 * and delete. An inactive bundle allows no change. A missing or unknown bundle goes back to the list.
 */
export default function BundleDetailPage() {
  const { t } = useTranslation('corp-loyalty');
  const fmt = useFormats();
  const loyaltyText = useLoyaltyText();
  const toast = useToast();
  const navigate = useNavigate();
  const { bundleId } = useParams();
  const seq = /^\d{1,10}$/.test(bundleId ?? '') ? Number(bundleId) : undefined;
  const bundle = useBundle(seq);
  const canModify = useCan('corpLoyaltyModify');
  const active = !!bundle.data && isBundleActive(bundle.data.status);
  const canChange = canModify && active;
  const { state, defaultSort, update } = useTableUrlState({ defaultSort: [{ field: 'item_code', direction: 'asc' }] });
  const query = new URLSearchParams();
  query.set('filter[bundle_seq]', String(seq ?? 0));
  query.set('page[number]', String(state.page));
  query.set('page[size]', String(state.size));
  if (state.sort.length) query.set('filter[sort]', formatSort(state.sort));
  if (state.search) query.set('filter[search]', state.search);
  const codes = useItemCodes(query, !!bundle.data);
  const csv = useCsvExport();
  const remove = useDeleteItemCode();
  const fileRef = useRef<HTMLInputElement>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);

  // A missing or unknown bundle: back to the bundle list with the 'bundle not found' toast (section 2).
  const notFound =
    seq === undefined ||
    (bundle.isError && bundle.error instanceof ApiError && (bundle.error.status === 404 || bundle.error.status === 400));
  const redirected = useRef(false);
  useEffect(() => {
    if (notFound && !redirected.current) {
      redirected.current = true;
      toast.error(t('toasts.bundle-not-found'));
      void navigate('/corp/loyalty?tab=bundles', { replace: true });
    }
  }, [notFound, navigate, t, toast]);

  const queryClient = useQueryClient();
  const resetFile = () => {
    if (fileRef.current) fileRef.current.value = '';
  };
  // The import answers once its unit has run (decision 0820): the job ends with the answer, nothing to poll.
  const importer = useFileJob<ItemCodeImportAnswer>({
    key: 'item-code-import',
    onAccepted: (answer) => {
      if (answer) return;
      resetFile();
      toast.error(t('toasts.bulk-import-generic-failure'));
    },
    onEnd: ({ answer }) => {
      resetFile();
      void queryClient.invalidateQueries({ queryKey: corpLoyaltyKeys.all });
      if (answer.status === 'success') toast.success(t('toasts.bulk-import-succeeded'));
      else toast.error(t('toasts.bulk-import-generic-failure'));
    },
    onRefused: (err) => {
      resetFile();
      // A 400 lists the rows' errors (section 8): all of them in one list the user can read and copy, under
      // 'bulk import failed', rather than a toast each queued for minutes (docs/decisions/0330).
      if (err.status === 400 && err.errors.length) {
        // Each row's reason in this language from its code and values (meta.reason, decision 0410).
        toast.errors(
          t('toasts.bulk-import-failed'),
          err.errors.map((e) =>
            e.code === 'import-more-errors'
              ? t('toasts.import-more-errors', { count: Number(e.meta?.more ?? 0) })
              : !e.meta?.reason && isKnownCode(e.code)
                ? loyaltyText(e.code)
                : readableDetail(e, t('toasts.bulk-import-generic-failure')),
          ),
        );
      } else toast.error(t('toasts.bulk-import-generic-failure'));
    },
  });

  const importFile = (file: File) => {
    if (checkCsvFile(file)) {
      toast.error(t('toasts.bulk-import-csv-only'));
      resetFile();
      return;
    }
    void importer.send(uploadItemCodes(seq!), file);
  };

  const columns: GridColDef<Row>[] = [
    { field: 'item_code', headerName: t('item-code.columns.item_code'), width: 130, valueGetter: (_v, r) => r.itemCode },
    {
      field: 'description',
      headerName: t('item-code.columns.description'),
      minWidth: 200,
      flex: 1,
      valueGetter: (_v, r) => r.description ?? '',
    },
    { field: 'date_added', headerName: t('item-code.columns.date_added'), width: 180, valueGetter: (_v, r) => fmt.timestamp(r.dateAdded) },
    {
      field: 'last_modified',
      headerName: t('item-code.columns.last_modified'),
      width: 180,
      valueGetter: (_v, r) => fmt.timestamp(r.lastModified),
    },
    { field: 'modified_by', headerName: t('item-code.columns.modified_by'), width: 130, valueGetter: (_v, r) => r.modifiedBy ?? '' },
    // No actions, no menu: a user who may not change the codes sees an empty cell.
    actionsColumn<Row>(t('columns.actions'), (row) => ({
      label: t('row-actions', { name: row.itemCode }),
      actions: canChange
        ? [
            { label: t('actions.edit'), onClick: () => setEditing(row) },
            { label: t('actions.delete'), onClick: () => setDeleting(row) },
          ]
        : [],
    })),
  ];

  const b = bundle.data;
  const importDisabledReason = !active ? t('item-code.import-inactive') : undefined;
  return (
    <>
      <PageBreadcrumbs
        trail={[
          { label: t('common:routes.corp-loyalty'), to: '/corp/loyalty' },
          { label: t('tabs.bundles'), to: '/corp/loyalty?tab=bundles' },
        ]}
        current={b?.bundleName ?? t('bundle.heading')}
      />
      <Button component={Link} to="/corp/loyalty?tab=bundles" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('bundle.all-bundles')}
      </Button>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h1">{b?.bundleName ?? t('bundle.heading')}</Typography>
        {b && <Chip size="small" color={active ? 'success' : 'default'} label={t(`status.${active ? 'Active' : 'Inactive'}`)} />}
      </Stack>
      {b && (
        <Box sx={{ mb: 2 }}>
          <Typography color="text.secondary" data-testid="bundle-description">
            {active ? (b.description ?? '') : `${t('bundle.inactive-prefix')}${b.description ?? ''}`}
          </Typography>
          {!active && b.deactivateComment && (
            <Typography variant="body2" color="text.secondary">
              {t('bundle.deactivated-because', { comment: b.deactivateComment })}
            </Typography>
          )}
        </Box>
      )}
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1}
        sx={{ mb: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <SearchField value={state.search} label={t('item-code.search')} onSearch={(search) => update({ search })} />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {canModify && (
            <Tooltip title={importDisabledReason ?? t('item-code.import-help')}>
              {/* A disabled button sends no events: the span carries the tooltip (and its focus). */}
              <span tabIndex={importDisabledReason ? 0 : undefined}>
                <Button
                  variant="outlined"
                  startIcon={<UploadFileIcon />}
                  disabled={!canChange || !!importer.sending}
                  onClick={() => fileRef.current?.click()}
                >
                  {t('item-code.bulk-import')}
                </Button>
                <input
                  ref={fileRef}
                  type="file"
                  accept=".csv,text/csv"
                  hidden
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) importFile(file);
                  }}
                />
              </span>
            </Tooltip>
          )}
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={!b || csv.busy}
            onClick={() =>
              void csv.run(() => exportItemCodes(b!.bundleSeq, b!.bundleName, { search: state.search, sort: formatSort(state.sort) }))
            }
          >
            {t('export-csv')}
          </Button>
          {canChange && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              {t('item-code.add')}
            </Button>
          )}
        </Stack>
      </Stack>
      <ServerDataGrid<Row>
        disableVirtualization
        label={t('item-code.table')}
        {...serverGridProps(codes, { state, defaultSort, update })}
        columns={columns}
        loading={codes.isFetching || bundle.isLoading}
        getRowId={(r) => r.itemCodeSeq}
      />
      {seq && <ItemCodesDialog open={adding} bundleSeq={seq} onClose={() => setAdding(false)} />}
      {seq && <EditItemCodeDialog row={editing} bundleSeq={seq} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title={t('item-code.delete-title')}
        text={deleting ? t('item-code.delete-text', { code: deleting.itemCode }) : ''}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync({ bundleSeq: seq!, itemCode: deleting!.itemCode });
            toast.success(t('toasts.item-code-deleted'));
            setDeleting(null);
          } catch {
            toast.error(t('toasts.item-code-delete-failed'));
          }
        }}
      />
    </>
  );
}

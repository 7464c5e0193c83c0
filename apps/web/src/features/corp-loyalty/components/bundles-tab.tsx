import { useState } from 'react';
import { Button, Link as MuiLink, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import type { GridColDef } from '@mui/x-data-grid';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatSort } from '@fc/contract';
import { canDeactivateBundle, canEditBundle, type BundleRow } from '@fc/contract/loyalty';
import type { Flat } from '@/lib/api-client';
import { useCan } from '@/lib/session/current-user';
import { ServerDataGrid } from '@/components/table/server-data-grid';
import { useTableUrlState } from '@/components/table/use-table-url-state';
import { exportLoyaltyCsv } from '../api/export-loyalty-csv';
import { useBundles } from '../api/get-bundles';
import { BundleDialog } from './bundle-dialog';
import { DeactivateBundleDialog } from './deactivate-bundle-dialog';
import { RowMenu, type RowAction } from './row-menu';
import { SearchField } from '@/components/search-field';
import { useCsvExport } from './use-csv-export';
import { useFormats } from './use-loyalty-text';

type Row = Flat<BundleRow>;

/** Bundles tab: the bundles with the templates that use them; edit and delete (deactivate) in the row menu. */
export function BundlesTab() {
  const { t } = useTranslation('corp-loyalty');
  const fmt = useFormats();
  const canModify = useCan('corpLoyaltyModify');
  const { state, update, query } = useTableUrlState({ prefix: 'b', defaultSort: [{ field: 'bundle_name', direction: 'asc' }] });
  const { data, isFetching, isError, refetch } = useBundles(query);
  const csv = useCsvExport();
  const [dialog, setDialog] = useState<{ bundle?: Row } | null>(null);
  const [deactivating, setDeactivating] = useState<Row | null>(null);

  const columns: GridColDef<Row>[] = [
    {
      field: 'bundle_name',
      headerName: t('bundle.columns.bundle_name'),
      minWidth: 180,
      flex: 1,
      valueGetter: (_v, r) => r.bundleName,
      renderCell: ({ row }) => (
        <MuiLink component={Link} to={`/corp/loyalty/bundle/${row.bundleId}`}>
          {row.bundleName}
        </MuiLink>
      ),
    },
    { field: 'status', headerName: t('bundle.columns.status'), width: 110, valueGetter: (_v, r) => t(`status.${r.status}`) },
    { field: 'description', headerName: t('bundle.columns.description'), minWidth: 180, flex: 1 },
    {
      field: 'used_in_templates',
      headerName: t('bundle.columns.used_in_templates'),
      minWidth: 180,
      flex: 1,
      valueGetter: (_v, r) => r.usedInTemplates,
    },
    {
      field: 'last_modified',
      headerName: t('bundle.columns.last_modified'),
      width: 180,
      valueGetter: (_v, r) => fmt.timestamp(r.lastModified),
    },
    { field: 'modified_by', headerName: t('bundle.columns.modified_by'), width: 130, valueGetter: (_v, r) => r.modifiedBy ?? '' },
    {
      field: 'actions',
      headerName: t('columns.actions'),
      // Room for the header in Spanish ("Acciones", issue 20).
      width: 96,
      sortable: false,
      renderCell: ({ row }) => {
        const actions: RowAction[] = [];
        if (canEditBundle(row, canModify)) actions.push({ label: t('actions.edit'), onClick: () => setDialog({ bundle: row }) });
        if (canDeactivateBundle(row, canModify)) actions.push({ label: t('actions.delete'), onClick: () => setDeactivating(row) });
        // Delete is not offered while templates use the bundle: say so rather than leave it out unexplained.
        else if (canEditBundle(row, canModify))
          actions.push({
            label: t('actions.delete'),
            onClick: () => undefined,
            reason: t('bundle.delete-unavailable', { templates: row.usedInTemplates || '—' }),
          });
        return <RowMenu label={t('row-actions', { name: row.bundleName })} actions={actions} />;
      },
    },
  ];

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <SearchField value={state.search} label={t('bundle.search')} onSearch={(search) => update({ search })} />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={csv.busy}
            onClick={() => void csv.run(() => exportLoyaltyCsv('bundle', { search: state.search, sort: formatSort(state.sort) }))}
          >
            {t('export-csv')}
          </Button>
          {canModify && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})}>
              {t('bundle.add')}
            </Button>
          )}
        </Stack>
      </Stack>
      <ServerDataGrid<Row>
        disableVirtualization
        label={t('tabs.bundles')}
        rows={data?.rows ?? []}
        columns={columns}
        total={data?.total ?? 0}
        loading={isFetching}
        error={isError}
        onRetry={() => void refetch()}
        state={state}
        onStateChange={update}
        getRowId={(r) => r.bundleId}
      />
      <BundleDialog open={!!dialog} bundle={dialog?.bundle} onClose={() => setDialog(null)} />
      <DeactivateBundleDialog row={deactivating} onClose={() => setDeactivating(null)} />
    </>
  );
}

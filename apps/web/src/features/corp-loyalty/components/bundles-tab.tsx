import { useState } from 'react';
import { Link as MuiLink } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canDeactivateBundle, canEditBundle, type BundleRow } from '@fc/contract/loyalty';
import type { Flat } from '@/lib/api-client';
import { useCan } from '@/lib/session/current-user';
import { serverGridProps } from '@/components/table/server-grid-props';
import { ServerDataGrid } from '@/components/table/server-data-grid';
import { useTableUrlState } from '@/components/table/use-table-url-state';
import { useBundles } from '../api/get-bundles';
import { BundleDialog } from './bundle-dialog';
import { DeactivateBundleDialog } from './deactivate-bundle-dialog';
import { actionsColumn, type RowAction } from './row-menu';
import { TabToolbar } from './tab-toolbar';
import { useFormats } from './use-loyalty-text';

type Row = Flat<BundleRow>;

/** Bundles tab: the bundles with the templates that use them; edit and delete (deactivate) in the row menu. */
export function BundlesTab() {
  const { t } = useTranslation('corp-loyalty');
  const fmt = useFormats();
  const canModify = useCan('corpLoyaltyModify');
  const { state, defaultSort, update, query } = useTableUrlState({
    prefix: 'b',
    defaultSort: [{ field: 'bundle_name', direction: 'asc' }],
  });
  const list = useBundles(query);
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
    actionsColumn<Row>(t('columns.actions'), (row) => {
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
      return { label: t('row-actions', { name: row.bundleName }), actions };
    }),
  ];

  return (
    <>
      <TabToolbar
        kind="bundle"
        state={state}
        onSearch={(search) => update({ search })}
        searchLabel={t('bundle.search')}
        addLabel={t('bundle.add')}
        onAdd={canModify ? () => setDialog({}) : undefined}
      />
      <ServerDataGrid<Row>
        disableVirtualization
        label={t('tabs.bundles')}
        {...serverGridProps(list, { state, defaultSort, update })}
        columns={columns}
        getRowId={(r) => r.bundleId}
      />
      <BundleDialog open={!!dialog} bundle={dialog?.bundle} onClose={() => setDialog(null)} />
      <DeactivateBundleDialog row={deactivating} onClose={() => setDeactivating(null)} />
    </>
  );
}

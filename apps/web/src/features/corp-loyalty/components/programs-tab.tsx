import { useCallback, useState } from 'react';
import { Button, Link, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { formatSort } from '@fc/contract';
import { canEditTemplate, TemplateStatus, type TemplateRow } from '@fc/contract/loyalty';
import type { Flat } from '@/lib/api-client';
import { useCan } from '@/lib/session/current-user';
import { ServerDataGrid } from '@/components/table/server-data-grid';
import { useTableUrlState } from '@/components/table/use-table-url-state';
import { exportLoyaltyCsv } from '../api/export-loyalty-csv';
import { useTemplates } from '../api/get-templates';
import { DeactivateTemplateDialog } from './deactivate-template-dialog';
import { RowMenu, type RowAction } from './row-menu';
import { SearchField } from '@/components/search-field';
import { TemplateDialog, type TemplateDialogMode } from './template-dialog';
import { useCsvExport } from './use-csv-export';
import { useFormats } from './use-loyalty-text';

type Row = Flat<TemplateRow>;

/** Programs tab: the templates with their figures; Deactivate and Edit in the row menu (section 2). */
export function ProgramsTab() {
  const { t } = useTranslation('corp-loyalty');
  const fmt = useFormats();
  const canModify = useCan('corpLoyaltyModify');
  const { state, update, query } = useTableUrlState({ prefix: 'p', defaultSort: [{ field: 'loyalty_program_name', direction: 'asc' }] });
  const { data, isFetching, isError, refetch } = useTemplates(query);
  const csv = useCsvExport();
  const [dialog, setDialog] = useState<{ mode: TemplateDialogMode; seq?: number } | null>(null);
  const [deactivating, setDeactivating] = useState<Row | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);

  const columns: GridColDef<Row>[] = [
    {
      field: 'loyalty_program_name',
      headerName: t('template.columns.loyalty_program_name'),
      minWidth: 180,
      flex: 1,
      valueGetter: (_v, r) => r.loyaltyProgramName,
      // The name opens the form when it may be edited, the read-only view otherwise (section 4).
      renderCell: ({ row }) => (
        <Link
          component="button"
          type="button"
          onClick={() => setDialog({ mode: canEditTemplate(row, canModify) ? 'edit' : 'view', seq: row.loyaltyProgramSeq })}
        >
          {row.loyaltyProgramName}
        </Link>
      ),
    },
    {
      field: 'loyalty_program_status',
      headerName: t('template.columns.loyalty_program_status'),
      width: 110,
      valueGetter: (_v, r) => t(`status.${r.loyaltyProgramStatus}`),
    },
    {
      field: 'milestone_count',
      headerName: t('template.columns.milestone_count'),
      width: 120,
      type: 'number',
      valueGetter: (_v, r) => r.milestoneCount,
    },
    {
      field: 'total_program_spending',
      headerName: t('template.columns.total_program_spending'),
      width: 170,
      type: 'number',
      valueGetter: (_v, r) => r.totalProgramSpending,
      valueFormatter: (_v, r) => fmt.money(r.totalProgramSpending, r.currencyConfig),
    },
    {
      field: 'template_goal_spend',
      headerName: t('template.columns.template_goal_spend'),
      width: 160,
      type: 'number',
      valueGetter: (_v, r) => r.templateGoalSpend,
      valueFormatter: (_v, r) => fmt.money(r.templateGoalSpend, r.currencyConfig),
    },
    {
      field: 'total_payout',
      headerName: t('template.columns.total_payout'),
      width: 140,
      type: 'number',
      valueGetter: (_v, r) => r.totalPayout,
      valueFormatter: (_v, r) => fmt.money(r.totalPayout, r.currencyConfig),
    },
    {
      field: 'currency_config',
      headerName: t('template.columns.currency_config'),
      width: 130,
      valueGetter: (_v, r) => t(`currency-config.${r.currencyConfig}`),
    },
    {
      field: 'active_enrollees',
      headerName: t('template.columns.active_enrollees'),
      width: 130,
      type: 'number',
      valueGetter: (_v, r) => r.activeEnrollees,
    },
    {
      field: 'actions',
      headerName: t('columns.actions'),
      // Room for the header in Spanish ("Acciones", issue 20).
      width: 96,
      sortable: false,
      renderCell: ({ row }) => {
        const actions: RowAction[] = [];
        if (canModify && row.loyaltyProgramStatus === TemplateStatus.Active)
          actions.push({ label: t('template.deactivate'), onClick: () => setDeactivating(row) });
        if (canEditTemplate(row, canModify))
          actions.push({ label: t('actions.edit'), onClick: () => setDialog({ mode: 'edit', seq: row.loyaltyProgramSeq }) });
        // Active customers keep the template's terms (decision 0072): Edit says why it is not available.
        else if (canModify && row.loyaltyProgramStatus === TemplateStatus.Active)
          actions.push({ label: t('actions.edit'), onClick: () => undefined, reason: t('template.edit-unavailable') });
        return <RowMenu label={t('row-actions', { name: row.loyaltyProgramName })} actions={actions} />;
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
        <SearchField value={state.search} label={t('template.search')} onSearch={(search) => update({ search })} />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={csv.busy}
            onClick={() => void csv.run(() => exportLoyaltyCsv('program', { search: state.search, sort: formatSort(state.sort) }))}
          >
            {t('export-csv')}
          </Button>
          {canModify && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'add' })}>
              {t('template.add')}
            </Button>
          )}
        </Stack>
      </Stack>
      <ServerDataGrid<Row>
        disableVirtualization
        label={t('tabs.programs')}
        rows={data?.rows ?? []}
        columns={columns}
        total={data?.total ?? 0}
        loading={isFetching}
        error={isError}
        onRetry={() => void refetch()}
        state={state}
        onStateChange={update}
        getRowId={(r) => r.loyaltyProgramSeq}
      />
      <TemplateDialog open={!!dialog} mode={dialog?.mode ?? 'add'} seq={dialog?.seq} onClose={closeDialog} />
      <DeactivateTemplateDialog row={deactivating} onClose={() => setDeactivating(null)} />
    </>
  );
}

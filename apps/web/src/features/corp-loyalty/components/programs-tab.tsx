import { useCallback, useState } from 'react';
import { Link } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { canEditTemplate, TemplateStatus, type TemplateRow } from '@fc/contract/loyalty';
import type { Flat } from '@/lib/api-client';
import { useCan } from '@/lib/session/current-user';
import { serverGridProps } from '@/components/table/server-grid-props';
import { ServerDataGrid } from '@/components/table/server-data-grid';
import { useTableUrlState } from '@/components/table/use-table-url-state';
import { useTemplates } from '../api/get-templates';
import { DeactivateTemplateDialog } from './deactivate-template-dialog';
import { actionsColumn, type RowAction } from './row-menu';
import { TemplateDialog, type TemplateDialogMode } from './template-dialog';
import { TabToolbar } from './tab-toolbar';
import { useFormats } from './use-loyalty-text';

type Row = Flat<TemplateRow>;

/** Programs tab: the templates with their figures; Deactivate and Edit in the row menu (section 2). */
export function ProgramsTab() {
  const { t } = useTranslation('corp-loyalty');
  const fmt = useFormats();
  const canModify = useCan('corpLoyaltyModify');
  const { state, defaultSort, update, query } = useTableUrlState({
    prefix: 'p',
    defaultSort: [{ field: 'loyalty_program_name', direction: 'asc' }],
  });
  const list = useTemplates(query);
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
    actionsColumn<Row>(t('columns.actions'), (row) => {
      const actions: RowAction[] = [];
      if (canModify && row.loyaltyProgramStatus === TemplateStatus.Active)
        actions.push({ label: t('template.deactivate'), onClick: () => setDeactivating(row) });
      if (canEditTemplate(row, canModify))
        actions.push({ label: t('actions.edit'), onClick: () => setDialog({ mode: 'edit', seq: row.loyaltyProgramSeq }) });
      // Active customers keep the template's terms (decision 0072): Edit says why it is not available.
      else if (canModify && row.loyaltyProgramStatus === TemplateStatus.Active)
        actions.push({ label: t('actions.edit'), onClick: () => undefined, reason: t('template.edit-unavailable') });
      return { label: t('row-actions', { name: row.loyaltyProgramName }), actions };
    }),
  ];

  return (
    <>
      <TabToolbar
        kind="program"
        state={state}
        onSearch={(search) => update({ search })}
        searchLabel={t('template.search')}
        addLabel={t('template.add')}
        onAdd={canModify ? () => setDialog({ mode: 'add' }) : undefined}
      />
      <ServerDataGrid<Row>
        disableVirtualization
        label={t('tabs.programs')}
        {...serverGridProps(list, { state, defaultSort, update })}
        columns={columns}
        getRowId={(r) => r.loyaltyProgramSeq}
      />
      <TemplateDialog open={!!dialog} mode={dialog?.mode ?? 'add'} seq={dialog?.seq} onClose={closeDialog} />
      <DeactivateTemplateDialog row={deactivating} onClose={() => setDeactivating(null)} />
    </>
  );
}

import { useState } from 'react';
import { Box } from '@mui/material';
import type { GridColDef, GridRenderCellParams } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { toMmddyyyy } from '@fc/contract';
import { isEnrolled, progressionShown, type EnrolmentRow } from '@fc/contract/loyalty';
import type { Flat } from '@/lib/api-client';
import { useCan } from '@/lib/session/current-user';
import { useToast } from '@/components/toast';
import { serverGridProps } from '@/components/table/server-grid-props';
import { ServerDataGrid } from '@/components/table/server-data-grid';
import { useTableUrlState } from '@/components/table/use-table-url-state';
import { useEnrolments } from '../api/get-enrolments';
import { useUnenroll } from '../api/unenroll';
import { AddEnrolmentDialog } from './add-enrolment-dialog';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RowMenu } from './row-menu';
import { TabToolbar } from './tab-toolbar';
import { useFormats } from './use-loyalty-text';

type Row = Flat<EnrolmentRow>;

/**
 * A text cell wraps onto more lines rather than being cut (the dense grid's rows grow to fit); a word longer
 * than the column still shows whole on hover.
 */
const titledCell = ({ formattedValue }: GridRenderCellParams<Row>) => (
  <Box
    component="span"
    title={String(formattedValue ?? '')}
    sx={{ whiteSpace: 'normal', lineHeight: 1.3, overflow: 'hidden', textOverflow: 'ellipsis' }}
  >
    {String(formattedValue ?? '')}
  </Box>
);

/** Customers tab: the enrolments, 25 a page, searchable and sortable on the server, with CSV export (section 2). */
export function CustomersTab() {
  const { t } = useTranslation('corp-loyalty');
  const fmt = useFormats();
  const toast = useToast();
  const canModify = useCan('corpLoyaltyModify');
  const { state, defaultSort, update, query } = useTableUrlState({
    prefix: 'c',
    defaultSort: [{ field: 'customer_name', direction: 'asc' }],
    filterNames: ['loyalty_program_seq'],
  });
  const list = useEnrolments(query);
  const unenroll = useUnenroll();
  const [adding, setAdding] = useState(false);
  const [leaving, setLeaving] = useState<Row | null>(null);

  const columns: GridColDef<Row>[] = [
    {
      field: 'customer_name',
      headerName: t('enrolment.columns.customer_name'),
      minWidth: 72,
      flex: 1.2,
      valueGetter: (_v, r) => r.customerName,
      renderCell: titledCell,
    },
    { field: 'cust_no', headerName: t('enrolment.columns.cust_no'), width: 80, valueGetter: (_v, r) => r.custNo },
    {
      field: 'available_credit',
      headerName: t('enrolment.columns.available_credit'),
      width: 106,
      type: 'number',
      valueGetter: (_v, r) => r.availableCredit,
      valueFormatter: (_v, r) => fmt.money(r.availableCredit, r.currency),
    },
    { field: 'start_date', headerName: t('enrolment.columns.start_date'), width: 92, valueGetter: (_v, r) => toMmddyyyy(r.startDate) },
    {
      field: 'current_spend',
      headerName: t('enrolment.columns.current_spend'),
      width: 106,
      type: 'number',
      valueGetter: (_v, r) => r.currentSpend,
      valueFormatter: (_v, r) => fmt.money(r.currentSpend, r.currency),
    },
    {
      field: 'next_milestone_amount',
      headerName: t('enrolment.columns.next_milestone_amount'),
      width: 106,
      type: 'number',
      valueGetter: (_v, r) => r.nextMilestoneAmount,
      valueFormatter: (_v, r) =>
        r.nextMilestoneAmount === null ? t('enrolment.top-reached') : fmt.money(r.nextMilestoneAmount, r.currency),
    },
    {
      field: 'spend_progression',
      headerName: t('enrolment.columns.spend_progression'),
      width: 84,
      type: 'number',
      valueGetter: (_v, r) => progressionShown(r.spendProgression),
      valueFormatter: (v: number) => fmt.percent(v),
    },
    {
      field: 'loyalty_program_name',
      headerName: t('enrolment.columns.loyalty_program_name'),
      minWidth: 66,
      flex: 1,
      valueGetter: (_v, r) => r.loyaltyProgramName,
      renderCell: titledCell,
    },
    {
      field: 'current_milestone_rate',
      headerName: t('enrolment.columns.current_milestone_rate'),
      width: 72,
      type: 'number',
      valueGetter: (_v, r) => r.currentMilestoneRate,
      valueFormatter: (_v, r) => fmt.rate(r.currentMilestoneRate),
    },
    {
      field: 'current_milestone_cap',
      headerName: t('enrolment.columns.current_milestone_cap'),
      width: 106,
      type: 'number',
      valueGetter: (_v, r) => r.currentMilestoneCap,
      valueFormatter: (_v, r) => fmt.money(r.currentMilestoneCap, r.currency),
    },
    {
      field: 'loyalty_program_status',
      headerName: t('enrolment.columns.loyalty_program_status'),
      width: 92,
      valueGetter: (_v, r) => t(`enrolment.status.${r.loyaltyProgramStatus}`, { defaultValue: r.loyaltyProgramStatus }),
      renderCell: titledCell,
    },
    {
      field: 'actions',
      headerName: t('columns.actions'),
      width: 64,
      sortable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) =>
        canModify && isEnrolled(row.loyaltyProgramStatus) ? (
          <RowMenu
            label={t('row-actions', { name: `${row.customerName} – ${row.loyaltyProgramName}` })}
            actions={[{ label: t('enrolment.unenroll'), onClick: () => setLeaving(row) }]}
          />
        ) : null,
    },
  ];

  return (
    <>
      <TabToolbar
        kind="customer"
        state={state}
        onSearch={(search) => update({ search })}
        searchLabel={t('enrolment.search')}
        addLabel={t('enrolment.add')}
        onAdd={canModify ? () => setAdding(true) : undefined}
      />
      {/* Dense: the twelve columns fit a 1366 px screen with the menu open, so the row menu is never off
          screen; headers wrap rather than being cut, and a cut cell shows its whole text on hover. */}
      <ServerDataGrid<Row>
        dense
        disableVirtualization
        label={t('tabs.customers')}
        {...serverGridProps(list, { state, defaultSort, update })}
        columns={columns}
        getRowId={(r) => r.custLoyaltyProgramSeq}
      />
      <AddEnrolmentDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={!!leaving}
        title={t('enrolment.unenroll-title')}
        text={leaving ? t('enrolment.unenroll-text', { customer: leaving.customerName, program: leaving.loyaltyProgramName }) : ''}
        confirmLabel={t('enrolment.unenroll')}
        cancelLabel={t('actions.cancel')}
        onClose={() => setLeaving(null)}
        onConfirm={async () => {
          try {
            await unenroll.mutateAsync(leaving!.custLoyaltyProgramSeq);
            toast.success(t('toasts.unenrolled'));
            setLeaving(null);
          } catch {
            toast.error(t('toasts.unenroll-failed'));
          }
        }}
      />
    </>
  );
}

import { Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { csvExportFileName, formatDateTime } from '@fc/contract';
import { ACCOUNT_REQUEST_STATUSES, accountRequestEndpoints, type AccountRequestStatus } from '@fc/contract/customers';
import { ExportCsvButton } from '@/components/table/export-csv-button';
import { serverGridProps } from '@/components/table/server-grid-props';
import { ServerDataGrid } from '@/components/table/server-data-grid';
import { useTableUrlState } from '@/components/table/use-table-url-state';
import { useToast } from '@/components/toast';
import { WriteNeedsTask } from '@/components/write-needs-task';
import { useCan } from '@/lib/session/current-user';
import { ACCOUNT_REQUESTS_TABLE, useAccountRequests, type AccountRequestRow } from '../api/get-account-requests';
import { useSetAccountRequestStatus } from '../api/set-account-request-status';
import { SearchField } from '@/components/search-field';

/** Corporate staff review account requests (1 to 2 business days) and move each through its status. */
export default function AccountRequestsPage() {
  const { t } = useTranslation('customers');
  const toast = useToast();
  const { state, defaultSort, update, query } = useTableUrlState(ACCOUNT_REQUESTS_TABLE);
  const list = useAccountRequests(query);
  const setStatus = useSetAccountRequestStatus();
  // Approving or rejecting needs task 509 (docs/permissions.md); a view-only user sees the status as text.
  const mayReview = useCan('accountRequestReview');

  const changeStatus = (row: AccountRequestRow, status: AccountRequestStatus) => {
    setStatus.mutate(
      { id: row.id, status },
      {
        onSuccess: () => toast.success(t('requests.status-changed', { company: row.companyName, status: t(`requests.status.${status}`) })),
        onError: () => toast.error(t('requests.status-error')),
      },
    );
  };

  const columns: GridColDef<AccountRequestRow>[] = [
    {
      field: 'created_at',
      headerName: t('requests.columns.created_at'),
      // MM/dd/yyyy HH:mm:ss in every language (decision 0400), read whole.
      width: 180,
      valueGetter: (_v, r) => r.createdAt,
      valueFormatter: (v: string) => formatDateTime(v),
    },
    { field: 'full_name', headerName: t('requests.columns.full_name'), flex: 1, minWidth: 150, valueGetter: (_v, r) => r.fullName },
    { field: 'job_title', headerName: t('requests.columns.job_title'), minWidth: 130, sortable: false, valueGetter: (_v, r) => r.jobTitle },
    {
      field: 'company_name',
      headerName: t('requests.columns.company_name'),
      flex: 1,
      minWidth: 150,
      valueGetter: (_v, r) => r.companyName,
    },
    { field: 'account_number', headerName: t('requests.columns.account_number'), width: 120, valueGetter: (_v, r) => r.accountNumber },
    { field: 'email', headerName: t('requests.columns.email'), minWidth: 190, sortable: false },
    { field: 'phone', headerName: t('requests.columns.phone'), minWidth: 130, sortable: false },
    {
      field: 'state',
      headerName: t('requests.columns.state'),
      minWidth: 170,
      valueGetter: (_v, r) => `${r.city}, ${r.state} ${r.zip} (${r.country})`,
    },
    {
      field: 'status',
      headerName: t('requests.columns.status'),
      width: 170,
      renderCell: ({ row }) =>
        !mayReview ? (
          t(`requests.status.${row.status}`)
        ) : (
          <TextField
            select
            size="small"
            variant="standard"
            value={row.status}
            onChange={(e) => changeStatus(row, e.target.value as AccountRequestStatus)}
            slotProps={{ htmlInput: { 'aria-label': t('requests.status-of', { company: row.companyName }) } }}
            onKeyDown={(e) => e.stopPropagation()}
          >
            {ACCOUNT_REQUEST_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`requests.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        ),
    },
    {
      field: 'updated_at',
      headerName: t('requests.columns.reviewed'),
      minWidth: 250,
      valueGetter: (_v, r) => (r.reviewedBy ? `${r.reviewedBy}, ${formatDateTime(r.updatedAt)}` : ''),
    },
  ];

  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('requests.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('requests.intro')}
      </Typography>
      {!mayReview && (
        <Box sx={{ mb: 2 }}>
          <WriteNeedsTask write="account-request-review" />
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SearchField value={state.search} hint={t('requests.search')} onSearch={(search) => update({ search })} />
        <TextField
          select
          size="small"
          label={t('requests.columns.status')}
          value={state.filters.status ?? ''}
          onChange={(e) => update({ filters: { status: e.target.value } })}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('requests.all-statuses')}</MenuItem>
          {ACCOUNT_REQUEST_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`requests.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <ExportCsvButton path={accountRequestEndpoints.csv.path} fileName={() => csvExportFileName('AccountRequests')} query={query} />
      </Stack>
      <ServerDataGrid<AccountRequestRow>
        label={t('requests.heading')}
        {...serverGridProps(list, { state, defaultSort, update })}
        columns={columns}
        getRowHeight={() => 'auto'}
      />
    </>
  );
}

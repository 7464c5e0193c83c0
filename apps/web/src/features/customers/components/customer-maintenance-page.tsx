import { useMemo } from 'react';
import { Box, Button, GlobalStyles, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { csvExportFileName } from '@fc/contract';
import { COUNTRIES, customerEndpoints, PROGRAMS } from '@fc/contract/customers';
import { ExportCsvButton } from '@/components/table/export-csv-button';
import { serverGridProps } from '@/components/table/server-grid-props';
import { ServerDataGrid } from '@/components/table/server-data-grid';
import { useTableUrlState } from '@/components/table/use-table-url-state';
import { WriteNeedsTask } from '@/components/write-needs-task';
import { useAppConfig } from '@/lib/session/app-config';
import { useCan } from '@/lib/session/current-user';
import { CUSTOMER_TABLE, useCustomers, type CustomerRow } from '../api/get-customers';
import { customerColumns, programLabelOf } from '../api/customer-columns';
import { SearchField } from '@/components/search-field';

/*
 * The customer number's link looks like a MuiLink (primary colour, underlined at 40%), from one style sheet
 * written when the page mounts: a MuiLink in each of a page's 25 cells (Typography, its variants and emotion's
 * styles per cell) was one of the costs of every sort or page of the grid.
 */
const ROW_LINK = 'fc-row-link';
const rowLinkStyles = (
  <GlobalStyles
    styles={(theme) => ({
      [`.${ROW_LINK}`]: {
        color: theme.palette.primary.main,
        textDecoration: 'underline',
        textDecorationColor: alpha(theme.palette.primary.main, 0.4),
        '&:hover': { textDecorationColor: 'inherit' },
      },
    })}
  />
);

/** Customer maintenance: a searchable, server-paged, sortable list of customers with a link to each one's details. */
export default function CustomerMaintenancePage() {
  const { t } = useTranslation('customers');
  const { data: config } = useAppConfig();
  // Creating a customer needs task 509 (docs/permissions.md); a view-only user is told so instead of offered the button.
  const mayCreate = useCan('customerCreate');
  const { state, defaultSort, update, query } = useTableUrlState(CUSTOMER_TABLE);
  const list = useCustomers(query);
  const brandName = config?.brandName ?? '';
  const programLabel = useMemo(() => programLabelOf(brandName), [brandName]);

  // The same columns from one render to the next: new ones make the grid rebuild its columns and every cell.
  const columns = useMemo<GridColDef<CustomerRow>[]>(
    () =>
      customerColumns(t, programLabel).map((c) =>
        c.field === 'cust_no'
          ? {
              ...c,
              renderCell: ({ row }) => (
                <Link className={ROW_LINK} to={`/corp/customers/${row.custNo}/details`}>
                  {row.custNo}
                </Link>
              ),
            }
          : c,
      ),
    [t, programLabel],
  );

  const filter = (name: 'program' | 'country' | 'status', options: { value: number; label: string }[]) => (
    <TextField
      select
      size="small"
      label={t(`maintenance.columns.${name}`)}
      value={state.filters[name] ?? ''}
      onChange={(e) => update({ filters: { [name]: e.target.value } })}
      sx={{ minWidth: 160 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('maintenance.all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={String(o.value)}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <>
      {rowLinkStyles}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2, gap: 1 }}>
        <Typography variant="h1">{t('maintenance.heading')}</Typography>
        {mayCreate && (
          <Button component={Link} to="/framework/customer/create" variant="contained" startIcon={<AddIcon />}>
            {t('maintenance.create')}
          </Button>
        )}
      </Stack>
      {!mayCreate && (
        <Box sx={{ mb: 2 }}>
          <WriteNeedsTask write="customer-create" />
        </Box>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SearchField value={state.search} hint={t('maintenance.search')} onSearch={(search) => update({ search })} maxLength={60} />
        {filter(
          'program',
          PROGRAMS.map((p) => ({ value: p.value, label: programLabel(p.value) })),
        )}
        {filter(
          'country',
          COUNTRIES.map((c) => ({ value: c.value, label: t(`options.country.${c.value}`) })),
        )}
        {filter(
          'status',
          [0, 1].map((s) => ({ value: s, label: t(`maintenance.status.${s}`) })),
        )}
        <ExportCsvButton path={customerEndpoints.csv.path} fileName={() => csvExportFileName('Customers')} query={query} />
      </Stack>
      <ServerDataGrid<CustomerRow>
        label={t('maintenance.heading')}
        {...serverGridProps(list, { state, defaultSort, update })}
        columns={columns}
        reservePage
      />
    </>
  );
}

import { useMemo, useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { csvExportFileName, formatRate, toMmddyyyy } from '@fc/contract';
import { isTaxRateExpired, TAX_FILTER_MAX, TAX_FILTERS, taxEndpoints, type TaxRateRow } from '@fc/contract/maintenance';
import { ExportCsvButton } from '@/components/table/export-csv-button';
import { serverGridProps } from '@/components/table/server-grid-props';
import { ServerDataGrid } from '@/components/table/server-data-grid';
import { useTableUrlState } from '@/components/table/use-table-url-state';
import { useCan } from '@/lib/session/current-user';
import { useTaxRates } from '../api/get-tax-rates';
import { FilterField } from './filter-field';
import { TaxAddDialog } from './tax-add-dialog';
import { TaxExpireDialog } from './tax-expire-dialog';

/**
 * Tax configuration (TAX-01 to TAX-09): customer tax rates filtered by name, number and
 * location (contains, any case, in the database), 25 a page, newest effective date first; Add and
 * Expire with task 504 or for corporate staff. An expired rate has no Expire button.
 */
/** A tax rate (a fraction, as text) as a percentage with two decimals in the language: "7.50%", "7,50 %". */
const taxRate = (fraction: string, language: string) =>
  formatRate(Number(fraction), language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export default function TaxConfigurationPage() {
  const { t, i18n } = useTranslation('maintenance');
  const canModify = useCan('taxModify');
  const table = useTableUrlState({ defaultSort: [{ field: 'effective_date', direction: 'desc' }], filterNames: TAX_FILTERS });
  const list = useTaxRates(table.query);
  const [adding, setAdding] = useState(false);
  const [expiring, setExpiring] = useState<TaxRateRow | null>(null);

  const columns = useMemo<GridColDef<TaxRateRow>[]>(
    () => [
      { field: 'name', headerName: t('tax.name'), flex: 1.4, minWidth: 160 },
      { field: 'cust_no', headerName: t('tax.cust-no'), minWidth: 100, valueGetter: (_v, row) => row.custNo },
      // Room for the header in French ("Emplacement", issue 20).
      { field: 'location', headerName: t('tax.location'), minWidth: 136 },
      { field: 'city', headerName: t('tax.city'), flex: 1, minWidth: 110 },
      { field: 'state', headerName: t('tax.state'), minWidth: 70 },
      {
        field: 'tax_rate',
        headerName: t('tax.tax-rate'),
        minWidth: 100,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_v, row) => taxRate(row.taxRate, i18n.language),
      },
      {
        field: 'effective_date',
        headerName: t('tax.effective-date'),
        minWidth: 120,
        valueGetter: (_v, row) => toMmddyyyy(row.effectiveDate),
      },
      { field: 'expiry_date', headerName: t('tax.expiry-date'), minWidth: 120, valueGetter: (_v, row) => toMmddyyyy(row.expiryDate) },
      {
        field: 'actions',
        headerName: t('tax.actions'),
        sortable: false,
        minWidth: 110,
        renderCell: ({ row }) =>
          canModify && !isTaxRateExpired(row.expiryDate) ? (
            <Button
              size="small"
              variant="outlined"
              onClick={() => setExpiring(row)}
              aria-label={t('tax.expire-row', { name: row.name, location: row.location })}
            >
              {t('tax.expire')}
            </Button>
          ) : null,
      },
    ],
    [t, canModify, i18n.language],
  );

  const filterLabel: Record<(typeof TAX_FILTERS)[number], string> = {
    name: t('tax.filter-name'),
    cust_no: t('tax.filter-cust-no'),
    location: t('tax.filter-location'),
  };
  const hasFilters = Object.keys(table.state.filters).length > 0;

  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('tax.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('tax.intro')}
      </Typography>
      {/* The dialogs render here so that a draft left in one is offered back under the intro. */}
      <TaxAddDialog open={adding} onOpen={() => setAdding(true)} onClose={() => setAdding(false)} />
      <TaxExpireDialog rate={expiring} onOpen={setExpiring} onClose={() => setExpiring(null)} />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { md: 'center' } }}
        role="search"
        aria-label={t('tax.filters')}
      >
        {TAX_FILTERS.map((name) => (
          <FilterField
            key={name}
            label={filterLabel[name]}
            value={table.state.filters[name] ?? ''}
            maxLength={TAX_FILTER_MAX}
            onCommit={(value) => table.update({ filters: { [name]: value } })}
          />
        ))}
        <Stack direction="row" spacing={1}>
          {canModify && (
            <Button variant="contained" onClick={() => setAdding(true)}>
              {t('common:actions.add')}
            </Button>
          )}
          <Button
            variant="outlined"
            onClick={() => table.update({ filters: { name: '', cust_no: '', location: '' } })}
            disabled={!hasFilters}
          >
            {t('common:actions.clear')}
          </Button>
          <ExportCsvButton path={taxEndpoints.csv.path} fileName={() => csvExportFileName('TaxRates')} query={table.query} />
        </Stack>
      </Stack>
      <ServerDataGrid<TaxRateRow> label={t('tax.table')} {...serverGridProps(list, table)} columns={columns} />
    </>
  );
}

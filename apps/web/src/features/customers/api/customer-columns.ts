import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { formatDate } from '@fc/contract';
import { PROGRAMS } from '@fc/contract/customers';
import type { CustomerRow } from './get-customers';

/** A programme's name, with the portal's brand in it. */
export const programLabelOf = (brandName: string) => (p: number) =>
  (PROGRAMS.find((x) => x.value === p)?.label ?? String(p)).replace('{brand}', brandName);

/**
 * The customer list's columns without their link (the page adds a router link to the number, the list's
 * first frame a plain one): the same headers, widths and values before and after MUI has loaded (decision 0640).
 */
export function customerColumns(t: TFunction<'customers'>, programLabel: (p: number) => string): GridColDef<CustomerRow>[] {
  return [
    { field: 'cust_no', headerName: t('maintenance.columns.cust_no'), width: 110, valueGetter: (_v, r) => r.custNo },
    { field: 'cust_name', headerName: t('maintenance.columns.cust_name'), flex: 1, minWidth: 180, valueGetter: (_v, r) => r.custName },
    { field: 'program', headerName: t('maintenance.columns.program'), width: 150, valueGetter: (_v, r) => programLabel(r.program) },
    { field: 'city', headerName: t('maintenance.columns.city'), minWidth: 130 },
    { field: 'state', headerName: t('maintenance.columns.state'), width: 90 },
    {
      field: 'country',
      headerName: t('maintenance.columns.country'),
      width: 140,
      valueGetter: (_v, r) => t(`options.country.${r.country}`),
    },
    {
      field: 'status',
      headerName: t('maintenance.columns.status'),
      width: 110,
      valueGetter: (_v, r) => t(`maintenance.status.${r.status}`),
    },
    {
      field: 'created_at',
      headerName: t('maintenance.columns.created_at'),
      width: 120,
      valueGetter: (_v, r) => formatDate(r.createdAt),
    },
  ];
}

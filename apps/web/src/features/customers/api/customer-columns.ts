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
  // The grid calls a value getter for every cell on every render of it: a translation per cell (i18next's t)
  // was ~4% of the clicks' JavaScript in a profile at 4x. The columns live as long as their t, so each text is looked up once.
  const country = once((c: CustomerRow['country']) => t(`options.country.${c}`));
  const status = once((s: CustomerRow['status']) => t(`maintenance.status.${s}`));
  const program = once(programLabel);
  return [
    { field: 'cust_no', headerName: t('maintenance.columns.cust_no'), width: 110, valueGetter: (_v, r) => r.custNo },
    { field: 'cust_name', headerName: t('maintenance.columns.cust_name'), flex: 1, minWidth: 180, valueGetter: (_v, r) => r.custName },
    { field: 'program', headerName: t('maintenance.columns.program'), width: 150, valueGetter: (_v, r) => program(r.program) },
    { field: 'city', headerName: t('maintenance.columns.city'), minWidth: 130 },
    { field: 'state', headerName: t('maintenance.columns.state'), width: 90 },
    {
      field: 'country',
      headerName: t('maintenance.columns.country'),
      width: 140,
      valueGetter: (_v, r) => country(r.country),
    },
    {
      field: 'status',
      headerName: t('maintenance.columns.status'),
      width: 110,
      valueGetter: (_v, r) => status(r.status),
    },
    {
      field: 'created_at',
      headerName: t('maintenance.columns.created_at'),
      width: 120,
      valueGetter: (_v, r) => formatDate(r.createdAt),
    },
  ];
}

/** `f`, remembering its answer for each argument. */
function once<K, V>(f: (k: K) => V): (k: K) => V {
  const known = new Map<K, V>();
  return (k) => {
    if (known.has(k)) return known.get(k) as V;
    const v = f(k);
    known.set(k, v);
    return v;
  };
}

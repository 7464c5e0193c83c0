import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { can } from '@fc/contract';
import { PlainPager } from '@/components/table/plain-pager';
import { PlainTable } from '@/components/table/plain-table';
import type { FirstFrameView } from '@/components/table/first-frame-view';
import { nextSort, tableQuery, tableStateFromParams, type TableState } from '@/components/table/table-state';
import { queryClient } from '@/lib/query-client';
import { basePath } from '@/lib/links';
import { useAppConfig } from '@/lib/session/app-config';
import { useCurrentUser } from '@/lib/session/current-user';
import { CUSTOMER_TABLE, customersQuery, useCustomers, type CustomerRow } from '../api/get-customers';
import { customerColumns, programLabelOf } from '../api/customer-columns';

const NO_ROWS: CustomerRow[] = [];

/**
 * Customer maintenance before MUI has loaded (decision 0640): its heading, the create link and the first
 * page of customers, sortable and paged on the URL state; the filters' room is kept for the page's own.
 */
function CustomerFirstFrame({ params, onChange }: { params: URLSearchParams; onChange(change: Partial<TableState>): void }) {
  const { t } = useTranslation('customers');
  const { data: config } = useAppConfig();
  const { data: user } = useCurrentUser();
  const brandName = config?.brandName ?? '';
  const state = useMemo(() => tableStateFromParams(params, CUSTOMER_TABLE), [params]);
  const { data, isFetching } = useCustomers(useMemo(() => tableQuery(state), [state]));
  const columns = useMemo<GridColDef<CustomerRow>[]>(
    () =>
      customerColumns(t, programLabelOf(brandName)).map((c) =>
        c.field === 'cust_no'
          ? { ...c, renderCell: ({ row }) => <a href={`${basePath()}/corp/customers/${row.custNo}/details`}>{row.custNo}</a> }
          : c,
      ),
    [t, brandName],
  );
  const rows = data?.rows ?? NO_ROWS;
  const filtered = !!state.search || Object.keys(state.filters).length > 0;
  return (
    <>
      <div className="ff-head">
        <h1>{t('maintenance.heading')}</h1>
        {can(user ?? null, 'customerCreate') && (
          <a className="ff-button" href={`${basePath()}/framework/customer/create`}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z" fill="currentColor" />
            </svg>
            {t('maintenance.create')}
          </a>
        )}
      </div>
      <div className="ff-filters" />
      <div className="ff-table" data-first-rows="">
        <PlainTable<CustomerRow>
          rows={rows}
          columns={columns}
          sort={state.sort[0]}
          onSort={(field) => onChange({ sort: nextSort(state.sort, field, CUSTOMER_TABLE.defaultSort) })}
          label={t('maintenance.heading')}
          loading={isFetching}
          emptyText={isFetching ? '' : filtered ? t('common:table.no-relevant-data') : t('common:table.no-data')}
          emptyRows={isFetching ? state.size : 2}
        />
        <PlainPager total={data?.total ?? 0} estimated={data?.estimated} state={state} onChange={onChange} />
      </div>
    </>
  );
}

export const customerFirstFrame: FirstFrameView = {
  namespace: 'customers',
  table: { prefix: CUSTOMER_TABLE.prefix, defaultSize: CUSTOMER_TABLE.defaultSize },
  load: (params) => queryClient.fetchQuery(customersQuery(tableQuery(tableStateFromParams(params, CUSTOMER_TABLE)))),
  Page: CustomerFirstFrame,
};

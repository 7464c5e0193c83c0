import { download } from '@/lib/api-client';

/** GET /fc-common-api/audit/csv with the list's filters and sort (every matching row, no paging). */
export function exportAudit(query: URLSearchParams) {
  const q = new URLSearchParams(query);
  q.delete('page[number]');
  q.delete('page[size]');
  const d = new Date();
  const stamp = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
  return download('/fc-common-api/audit/csv', `AuditHistory_${stamp}.csv`, { query: q });
}

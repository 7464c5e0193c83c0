import { auditEndpoints } from '@fc/contract/customers';
import { callDownload } from '@/lib/endpoint-client';

/** The audit export with the list's filters and sort (every matching row, no paging). */
export function exportAudit(query: URLSearchParams) {
  const q = new URLSearchParams(query);
  q.delete('page[number]');
  q.delete('page[size]');
  const d = new Date();
  const stamp = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
  return callDownload(auditEndpoints.csv, `AuditHistory_${stamp}.csv`, { query: q });
}

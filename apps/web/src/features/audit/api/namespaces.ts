/**
 * The texts of the audit history: its own, and those of the pages whose values its records hold (enrolment
 * statuses, customer options, file messages, core statuses). Loaded with the page's rows (app/table-prefetch.ts).
 */
export const AUDIT_NAMESPACES = ['audit', 'corp-loyalty', 'customers', 'files', 'maintenance'];

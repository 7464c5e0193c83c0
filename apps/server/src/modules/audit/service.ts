import { and, asc, count, eq, getTableColumns, gte, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SortTerm } from '@fc/contract';
import type { AppContext } from '../../context';
import { REDACTED, REDACTED_AUDIT_FIELDS } from '../../audit/audit';
import { auditLog } from '../../db/schema/index';
import { csvCell } from '../../http/csv';
import { contains, keyset, orderBy, pageAndCount } from '../../http/list';

export type AuditSortField = 'at' | 'username' | 'entity' | 'action' | 'entity_id';

export interface AuditFilters {
  entity?: string;
  user?: string;
  /** YYYYMMDD, inclusive. */
  from?: string;
  /** YYYYMMDD, inclusive (the whole day). */
  to?: string;
}

const sortColumns: Record<AuditSortField, SQL | AnyColumn> = {
  at: auditLog.at,
  username: sql`lower(coalesce(${auditLog.username}, ''))`,
  entity: auditLog.entity,
  action: auditLog.action,
  entity_id: auditLog.entityId,
};

const isoDate = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;

/** Filters in SQL; dates are calendar days in UTC, `to` includes its whole day. */
export function auditWhere(filters: AuditFilters, search?: string): SQL | undefined {
  return and(
    filters.entity ? eq(auditLog.entity, filters.entity) : undefined,
    filters.user ? sql`lower(${auditLog.username}) = lower(${filters.user})` : undefined,
    filters.from ? gte(auditLog.at, sql`${isoDate(filters.from)}::date`) : undefined,
    filters.to ? lt(auditLog.at, sql`(${isoDate(filters.to)}::date + 1)`) : undefined,
    search ? or(contains(auditLog.entityId, search), contains(auditLog.action, search), contains(auditLog.entity, search)) : undefined,
  );
}

export async function listAudit(
  ctx: AppContext,
  q: {
    page: { number: number; size: number };
    sort: SortTerm<AuditSortField>[];
    search?: string;
    filters: AuditFilters;
    exactCount?: boolean;
    cursor?: string;
  },
) {
  const where = auditWhere(q.filters, q.search);
  // The export's change cell is not an attribute of the list.
  const { change: _exportCell, ...columns } = getTableColumns(auditLog);
  // Sorted by time (the default, on audit_log_at_idx), the next page seeks (decision 0620).
  const ks = keyset(q, { columns: { at: { expr: auditLog.at, kind: 'timestamp' } }, tieBreaker: { expr: auditLog.id, kind: 'int' } });
  const got = await pageAndCount(ctx.db, {
    page: q.page,
    exact: q.exactCount,
    max: ctx.config.LIST_EXACT_COUNT_MAX,
    matching: sql`select 1 from ${auditLog} where ${where ?? sql`true`}`,
    rows: () =>
      ctx.db
        .select({ ...columns, ...ks.select })
        .from(auditLog)
        .where(and(where, ks.seek))
        .orderBy(...orderBy(q.sort, sortColumns, auditLog.id))
        .limit(q.page.size)
        .offset(ks.offset),
    count: async () => (await ctx.db.select({ n: count() }).from(auditLog).where(where))[0]?.n ?? 0,
  });
  return { ...got, rows: ks.strip(got.rows), nextCursor: ks.nextCursor(got.rows) };
}

/** The longest text that every one of `names` contains ('' when they share nothing). */
export function commonPart(names: readonly string[]): string {
  const [shortest = ''] = [...names].sort((a, b) => a.length - b.length);
  for (let length = shortest.length; length > 0; length--) {
    for (let start = 0; start + length <= shortest.length; start++) {
      const part = shortest.slice(start, start + length);
      if (names.every((n) => n.includes(part))) return part;
    }
  }
  return '';
}

/** The CSV export's columns, as the database writes them (sendCopiedCsv). */
export function auditCsvColumns(): { header: string; cell: SQL }[] {
  const fields = [...REDACTED_AUDIT_FIELDS];
  const redacted = sql`array[${sql.join(
    fields.map((f) => sql`${f}`),
    sql`, `,
  )}]::text[]`;
  const json = (value: SQL) => sql`coalesce(js_json(${value}, ${redacted}, ${REDACTED}), 'null')`;
  // The change text written with the record (auditChangeText), unless the record has none or holds a field
  // redacted since it was written: then made from before and after as that function makes it. A text
  // every redacted name contains ('bank') rules out most records with one strpos.
  const noneOf = sql.join(
    fields.map((f) => sql`strpos(${auditLog.change}, ${`"${f}":`}) = 0`),
    sql` and `,
  );
  const common = commonPart(fields);
  const current = common ? sql`(strpos(${auditLog.change}, ${common}) = 0 or (${noneOf}))` : noneOf;
  // csv_cell inside the branches: around the case, its inlined body would evaluate the case four times.
  // The text made from jsonb starts with '{' and needs no escape.
  const change = sql`case when ${auditLog.change} is not null and ${current} then ${csvCell(sql`${auditLog.change}`)}
    else '{"before":' || ${json(sql`${auditLog.before}`)} || ',"after":' || ${json(sql`${auditLog.after}`)} || '}' end`;
  return [
    { header: 'at', cell: sql`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` },
    { header: 'username', cell: csvCell(sql`${auditLog.username}`) },
    { header: 'entity', cell: csvCell(sql`${auditLog.entity}`) },
    { header: 'entity_id', cell: csvCell(sql`${auditLog.entityId}`) },
    { header: 'action', cell: csvCell(sql`${auditLog.action}`) },
    { header: 'request_id', cell: csvCell(sql`${auditLog.requestId}`) },
    { header: 'change', cell: change },
  ];
}

/** The rows of the CSV export: the list's filters and order, every row, in one statement. */
export function auditCsvFrom(sort: SortTerm<AuditSortField>[], filters: AuditFilters, search?: string): SQL {
  const where = auditWhere(filters, search) ?? sql`true`;
  return sql`from ${auditLog} where ${where} order by ${sql.join(orderBy(sort, sortColumns, auditLog.id), sql`, `)}`;
}

/** The entities and users that have audit records, for the filter lists. */
export async function auditFacets(ctx: AppContext) {
  const entities = await ctx.db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(asc(auditLog.entity));
  const users = await ctx.db
    .selectDistinct({ username: auditLog.username })
    .from(auditLog)
    .where(sql`${auditLog.username} is not null`)
    .orderBy(asc(auditLog.username));
  return { entities: entities.map((e) => e.entity), users: users.map((u) => u.username!) };
}

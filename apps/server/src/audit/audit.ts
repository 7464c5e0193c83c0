import type { Tx } from '../db/client';
import { auditLog } from '../db/schema/index';

export interface AuditEntry {
  entity: string;
  entityId?: string | number | null;
  action: string;
  before?: unknown;
  after?: unknown;
  /** Who acted, when the request has no session yet (sign-in, password reset). */
  actor?: { userId: number; username: string };
}

/** Fields whose values never go into an audit record, at any depth of before or after (bank numbers). */
export const REDACTED_AUDIT_FIELDS: ReadonlySet<string> = new Set([
  'bankAcctNumber',
  'bankAbaNumber',
  'bank_acct_number',
  'bank_aba_number',
]);
export const REDACTED = '[redacted]';

/** A copy of an audit value with the redacted fields replaced (when they hold anything). */
export function redactAudit(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactAudit);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, REDACTED_AUDIT_FIELDS.has(k) && v != null && v !== '' ? REDACTED : redactAudit(v)]),
    );
  }
  return value;
}

/** A JSON value with its objects' keys in jsonb's order (shorter first, then by their UTF-8 bytes). */
function inJsonbOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inJsonbOrder);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([k, v]) => [Buffer.from(k), k, inJsonbOrder(v)] as const);
  entries.sort(([a], [b]) => a.length - b.length || Buffer.compare(a, b));
  return Object.fromEntries(entries.map(([, k, v]) => [k, v]));
}

/**
 * The audit CSV's `change` cell for a record's before and after (already redacted): the text the export
 * used to make from the stored record, JSON.stringify of what the driver reads back from jsonb, whose
 * objects come back with their keys in jsonb's order. Written with the record, so the export copies it.
 */
export function auditChangeText(before: unknown, after: unknown): string {
  // Through JSON first, as the driver writes jsonb: dates become strings, undefined fields disappear.
  const stored = (v: unknown) => (v === null || v === undefined ? null : inJsonbOrder(JSON.parse(JSON.stringify(v))));
  return JSON.stringify({ before: stored(before), after: stored(after) });
}

/**
 * Who makes a change, as services see it (issue 18): taken from the request by the route (http/actor.ts),
 * so that a service or an audit record never needs the request itself.
 */
export interface Actor {
  userId: number | null;
  username: string | null;
  requestId: string | null;
}

/** Records a write: call it inside the transaction that makes the change, so neither exists without the other. */
export async function audit(tx: Tx, actor: Actor | null, entry: AuditEntry): Promise<void> {
  const before = redactAudit(entry.before ?? null);
  const after = redactAudit(entry.after ?? null);
  await tx.insert(auditLog).values({
    userId: entry.actor?.userId ?? actor?.userId ?? null,
    username: entry.actor?.username ?? actor?.username ?? null,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    action: entry.action,
    before,
    after,
    requestId: actor?.requestId ?? null,
    change: auditChangeText(before, after),
  });
}

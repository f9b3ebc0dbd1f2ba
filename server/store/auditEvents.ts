import type { Insertable, Selectable } from 'kysely';
import type { Db } from './db';
import type { AuditEventTable } from './schema';

export type AuditEventRow = Selectable<AuditEventTable>;

/** One line of the audit log: every gateway call, notification, return and status change. */
export interface AuditEvent {
  kind: string;
  summary: string;
  order_no?: string | null;
  attempt_id?: string | null;
  request_id?: string | null;
  /** stored as JSON; the caller masks secrets before it gets here */
  detail?: unknown;
}

export async function writeAuditEvent(db: Db, event: AuditEvent, at = new Date().toISOString()): Promise<void> {
  const row: Insertable<AuditEventTable> = {
    at,
    kind: event.kind,
    summary: event.summary,
    order_no: event.order_no ?? null,
    attempt_id: event.attempt_id ?? null,
    request_id: event.request_id ?? null,
    detail: event.detail === undefined ? null : JSON.stringify(event.detail),
  };
  await db.insertInto('audit_events').values(row).execute();
}

import type { Insertable, Selectable } from 'kysely';
import { currentActor } from '../team';
import { maskCardNumbers, maskCardNumbersInJson } from '../maskCardNumbers';
import { compiledOnce, type Db } from '../store';
import type { AuditEventTable } from '../store';

export type AuditEventRow = Selectable<AuditEventTable>;

/** One line of the audit log: every gateway call, notification, return and status change. */
export interface AuditEvent {
  kind: string;
  summary: string;
  order_no?: string | null;
  attempt_id?: string | null;
  request_id?: string | null;
  /** stored as JSON; the caller masks secrets by field name, card-like numbers are masked here */
  detail?: unknown;
  /** who did it; by default the actor of the request this runs for (server/team/actorContext.ts), if any */
  actor?: string | null;
}

/**
 * Writes one audit line. Card-like numbers are masked on the way in, wherever they are (a shopper can type one
 * into an address, an owner into a refund reason), so the stored table never holds one in clear.
 */
export async function writeAuditEvent(db: Db, event: AuditEvent, at = new Date().toISOString()): Promise<void> {
  const row: Insertable<AuditEventTable> = {
    at,
    kind: event.kind,
    summary: maskCardNumbers(event.summary),
    order_no: event.order_no ?? null,
    attempt_id: event.attempt_id ?? null,
    request_id: event.request_id ?? null,
    detail: event.detail === undefined ? null : maskCardNumbersInJson(JSON.stringify(event.detail)),
    actor: event.actor === undefined ? (currentActor() ?? null) : event.actor,
  };
  await insertAuditRow(db, row);
}

// on the payment path twice: compiled once, and inside a PostgreSQL transaction sent with the next statement
// (server/store/compiledOnce.ts)
const insertAuditRow = compiledOnce(
  (db: Db, row: Insertable<AuditEventTable>) => db.insertInto('audit_events').values(row),
  { deferrable: true },
);

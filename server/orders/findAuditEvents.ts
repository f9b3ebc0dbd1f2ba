import type { Db } from '../store';
import type { AuditEventRow } from './auditEvents';

export interface AuditFilter {
  /** events about any of these order numbers (an order's own and its attempts' gateway order numbers) */
  orderNos?: readonly string[] | undefined;
  attemptIds?: readonly string[] | undefined;
  kind?: string | undefined;
  /** the events of one actor (`key:ck_owner_...`, `user:...`, `env:ADMIN_TOKEN`) */
  actor?: string | undefined;
  /**
   * people's actions (a line with an actor: a person, an API key, the admin token, and not one of MACHINE_KINDS)
   * or the machine's (the rest)
   */
  who?: 'people' | 'system' | undefined;
  /** the id of the last event of the previous page */
  before?: number | undefined;
  limit: number;
}

/**
 * The lines the machine writes, also while it works for a person's request (which gives them that person as
 * actor): each call to the gateway and what its answer moved. They are the System's lines, not people's.
 */
const MACHINE_KINDS = ['gateway_call', 'transition', 'ignored', 'stranded', 'unknown_status', 'mismatch', 'alert'];

/** Audit events, newest first. */
export async function findAuditEvents(db: Db, filter: AuditFilter): Promise<AuditEventRow[]> {
  let q = db.selectFrom('audit_events').selectAll().orderBy('id', 'desc').limit(filter.limit);
  const orderNos = filter.orderNos ?? [];
  const attemptIds = filter.attemptIds ?? [];
  if (filter.orderNos || filter.attemptIds) {
    if (orderNos.length === 0 && attemptIds.length === 0) return [];
    q = q.where((eb) =>
      eb.or([
        ...(orderNos.length ? [eb('order_no', 'in', [...orderNos])] : []),
        ...(attemptIds.length ? [eb('attempt_id', 'in', [...attemptIds])] : []),
      ]),
    );
  }
  if (filter.kind) q = q.where('kind', '=', filter.kind);
  if (filter.actor) q = q.where('actor', '=', filter.actor);
  if (filter.who === 'people') q = q.where('actor', 'is not', null).where('kind', 'not in', MACHINE_KINDS);
  if (filter.who === 'system') q = q.where((eb) => eb.or([eb('actor', 'is', null), eb('kind', 'in', MACHINE_KINDS)]));
  if (filter.before !== undefined) q = q.where('id', '<', filter.before);
  return q.execute();
}

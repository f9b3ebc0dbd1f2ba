import type { Db } from '../store';
import { writeAuditEvent } from './auditEvents';

/**
 * The audit line of an export of orders (issue #32): who exported (the request's actor), which orders (the filter)
 * and how many. Written once per export, by the route that serves its first page.
 */
export async function auditExport(
  db: Db,
  filter: { status?: string | undefined; from?: string | undefined; to?: string | undefined; q?: string | undefined },
  count: number,
  requestId?: string,
): Promise<void> {
  const given = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));
  const which = Object.entries(given)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  await writeAuditEvent(db, {
    kind: 'export',
    summary: `exported ${count} ${count === 1 ? 'order' : 'orders'}${which ? ` (${which})` : ' (all orders)'}`,
    request_id: requestId ?? null,
    detail: { filter: given, count },
  });
}

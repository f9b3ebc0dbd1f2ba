import { Hono } from 'hono';
import { z } from 'zod';
import { pageLimit } from '../../http/cursor';
import type { AuditPage } from '../../../shared/contract/adminOrders';
import type { AppDeps, AppEnv } from '../../deps';
import { parseWith } from '../../http/readJsonBody';
import { requirePermission } from '../../team';
import { attemptsOfOrderNo, shopOrderNosOfAttempts } from '../attempts';
import type { AuditEventRow } from '../auditEvents';
import type { Db } from '../../store';
import { findAuditEvents } from '../findAuditEvents';
import { maskAuditValue } from '../maskAuditValue';
import { givenQuery } from '../../http/givenQuery';
import { describeRequest } from '../../http/describeRequest';

const eventsQuery = z.strictObject({
  order_no: z.string().max(64, 'must be at most 64 characters').optional(),
  type: z.string().max(40, 'must be at most 40 characters').optional(),
  actor: z.string().max(200, 'must be at most 200 characters').optional(),
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'is not a cursor from this API')
    .optional(),
  limit: pageLimit(200),
});

/**
 * `GET /admin/api/events?order_no=&type=&actor=&cursor=`: the audit log, newest first: every gateway call,
 * notification, state change and owner action, with secrets and card-like numbers masked. `actor` is who did it
 * (`user:<email>`, `key:<prefix>`, `env:ADMIN_TOKEN`); what the gateway or the reconcile loop did has none. `order_no` is the
 * shop's order number (its payment attempts' gateway order numbers are included) or a gateway order number.
 */
export function eventRoutes(deps: AppDeps) {
  const { db } = deps.store;
  return new Hono<AppEnv>().get(
    '/',
    describeRequest({ query: eventsQuery }),
    requirePermission('audit.read'),
    async (c) => {
      const q = parseWith(eventsQuery, givenQuery(c.req.query()));
      let scope: { orderNos: string[]; attemptIds: string[] } | undefined;
      if (q.order_no) {
        const attempts = await attemptsOfOrderNo(db, q.order_no);
        scope = {
          orderNos: [q.order_no, ...attempts.map((a) => a.gateway_order_no)],
          attemptIds: attempts.map((a) => a.id),
        };
      }
      const rows = await findAuditEvents(db, {
        ...scope,
        kind: q.type,
        actor: q.actor,
        before: q.cursor === undefined ? undefined : Number(q.cursor),
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      const shopOrderNos = await shopOrderNumbers(db, page);
      return c.json<AuditPage>({
        events: page.map((e) => ({
          id: e.id,
          at: e.at,
          type: e.kind,
          order_no: shopOrderNos.get(e.id) ?? e.order_no ?? undefined,
          ...(e.order_no && shopOrderNos.get(e.id) !== e.order_no ? { gateway_order_no: e.order_no } : {}),
          request_id: e.request_id ?? undefined,
          actor: e.actor ?? undefined,
          summary: maskAuditValue(e.summary),
          detail: e.detail === null ? undefined : maskAuditValue(parseJson(e.detail)),
        })),
        next_cursor: rows.length > q.limit ? String(page[page.length - 1]!.id) : null,
      });
    },
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The shop's order_no of each event, through its payment attempt, so the log links to the order's page. */
async function shopOrderNumbers(db: Db, events: readonly AuditEventRow[]): Promise<Map<number, string>> {
  const attemptIds = [...new Set(events.flatMap((e) => (e.attempt_id ? [e.attempt_id] : [])))];
  const gatewayNos = [...new Set(events.flatMap((e) => (e.order_no ? [e.order_no] : [])))];
  const map = new Map<number, string>();
  const rows = await shopOrderNosOfAttempts(db, attemptIds, gatewayNos);
  const byAttempt = new Map(rows.map((r) => [r.attempt_id, r.order_no]));
  const byGatewayNo = new Map(rows.map((r) => [r.gateway_order_no, r.order_no]));
  for (const e of events) {
    const shop = (e.attempt_id && byAttempt.get(e.attempt_id)) || (e.order_no && byGatewayNo.get(e.order_no));
    if (shop) map.set(e.id, shop);
  }
  return map;
}

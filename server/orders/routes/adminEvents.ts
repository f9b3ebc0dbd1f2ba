import { Hono } from 'hono';
import { z } from 'zod';
import { pageLimit } from '../../http/cursor';
import type { AuditPage, AuditRefund } from '../../../shared/contract/adminOrders';
import { toDecimal } from '../../../shared/gateway/money';
import type { AppDeps, AppEnv } from '../../deps';
import { parseWith } from '../../http/readJsonBody';
import { principalOf, requirePermission } from '../../team';
import { attemptsOfOrderNo, shopOrderNosOfAttempts } from '../attempts';
import type { AuditEventRow } from '../auditEvents';
import type { Db } from '../../store';
import { findAuditEvents } from '../findAuditEvents';
import { maskAuditValue } from '../maskAuditValue';
import { givenQuery } from '../../http/givenQuery';
import { describeRequest } from '../../http/describeRequest';
import { withoutDeviceFields } from '../withoutDeviceFields';

const eventsQuery = z.strictObject({
  order_no: z.string().max(64, 'must be at most 64 characters').optional(),
  type: z.string().max(40, 'must be at most 40 characters').optional(),
  actor: z.string().max(200, 'must be at most 200 characters').optional(),
  who: z.enum(['people', 'system', 'all'], { error: 'must be people, system or all' }).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'is not a cursor from this API')
    .optional(),
  limit: pageLimit(200),
});

/**
 * `GET /admin/api/events?order_no=&type=&actor=&who=&cursor=`: the audit log, newest first: every gateway call,
 * notification, state change and owner action, with secrets and card-like numbers masked. `actor` is who did it
 * (`user:<email>`, `key:<prefix>`, `env:ADMIN_TOKEN`, `ip:<address>` for a refused sign-in); what the gateway or
 * the reconcile loop did has none. `who=people` keeps the lines with an actor, `who=system` those without (default
 * all). `order_no` is the shop's order number (its payment attempts' gateway order numbers are included) or a
 * gateway order number. A refund line carries the refund's amount and its outcome as it is now (`refund`). The
 * shopper's device fields (cookies, fingerprint, IP) in a line's detail are for owners only.
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
        who: q.who === 'all' ? undefined : q.who,
        before: q.cursor === undefined ? undefined : Number(q.cursor),
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      const shopOrderNos = await shopOrderNumbers(db, page);
      const refunds = await refundsOfLines(db, page);
      const owner = principalOf(c).role === 'owner';
      const shown = (detail: unknown) => (owner ? detail : withoutDeviceFields(detail).value);
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
          detail: e.detail === null ? undefined : shown(maskAuditValue(parseJson(e.detail))),
          ...(refunds.has(e.id) ? { refund: refunds.get(e.id) } : {}),
        })),
        next_cursor: rows.length > q.limit ? String(page[page.length - 1]!.id) : null,
      });
    },
  );
}

/**
 * The refund each refund line is about, found by its reference in the line (a refund's lines name it), with its
 * amount and its state now: the log says what was asked and how it ended.
 */
async function refundsOfLines(db: Db, events: readonly AuditEventRow[]): Promise<Map<number, AuditRefund>> {
  const lines = events.filter((e) => e.kind === 'refund' && e.attempt_id);
  const map = new Map<number, AuditRefund>();
  if (lines.length === 0) return map;
  const rows = await db
    .selectFrom('refunds')
    .select(['attempt_id', 'refund_reference', 'amount_minor', 'currency', 'status', 'message'])
    .where('attempt_id', 'in', [...new Set(lines.map((e) => e.attempt_id!))])
    .execute();
  for (const e of lines) {
    // the longest reference that the line names: `<order>.1` is a prefix of `<order>.12`
    const r = rows
      .filter(
        (r) =>
          r.attempt_id === e.attempt_id && new RegExp(`${escapeRegExp(r.refund_reference)}(?![0-9])`).test(e.summary),
      )
      .sort((a, b) => b.refund_reference.length - a.refund_reference.length)[0];
    if (r)
      map.set(e.id, {
        amount: toDecimal(r.amount_minor, r.currency),
        currency: r.currency,
        status: r.status,
        message: r.message,
      });
  }
  return map;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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

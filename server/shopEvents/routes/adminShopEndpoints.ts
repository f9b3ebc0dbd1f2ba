import { Hono } from 'hono';
import { z } from 'zod';
import { pageLimit } from '../../http/cursor';
import type {
  DeliveryResent,
  ShopDeliveryList,
  ShopDeliveryView,
  ShopEndpointList,
  ShopEndpointView,
  ShopEndpointWithSecret,
  TestEventSent,
} from '../../../shared/contract/shopEndpoints';
import { API_ERROR } from '../../../shared/contract/errors';
import { SHOP_EVENT_TYPES } from '../../../shared/contract/shopEvents';
import { ApiError } from '../../apiError';
import { actorOf } from '../../team';
import type { AppDeps, AppEnv } from '../../deps';
import { parseWith, readJson } from '../../http/readJsonBody';
import { newId } from '../../ids';
import { principalOf, requirePermission } from '../../team';
import { checkEndpointUrl } from '../checkEndpointUrl';
import { endpointSecretSeal, newEndpointSecret, rollSecrets, type StoredSecret } from '../endpointSecrets';
import { sendTestEvent } from '../sendTestEvent';
import { toEndpointView } from '../toEndpointView';
import { wakeDeliveries } from '../wakeDeliveries';
import { writeAuditEvent } from '../../orders';
import { DELIVERY_STATUSES, findDelivery, listDeliveries, resendDelivery } from '../shopDeliveries';
import {
  deleteShopEndpoint,
  findShopEndpoint,
  insertShopEndpoint,
  listShopEndpoints,
  updateShopEndpoint,
} from '../shopEndpoints';
import { givenQuery } from '../../http/givenQuery';
import { describeRequest } from '../../http/describeRequest';

const types = z
  .array(z.enum(SHOP_EVENT_TYPES, { error: `must be one of ${SHOP_EVENT_TYPES.join(', ')}` }))
  .min(1, 'must name at least one event type')
  .max(SHOP_EVENT_TYPES.length)
  .transform((t) => [...new Set(t)]);
const description = z.string().max(200, 'must be at most 200 characters').nullable();

const createBody = z.strictObject({
  url: z.string({ error: 'is required' }),
  /** default: every event type */
  types: types.optional(),
  description: description.optional(),
  /**
   * bring your own signing secret (e.g. one your secret manager already holds, or the demo shop's); left out, a
   * new random one is made. Long enough to be unguessable: whsec_ and at least 32 more characters.
   */
  secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_-]{32,200}$/, 'must be whsec_ followed by 32 to 200 letters, digits, _ or -')
    .optional(),
});
const updateBody = z.strictObject({
  url: z.string().optional(),
  types: types.optional(),
  enabled: z.boolean({ error: 'must be true or false' }).optional(),
  description: description.optional(),
});
const rollBody = z.strictObject({
  overlap_hours: z
    .number({ error: 'must be a number of hours' })
    .min(0, 'must be at least 0')
    .max(24 * 14, 'must be at most 336 (two weeks)')
    .optional(),
});
const deliveriesQuery = z.strictObject({
  endpoint_id: z.string().max(100).optional(),
  status: z.enum(DELIVERY_STATUSES, { error: `must be one of ${DELIVERY_STATUSES.join(', ')}` }).optional(),
  order_no: z.string().max(100).optional(),
  limit: pageLimit(200),
});

/** An empty body is `{}` (a roll or a test with nothing to say). */
async function optionalJson(c: Parameters<typeof readJson>[0]): Promise<unknown> {
  const length = c.req.header('content-length');
  if (!c.req.header('content-type') && (length === undefined || length === '0')) return {};
  return (await readJson(c)).value;
}

/**
 * `/admin/api/shop-endpoints`: the shop's event endpoints (issue #21). Create (the answer holds the secret, shown
 * once), list, update (url, types, enabled), delete, roll the secret (the previous one keeps signing for an
 * overlap, default SHOP_EVENTS_ROLL_OVERLAP_HOURS), send a test event, list deliveries, resend one. Every route
 * needs `shop_endpoints.manage`; every change is written to the audit log, never with a secret.
 */
export function shopEndpointRoutes(deps: AppDeps) {
  const { db } = deps.store;
  const seal = endpointSecretSeal(deps.config.tokenKey);

  async function checkedUrl(url: string): Promise<string> {
    const problem = await checkEndpointUrl(url, deps.config.production);
    if (problem)
      throw new ApiError(400, API_ERROR.invalid_request, `url: ${problem}`, [{ path: 'url', message: problem }]);
    return url;
  }

  async function audit(c: Parameters<typeof principalOf>[0], summary: string, detail: Record<string, unknown>) {
    await writeAuditEvent(
      db,
      {
        kind: 'shop_endpoint',
        summary: `${summary} by ${actorOf(principalOf(c))}`,
        request_id: c.get('requestId'),
        detail,
      },
      deps.now().toISOString(),
    );
  }

  async function endpointOr404(id: string) {
    const row = await findShopEndpoint(db, id);
    if (!row) throw new ApiError(404, API_ERROR.not_found, `no shop endpoint ${id}`);
    return row;
  }

  return new Hono<AppEnv>()
    .use(requirePermission('shop_endpoints.manage'))
    .get('/', async (c) => {
      const now = deps.now();
      return c.json<ShopEndpointList>({ endpoints: (await listShopEndpoints(db)).map((e) => toEndpointView(e, now)) });
    })
    .post('/', describeRequest({ body: createBody }), async (c) => {
      const body = parseWith(createBody, (await readJson(c)).value);
      const url = await checkedUrl(body.url);
      const now = deps.now();
      const at = now.toISOString();
      const secret = body.secret ?? newEndpointSecret();
      const stored: StoredSecret[] = [{ sealed: seal.seal(secret), created_at: at, expires_at: null }];
      const row = {
        id: newId('we'),
        url,
        types: JSON.stringify(body.types ?? [...SHOP_EVENT_TYPES]),
        enabled: 1,
        description: body.description ?? null,
        secrets: JSON.stringify(stored),
        created_at: at,
        updated_at: at,
      };
      await insertShopEndpoint(db, row);
      await audit(c, `shop endpoint ${row.id} added (${url})`, { endpoint_id: row.id, url, types: row.types });
      const answer: ShopEndpointWithSecret = { endpoint: toEndpointView(row, now), secret };
      return c.json<ShopEndpointWithSecret>(answer, 201);
    })
    .get('/deliveries', describeRequest({ query: deliveriesQuery }), async (c) => {
      const q = parseWith(deliveriesQuery, givenQuery(c.req.query()));
      const rows = await listDeliveries(
        db,
        { endpointId: q.endpoint_id, status: q.status, orderNo: q.order_no },
        { limit: q.limit },
      );
      const deliveries: ShopDeliveryView[] = rows.map((r) => ({
        id: r.id,
        endpoint_id: r.endpoint_id,
        event_id: r.event_id,
        event_type: r.type,
        order_no: r.order_no,
        payout_request_id: r.payout_request_id,
        event_created_at: r.event_created_at,
        status: r.status as ShopDeliveryView['status'],
        attempts: r.attempts,
        next_attempt_at: r.status === 'pending' ? r.next_attempt_at : null,
        last_attempt_at: r.last_attempt_at,
        last_status_code: r.last_status_code,
        last_error: r.last_error,
        last_answer: r.last_answer,
        delivered_at: r.delivered_at,
      }));
      return c.json<ShopDeliveryList>({ deliveries });
    })
    .post('/deliveries/:id/resend', async (c) => {
      const id = c.req.param('id');
      const delivery = await findDelivery(db, id);
      if (!delivery) throw new ApiError(404, API_ERROR.not_found, `no delivery ${id}`);
      await resendDelivery(db, id, deps.now().toISOString());
      await audit(c, `shop event ${delivery.event_id} resent to ${delivery.endpoint_id}`, {
        delivery_id: id,
        endpoint_id: delivery.endpoint_id,
        event_id: delivery.event_id,
      });
      wakeDeliveries();
      return c.json<DeliveryResent>({ id, status: 'pending' }, 202);
    })
    .get('/:id', async (c) =>
      c.json<ShopEndpointView>(toEndpointView(await endpointOr404(c.req.param('id')), deps.now())),
    )
    .patch('/:id', describeRequest({ body: updateBody }), async (c) => {
      const row = await endpointOr404(c.req.param('id'));
      const body = parseWith(updateBody, (await readJson(c)).value);
      const now = deps.now();
      const patch = {
        ...(body.url !== undefined ? { url: await checkedUrl(body.url) } : {}),
        ...(body.types !== undefined ? { types: JSON.stringify(body.types) } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled ? 1 : 0 } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        updated_at: now.toISOString(),
      };
      await updateShopEndpoint(db, row.id, patch);
      const { updated_at: _, ...changed } = patch;
      await audit(c, `shop endpoint ${row.id} changed`, { endpoint_id: row.id, ...changed });
      return c.json<ShopEndpointView>(toEndpointView({ ...row, ...patch }, now));
    })
    .delete('/:id', async (c) => {
      const row = await endpointOr404(c.req.param('id'));
      await deleteShopEndpoint(db, row.id);
      await audit(c, `shop endpoint ${row.id} removed (${row.url})`, { endpoint_id: row.id, url: row.url });
      return c.body(null, 204);
    })
    .post('/:id/roll-secret', describeRequest({ body: rollBody }), async (c) => {
      const row = await endpointOr404(c.req.param('id'));
      const body = parseWith(rollBody, await optionalJson(c));
      const overlap = body.overlap_hours ?? deps.config.shopEvents.rollOverlapHours;
      const now = deps.now();
      const secret = newEndpointSecret();
      const secrets = rollSecrets(JSON.parse(row.secrets) as StoredSecret[], seal.seal(secret), now, overlap);
      const patch = { secrets: JSON.stringify(secrets), updated_at: now.toISOString() };
      await updateShopEndpoint(db, row.id, patch);
      await audit(c, `shop endpoint ${row.id}: secret rolled, the previous one signs for ${overlap} h more`, {
        endpoint_id: row.id,
        overlap_hours: overlap,
      });
      const answer: ShopEndpointWithSecret = { endpoint: toEndpointView({ ...row, ...patch }, now), secret };
      return c.json<ShopEndpointWithSecret>(answer);
    })
    .post('/:id/test', async (c) => {
      const row = await endpointOr404(c.req.param('id'));
      const sent = await sendTestEvent(db, row.id, deps.now());
      await audit(c, `shop endpoint ${row.id}: test event sent`, { endpoint_id: row.id, event_id: sent.event_id });
      return c.json<TestEventSent>(sent, 202);
    });
}

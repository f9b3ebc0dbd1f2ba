import type { AppDeps } from '../deps';
import {
  claimDueDeliveries,
  recordDeliveryAttempt,
  type ShopDeliveryRow,
  startDeliveryAttempt,
  unrecordedAttempts,
} from './shopDeliveries';
import { findShopEndpoint } from './shopEndpoints';
import { findShopEvent } from './shopEventRows';
import { activeSecrets, endpointSecretSeal, type StoredSecret } from './endpointSecrets';
import { deliverOne } from './deliverOne';
import { fanOutEvents } from './fanOutEvents';
import { retryDelay } from './retryDelay';

/** Deliveries one pass claims at most (sent in parallel: at most one per order and endpoint). */
const CLAIM_BATCH = 20;
/** Deliveries to one endpoint in flight at once, across every worker: what one slow or hostile endpoint can hold. */
const PER_ENDPOINT = 4;
/**
 * Sends in a row that never recorded their outcome (the process stopped during each) before a delivery is
 * failed rather than tried again: a send that kills the backend must not kill it at every restart (#33).
 */
const MAX_UNRECORDED = 3;
/** A lease outlives the send's time-out by this much, so a slow answer is recorded before another worker may retry. */
const LEASE_MARGIN_MS = 5_000;

export interface DeliveryPass {
  fannedOut: number;
  delivered: number;
  failed: number;
  retrying: number;
}

/**
 * One pass of the delivery worker: fan out the events committed since the last pass, then claim the due
 * deliveries (leased, so no other process sends them meanwhile) and send them. A failed try is retried with
 * exponential backoff and full jitter until `retryForMs` after its event, then marked `failed`, which lets the
 * order's later events go out.
 */
export async function deliverDueEvents(deps: Pick<AppDeps, 'store' | 'config' | 'now' | 'log'>): Promise<DeliveryPass> {
  const { store, config, now } = deps;
  const pass: DeliveryPass = { fannedOut: await fanOutEvents(store, now()), delivered: 0, failed: 0, retrying: 0 };
  const start = now();
  const claimed = await claimDueDeliveries(
    store.db,
    store.dialect,
    start.toISOString(),
    new Date(start.getTime() + config.shopEvents.timeoutMs + LEASE_MARGIN_MS).toISOString(),
    CLAIM_BATCH,
    PER_ENDPOINT,
  );
  const seal = endpointSecretSeal(config.tokenKey);
  await Promise.all(
    claimed.map(async (d) => {
      const outcome = await sendClaimed(deps, d, seal);
      pass[outcome] += 1;
    }),
  );
  return pass;
}

async function sendClaimed(
  deps: Pick<AppDeps, 'store' | 'config' | 'now' | 'log'>,
  d: ShopDeliveryRow,
  seal: ReturnType<typeof endpointSecretSeal>,
): Promise<'delivered' | 'failed' | 'retrying'> {
  const { store, config, now } = deps;
  const [endpoint, event] = await Promise.all([
    findShopEndpoint(store.db, d.endpoint_id),
    findShopEvent(store.db, d.event_id),
  ]);
  if (!endpoint || !event) return 'failed';
  const stopped = unrecordedAttempts(d);
  if (stopped >= MAX_UNRECORDED) {
    const error = `gave up: ${stopped} sends in a row stopped the backend before their outcome was recorded; resend it once the cause is found`;
    deps.log.error({ deliveryId: d.id, eventId: event.id, endpointId: endpoint.id }, `shop event: ${error}`);
    await recordDeliveryAttempt(store.db, d.id, {
      status: 'failed',
      at: now().toISOString(),
      statusCode: null,
      error,
      answer: null,
    });
    return 'failed';
  }
  const attempts = d.attempts + 1;
  const next = now().getTime() + retryDelay(attempts, config.shopEvents);
  const giveUp = next - Date.parse(event.created_at) > config.shopEvents.retryForMs;
  // counted before it is sent: should this send stop the process, it is retried after its backoff, and counted
  await startDeliveryAttempt(store.db, d, now().toISOString(), new Date(next).toISOString());
  const secrets = activeSecrets(JSON.parse(endpoint.secrets) as StoredSecret[], now()).map((s) => seal.open(s.sealed));
  const sent = await deliverOne({ url: endpoint.url, secrets, eventId: event.id, body: event.payload }, config, now);
  const { ok, ...attempt } = sent;
  if (ok) {
    await recordDeliveryAttempt(store.db, d.id, { ...attempt, status: 'delivered' });
    return 'delivered';
  }
  deps.log.warn(
    { deliveryId: d.id, eventId: event.id, endpointId: endpoint.id, attempts, error: attempt.error, giveUp },
    'shop event: delivery failed',
  );
  await recordDeliveryAttempt(store.db, d.id, {
    ...attempt,
    status: giveUp ? 'failed' : 'pending',
    ...(giveUp ? {} : { nextAttemptAt: new Date(next).toISOString() }),
  });
  return giveUp ? 'failed' : 'retrying';
}

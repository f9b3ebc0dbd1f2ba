import type { AppDeps } from '../deps';
import { claimDueDeliveries, recordDeliveryAttempt, type ShopDeliveryRow } from './shopDeliveries';
import { findShopEndpoint } from './shopEndpoints';
import { findShopEvent } from './shopEventRows';
import { activeSecrets, endpointSecretSeal, type StoredSecret } from './endpointSecrets';
import { deliverOne } from './deliverOne';
import { fanOutEvents } from './fanOutEvents';
import { retryDelay } from './retryDelay';

/** Deliveries one pass claims at most (sent in parallel: at most one per order and endpoint). */
const CLAIM_BATCH = 20;
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
  const secrets = activeSecrets(JSON.parse(endpoint.secrets) as StoredSecret[], now()).map((s) => seal.open(s.sealed));
  const sent = await deliverOne({ url: endpoint.url, secrets, eventId: event.id, body: event.payload }, config, now);
  const { ok, ...attempt } = sent;
  if (ok) {
    await recordDeliveryAttempt(store.db, d.id, { ...attempt, status: 'delivered' });
    return 'delivered';
  }
  const attempts = d.attempts + 1;
  const next = now().getTime() + retryDelay(attempts, config.shopEvents);
  const giveUp = next - Date.parse(event.created_at) > config.shopEvents.retryForMs;
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

import type { ShopEventType } from '../../shared/contract/shopEvents';
import { newId } from '../ids';
import type { Store } from '../store';
import { insertDeliveries } from './shopDeliveries';
import { listShopEndpoints } from './shopEndpoints';
import { type ShopEventRow, positionNewEvents } from './shopEventRows';

/** What orders the deliveries of one event: an order's events, or a payout's, go out one after the other. */
function subjectOf(e: Pick<ShopEventRow, 'id' | 'order_id' | 'payout_request_id'>): string {
  if (e.order_id) return `order:${e.order_id}`;
  if (e.payout_request_id) return `payout:${e.payout_request_id}`;
  return `event:${e.id}`;
}

/**
 * Takes the events committed since the last call, gives each its pull position, and creates its deliveries to
 * every enabled endpoint that wants its type, in one transaction: an event is either positioned and fanned out,
 * or neither. Answers how many events it took.
 */
export async function fanOutEvents(store: Store, now: Date): Promise<number> {
  return store.db.transaction().execute(async (trx) => {
    const events = await positionNewEvents(trx, store.dialect);
    if (events.length === 0) return 0;
    const endpoints = (await listShopEndpoints(trx)).filter((e) => e.enabled === 1);
    const wanted = endpoints.map((e) => ({ id: e.id, types: new Set(JSON.parse(e.types) as ShopEventType[]) }));
    const at = now.toISOString();
    await insertDeliveries(
      trx,
      events.flatMap((e) =>
        wanted
          .filter((w) => w.types.has(e.type as ShopEventType))
          .map((w) => ({
            id: newId('dlv'),
            event_id: e.id,
            endpoint_id: w.id,
            subject: subjectOf(e),
            event_seq: e.seq,
            status: 'pending',
            next_attempt_at: at,
            created_at: at,
          })),
      ),
    );
    return events.length;
  });
}

import type { ShopEvent } from '../../shared/contract/shopEvents';
import { newId } from '../ids';
import type { Db } from '../store';
import { insertDeliveries } from './shopDeliveries';
import { insertShopEvent } from './shopEventRows';
import { wakeDeliveries } from './wakeDeliveries';

/**
 * The owner's "send test event": an `endpoint.test` event with its one delivery, to `endpointId` only (it is
 * never fanned out to other endpoints nor listed by `GET /api/events`). Answers the event's id.
 */
export async function sendTestEvent(
  db: Db,
  endpointId: string,
  now: Date,
): Promise<{ event_id: string; delivery_id: string }> {
  const at = now.toISOString();
  const event: ShopEvent = { id: newId('evt'), type: 'endpoint.test', created_at: at };
  const deliveryId = newId('dlv');
  await db.transaction().execute(async (trx) => {
    await insertShopEvent(trx, {
      id: event.id,
      type: event.type,
      order_id: null,
      order_no: null,
      payout_request_id: null,
      endpoint_id: endpointId,
      created_at: at,
      payload: JSON.stringify(event),
    });
    const { seq } = await trx
      .selectFrom('shop_events')
      .select('seq')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    await insertDeliveries(trx, [
      {
        id: deliveryId,
        event_id: event.id,
        endpoint_id: endpointId,
        subject: `event:${event.id}`,
        event_seq: seq,
        status: 'pending',
        next_attempt_at: at,
        created_at: at,
      },
    ]);
  });
  wakeDeliveries();
  return { event_id: event.id, delivery_id: deliveryId };
}

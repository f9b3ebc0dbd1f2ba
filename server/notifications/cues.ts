import type { Db } from '../store';
import type { Notification } from './readNotification';

/** Cues kept per payment: a hostile sender re-posting variants of one order's notification re-arms the newest. */
const MAX_CUES_PER_ATTEMPT = 20;
/** The payload's most characters: it is for a person reading the audit of a payment, not for acting on. */
const MAX_PAYLOAD_CHARS = 2048;
/** Fields never stored as received: the signature, and a card token (which would charge the card). */
const MASKED_FIELDS = ['encryption_data', 'token_id'];

/** A notification's fields, secrets masked, each cut short, as JSON of at most MAX_PAYLOAD_CHARS. */
function cuePayload(fields: Readonly<Record<string, string>>): string {
  const kept: Record<string, string> = {};
  let size = 2;
  for (const [name, value] of Object.entries(fields)) {
    const v = MASKED_FIELDS.includes(name) && value ? '[masked]' : value.slice(0, 128);
    const entry = JSON.stringify(name).length + JSON.stringify(v).length + 2;
    if (size + entry > MAX_PAYLOAD_CHARS) break;
    kept[name.slice(0, 64)] = v;
    size += entry;
  }
  return JSON.stringify(kept);
}

export type StoreCueResult = 'stored' | 'duplicate' | 'rearmed';

/**
 * Stores a notification as a cue to confirm the payment `attemptId` (migration 019), acted on from `now`. A
 * delivery already stored (same key) is set pending again: a gateway posts again only what it means to say again,
 * and what that costs is bounded by the per-payment throttle of processCues. A payment with
 * MAX_CUES_PER_ATTEMPT cues already has its newest set pending again instead of a row more.
 */
export async function storeCue(
  db: Db,
  n: Notification,
  cue: { attemptId: string; verified: boolean; fields: Readonly<Record<string, string>> },
  now: string,
): Promise<StoreCueResult> {
  const pending = { state: 'pending', next_at: now };
  const existing = await db
    .selectFrom('notification_cues')
    .select('cue_key')
    .where('cue_key', '=', n.key)
    .executeTakeFirst();
  if (existing) {
    await db.updateTable('notification_cues').set(pending).where('cue_key', '=', n.key).execute();
    return 'duplicate';
  }
  const count = await db
    .selectFrom('notification_cues')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('attempt_id', '=', cue.attemptId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_CUES_PER_ATTEMPT) {
    const newest = await db
      .selectFrom('notification_cues')
      .select('cue_key')
      .where('attempt_id', '=', cue.attemptId)
      .orderBy('received_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db.updateTable('notification_cues').set(pending).where('cue_key', '=', newest.cue_key).execute();
    return 'rearmed';
  }
  const inserted = await db
    .insertInto('notification_cues')
    .values({
      cue_key: n.key,
      attempt_id: cue.attemptId,
      order_no: n.orderNo.slice(0, 64),
      kind: n.kind,
      notify_type: n.type.slice(0, 64),
      verified: cue.verified ? 1 : 0,
      payload: cuePayload(cue.fields),
      received_at: now,
      tries: 0,
      outcome: '',
      done_at: null,
      ...pending,
    })
    .onConflict((oc) => oc.column('cue_key').doNothing())
    .executeTakeFirst();
  // another delivery of the same notification stored it a moment ago: it is pending, as this one would be
  return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n ? 'stored' : 'duplicate';
}

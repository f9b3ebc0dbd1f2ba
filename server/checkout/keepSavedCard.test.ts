import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TransactionRecord } from '../gateway';
import { recordSentOrder } from '../orders/attemptOrders';
import { listSavedCards } from './savedCards';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { applyNotification } from '../notifications/applyNotification';
import { keepRecordExtras } from '../orders/keepRecordExtras';
import { newAttempt, newOrder, paymentNotification } from './testing/paymentFixtures';

describeOnStores('which card tokens are kept', (store) => {
  // the gateway is a closed port: nothing here can come from a real query but the records the tests hand in
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store });
  });
  afterAll(() => backend?.close());

  /** An attempt of `shopperId`'s session that sent the gateway token_flag `flag`. */
  const attemptOf = async (shopperId: string, flag: 'YES' | 'NO' = 'YES') => {
    const { order } = await newOrder(backend.deps, { shopper_id: shopperId, allow_save_card: true });
    const attempt = await newAttempt(backend.deps, order, 'card');
    await recordSentOrder(backend.store.db, attempt.id, { token_flag: flag }, new Date().toISOString());
    return attempt;
  };
  const record = (token: string): TransactionRecord =>
    ({
      query_result: '0',
      order_no: 'x',
      payment_status: '3000',
      token_id: token,
      card_brand: 'Visa',
      card_last4: '4242',
    }) as unknown as TransactionRecord;
  const cardsOf = (shopperId: string) => listSavedCards(backend.store.db, shopperId);

  it('a query answer for an attempt that asked to save keeps its token once, whatever arrives after', async () => {
    const attempt = await attemptOf(`once-${store}`);
    await keepRecordExtras(backend.deps, attempt, record('tok_once_1'));
    await keepRecordExtras(backend.deps, attempt, record('tok_once_1'));
    await keepRecordExtras(backend.deps, attempt, record('tok_once_2'));
    expect(await cardsOf(`once-${store}`)).toEqual([expect.objectContaining({ label: 'Visa •••• 4242' })]);
  });

  it("a token already saved for one shopper is never bound to another's attempt", async () => {
    await keepRecordExtras(backend.deps, await attemptOf(`owner-${store}`), record('tok_owned'));
    await keepRecordExtras(backend.deps, await attemptOf(`thief-${store}`), record('tok_owned'));
    expect(await cardsOf(`owner-${store}`)).toHaveLength(1);
    expect(await cardsOf(`thief-${store}`)).toEqual([]);
  });

  it('an attempt that did not ask to save keeps nothing', async () => {
    await keepRecordExtras(backend.deps, await attemptOf(`no-${store}`, 'NO'), record('tok_not_asked'));
    expect(await cardsOf(`no-${store}`)).toEqual([]);
  });

  it("a notification's token fields bind nothing, even for an attempt that asked to save", async () => {
    const attempt = await attemptOf(`note-${store}`);
    const form = paymentNotification(attempt, {
      payment_status: '3000',
      token_id: 'tok_from_a_notification',
      card_brand: 'Visa',
      card_last4: '4242',
    });
    expect(await applyNotification(backend.deps, form)).toBe('applied');
    expect(await cardsOf(`note-${store}`)).toEqual([]);
  });
});

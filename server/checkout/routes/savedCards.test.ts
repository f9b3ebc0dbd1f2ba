import { afterAll, beforeAll, expect, it } from 'vitest';
import { callJson, createSession } from '../../../testing/shopClient';
import { cardTokenSeal } from '../../store/cardTokenSeal';
import { listSavedCards, saveCardToken } from '../savedCards';
import { startBackend, type Backend } from '../../testing/startBackend';
import { describeOnStores } from '../../testing/storeVariants';

const SHOP = 'http://shop.test';

describeOnStores('the shopper removes a saved card (DELETE /api/sessions/:id/saved-cards/:cardId)', (store) => {
  let backend: Backend;
  // the app's clock: a test moves it past a session's expiry
  let offsetMs = 0;
  beforeAll(async () => {
    backend = await startBackend({ store, now: () => new Date(Date.now() + offsetMs) });
  });
  afterAll(() => backend?.close());

  /** A card saved for `shopperId` as a query answer would save it; answers its id. */
  const saveCard = async (shopperId: string, token: string) => {
    const seal = cardTokenSeal(backend.config.tokenKey);
    await saveCardToken(
      backend.store.db,
      seal,
      { shopperId, tokenId: token, label: 'Visa •••• 4242', attemptId: `att_${token}` },
      new Date().toISOString(),
    );
    const cards = await listSavedCards(backend.store.db, shopperId);
    return cards.find((c) => seal.open(c.token_sealed!) === token)!.id;
  };
  const remove = (sessionId: string, cardId: string, headers: Record<string, string>) =>
    callJson(`${backend.url}/api/sessions/${sessionId}/saved-cards/${cardId}`, {
      method: 'DELETE',
      headers: { Origin: SHOP, ...headers },
    });
  const cardIdsOf = async (shopperId: string) => (await listSavedCards(backend.store.db, shopperId)).map((c) => c.id);

  it("removes the session shopper's own card (204): gone from the store and from the session view", async () => {
    const mine = await saveCard(`ana-${store}`, `tok_mine_${store}`);
    const kept = await saveCard(`ana-${store}`, `tok_kept_${store}`);
    const s = await createSession(backend, { shopper_id: `ana-${store}` });
    const res = await remove(s.id, mine, { 'X-Client-Secret': s.client_secret });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(await cardIdsOf(`ana-${store}`)).toEqual([kept]);
    const view = await callJson(`${backend.url}/api/sessions/${s.id}`, {
      headers: { 'X-Client-Secret': s.client_secret },
    });
    const card = view.body.methods.find((m: { id: string }) => m.id === 'card');
    expect(card.saved_cards.map((c: { id: string }) => c.id)).toEqual([kept]);

    // the audit log says who removed which card, without the session's secret or the token
    const events = await backend.store.db
      .selectFrom('audit_events')
      .selectAll()
      .where('kind', '=', 'saved_card_removed')
      .execute();
    const event = events.find((e) => e.summary.includes(mine));
    expect(event).toMatchObject({ order_no: s.order_no });
    expect(JSON.stringify(event)).not.toContain(s.client_secret);
    expect(JSON.stringify(event)).not.toContain(`tok_mine_${store}`);

    // a second DELETE of the same card: it is gone, as an unknown card is (404), and nothing else moves
    const again = await remove(s.id, mine, { 'X-Client-Secret': s.client_secret });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('not_found');
    expect(await cardIdsOf(`ana-${store}`)).toEqual([kept]);
  });

  it("never touches another shopper's card, and says so as it says of an unknown card (404)", async () => {
    const theirs = await saveCard(`bob-${store}`, `tok_bob_${store}`);
    const s = await createSession(backend, { shopper_id: `eve-${store}` });
    const res = await remove(s.id, theirs, { 'X-Client-Secret': s.client_secret });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect((await remove(s.id, 'card_unknown', { 'X-Client-Secret': s.client_secret })).status).toBe(404);
    // a session without a shopper has no cards at all
    const guest = await createSession(backend);
    expect((await remove(guest.id, theirs, { 'X-Client-Secret': guest.client_secret })).status).toBe(404);
    expect(await cardIdsOf(`bob-${store}`)).toEqual([theirs]);
  });

  it('wants the session client_secret in a header (401 without it, with a wrong one, or for an unknown session)', async () => {
    const card = await saveCard(`cy-${store}`, `tok_cy_${store}`);
    const s = await createSession(backend, { shopper_id: `cy-${store}` });
    const missing = await remove(s.id, card, {});
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('unauthorized');
    expect((await remove(s.id, card, { 'X-Client-Secret': `${s.client_secret}x` })).status).toBe(401);
    expect((await remove('ses_unknown', card, { 'X-Client-Secret': s.client_secret })).status).toBe(401);
    // the secret never goes in a URL (access logs, Referer)
    const inQuery = await callJson(
      `${backend.url}/api/sessions/${s.id}/saved-cards/${card}?client_secret=${s.client_secret}`,
      { method: 'DELETE', headers: { Origin: SHOP } },
    );
    expect(inQuery.status).toBe(401);
    expect((await remove(s.id, card, { Authorization: `Bearer ${s.client_secret}` })).status).toBe(204);
  });

  it('refuses an expired session (410), and a page outside ALLOWED_ORIGINS (403); the preflight allows DELETE', async () => {
    const card = await saveCard(`dan-${store}`, `tok_dan_${store}`);
    const s = await createSession(backend, { shopper_id: `dan-${store}` });
    const preflight = await fetch(`${backend.url}/api/sessions/${s.id}/saved-cards/${card}`, {
      method: 'OPTIONS',
      headers: {
        Origin: SHOP,
        'Access-Control-Request-Method': 'DELETE',
        'Access-Control-Request-Headers': 'x-client-secret',
      },
    });
    expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE');
    expect((await remove(s.id, card, { 'X-Client-Secret': s.client_secret, Origin: 'http://evil.test' })).status).toBe(
      403,
    );
    offsetMs = Date.parse(s.expires_at) - Date.now() + 1000;
    try {
      const late = await remove(s.id, card, { 'X-Client-Secret': s.client_secret });
      expect(late.status).toBe(410);
      expect(late.body.error.code).toBe('session_expired');
    } finally {
      offsetMs = 0;
    }
    expect(await cardIdsOf(`dan-${store}`)).toEqual([card]);
  });
});

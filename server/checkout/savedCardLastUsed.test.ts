import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { callJson, createSession, startPayment } from '../../testing/shopClient';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { payByCard } from '../gateway/testing/playShopper';
import { listSavedCards } from './savedCards';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';

const AUTO_CAPTURE = { ACCOUNT_ID: '701001020', SIGN_KEY: 'sk_sandbox_701001020' };

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('saved cards, the last one paid with first', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url, env: AUTO_CAPTURE });
  });
  afterAll(() => backend?.close());

  const shopper = `cust-last-${store}`;
  const session = () => createSession(backend, { shopper_id: shopper, allow_save_card: true });
  /** A card payment of a new session with `choices`, up to the gateway's page: the session and its frame page. */
  const start = async (choices: Record<string, unknown>) => {
    const s = await session();
    const res = await startPayment(backend, s, 'card', undefined, choices);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { s, page: await (await fetch(res.body.action.url as string)).text() };
  };
  /** ... and the shopper pays on it and comes back: the backend settles the payment by query. */
  const pay = async (choices: Record<string, unknown>) => {
    const { s, page } = await start(choices);
    const returned = await payByCard(page, '4242424242424242');
    expect((await fetch(returned.returnUrl, { redirect: 'manual' })).status).toBe(200);
    return s;
  };
  const savedIds = async () => (await listSavedCards(backend.store.db, shopper)).map((c) => c.id);
  const viewedIds = async (s: { id: string; client_secret: string }) => {
    const view = await callJson(`${backend.url}/api/sessions/${s.id}`, {
      headers: { 'X-Client-Secret': s.client_secret },
    });
    return view.body.methods.find((m: { id: string }) => m.id === 'card').saved_cards.map((c: { id: string }) => c.id);
  };

  it('a card paid with moves to the top; a payment started with it and not finished moves nothing', async () => {
    await pay({ save_card: true });
    const [first] = await vi.waitFor(async () => {
      const ids = await savedIds();
      expect(ids).toHaveLength(1);
      return ids;
    });
    await pay({ save_card: true });
    // the card saved last was used last
    const [second] = await vi.waitFor(async () => {
      const ids = await savedIds();
      expect(ids).toHaveLength(2);
      return ids;
    });
    expect(await savedIds()).toEqual([second, first]);

    // the older card, chosen but its page left unpaid: still second
    await start({ saved_card: first });
    expect(await viewedIds(await session())).toEqual([second, first]);

    // paid with it: first, in the store and in what the widget shows (which preselects the first)
    await pay({ saved_card: first });
    await vi.waitFor(async () => expect(await savedIds()).toEqual([first, second]));
    expect(await viewedIds(await session())).toEqual([first, second]);
    const [row] = await listSavedCards(backend.store.db, shopper);
    expect(row!.last_used_at! > row!.created_at).toBe(true);
  });
});

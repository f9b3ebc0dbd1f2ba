/**
 * What strangers can send without any secret (issue #18, "no way in for strangers"): unsigned notifications
 * by the hundred, oversized bodies, a store that stops taking writes, a shopper's own signed return link posted
 * as a notification to bind someone else's card token, and a signed return link replayed to make the backend
 * query the gateway again and again. Each costs a bounded amount, binds nothing and is reported where an
 * operator looks (429, 413, /readyz 503).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import { sql } from 'kysely';
// the backend's own SQLite library: a second copy of SQLite in the process would not see its file locks
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { BULK_ENV } from '../../server/testing/makeOrders';
import { payByCard, pressIssuerButton } from '../../server/gateway/testing/playShopper';
import type { Db } from '../../server/store/db';
import { listSavedCards } from '../../server/checkout/savedCards';
import { startBackend, type Backend } from '../../server/testing/startBackend';
import { describeOnStores } from '../../server/testing/storeVariants';
import { auditOf, orderOf } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { callJson, createSession, paymentBody, startPix } from '../../testing/shopClient';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { addFault, clearCountingFaults } from './lib/faults';
import { useTally } from './lib/tally';

const tally = useTally('securityInbound');

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandboxProcess();
});
afterAll(() => sandbox?.close());
afterEach(() => clearCountingFaults(sandbox.url, tally));

const postHook = (backend: Backend, body: string) =>
  fetch(`${backend.url}/hooks/gateway`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });

/** Every byte the store holds: the SQLite file and its WAL, or every row of the test's PostgreSQL schema as text. */
async function everythingStored(db: Db, kind: 'sqlite' | 'postgres'): Promise<string> {
  if (kind === 'sqlite') {
    const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
    const file = rows.find((r) => r.name === 'main')!.file;
    return [file, `${file}-wal`]
      .filter((f) => existsSync(f))
      .map((f) => readFileSync(f).toString('latin1'))
      .join('');
  }
  const { rows: tables } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = current_schema()`.execute(db);
  let all = '';
  for (const { table_name } of tables) {
    const { rows } = await sql<{ row: string }>`select t::text as row from ${sql.table(table_name)} t`.execute(db);
    all += rows.map((r) => r.row).join('\n');
  }
  return all;
}

describeOnStores('unsigned notifications from strangers', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({
      store,
      env: { ...BULK_ENV, RATE_LIMIT_HOOKS_PER_MINUTE: '100', RATE_LIMIT_RETURNS_PER_MINUTE: '5' },
    });
  });
  afterAll(() => backend?.close());

  it('return links past the per-IP limit get 429 with Retry-After, before any lookup', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${backend.url}/pay/return/pay_unknown${i}?payment_status=3000`);
      await res.arrayBuffer();
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
  });

  // first: the flood below spends this IP's budget
  it('a notification body over 8 KiB is refused with 413 before it is read', async () => {
    const res = await postHook(backend, `order_no=1&note=${'y'.repeat(9 * 1024)}`);
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
  });

  // issue #31: a notification whose signature does not verify is acknowledged (200, it is a cue), but a cue is
  // stored only for a payment of ours: these name none, so nothing but a few rate-limited audit rows is written
  it('400 unsigned notifications: acknowledged, 429 past the per-IP limit, no body or cue stored, the audit log grows by a few small rows', async () => {
    const { db } = backend.store;
    const auditRows = async () =>
      Number(
        (
          await db
            .selectFrom('audit_events')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await auditRows();
    const filler = `STRANGER${'x'.repeat(7_500)}`;
    const statuses = new Map<number, number>();
    for (let i = 0; i < 400; i++) {
      const body = new URLSearchParams({
        merchant_id: '701001',
        account_id: '701001010',
        notify_id: randomUUID(),
        notify_type: 'PAYMENT',
        order_no: `${'N'.repeat(200)}${i}`,
        payment_status: '3000',
        encryption_data: 'ab'.repeat(32),
        note: filler,
      }).toString();
      const res = await postHook(backend, body);
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      tally.requests += 1;
    }
    // the limit is 100 a minute for this IP, shared with the test before
    expect([...statuses.keys()].sort()).toEqual([200, 429]);
    expect(statuses.get(429)).toBeGreaterThanOrEqual(300);
    // no row holds what the stranger sent beyond a truncated order_no
    const stored = await everythingStored(db, store);
    expect(stored).not.toContain('STRANGER');
    expect(stored).not.toContain('N'.repeat(100));
    expect(await db.selectFrom('notification_cues').selectAll().execute()).toEqual([]);
    const added = (await auditRows()) - before;
    expect(added).toBeLessThanOrEqual(60);
    const sizes = await db
      .selectFrom('audit_events')
      .select(['summary', 'detail', 'order_no'])
      .where('summary', '=', 'notification PAYMENT: no payment with this order_no')
      .execute();
    expect(sizes.length).toBeGreaterThan(0);
    for (const row of sizes) expect(`${row.summary}${row.detail ?? ''}${row.order_no ?? ''}`.length).toBeLessThan(300);
  });
});

describeOnStores('/readyz when the store cannot write', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store });
  });
  afterAll(() => backend?.close());

  /** Takes the store's write lock from another connection, as a stuck writer or a long migration would. */
  async function blockWrites(): Promise<() => Promise<void>> {
    const { db } = backend.store;
    if (store === 'sqlite') {
      const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
      const other = new Database(rows.find((r) => r.name === 'main')!.file);
      other.exec('BEGIN IMMEDIATE');
      return async () => {
        other.exec('ROLLBACK');
        other.close();
      };
    }
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    await other.query('begin');
    // every table the backend writes to: what a database that refuses writes looks like from inside
    const { rows: tables } = await other.query<{ table_name: string }>(
      'select table_name from information_schema.tables where table_schema = $1',
      [rows[0]!.schema],
    );
    for (const { table_name } of tables)
      await other.query(`lock table "${rows[0]!.schema}"."${table_name}" in exclusive mode`);
    return async () => {
      await other.query('rollback');
      await other.end();
    };
  }

  it('answers 503 while a write cannot complete, and 200 again once it can', async () => {
    expect((await fetch(`${backend.url}/readyz`)).status).toBe(200);
    const release = await blockWrites();
    try {
      const res = await fetch(`${backend.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'not_ready', checks: { store: 'ok', write: 'failed' } });
      // reading still works: liveness stays 200, restarting the process would not help
      expect((await fetch(`${backend.url}/healthz`)).status).toBe(200);
    } finally {
      await release();
    }
    await vi.waitFor(async () => expect((await fetch(`${backend.url}/readyz`)).status).toBe(200), {
      timeout: 15_000,
      interval: 100,
    });
  });
});

describeOnStores('saved card tokens', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      env: { ...BULK_ENV, ACCOUNT_ID: '701001020', SIGN_KEY: 'sk_sandbox_701001020' },
    });
  });
  afterAll(() => backend?.close());

  const gatewayOrderNo = async (sessionId: string) =>
    (
      await backend.store.db
        .selectFrom('payment_attempts')
        .select('gateway_order_no')
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow()
    ).gateway_order_no;

  /** A card payment with "save my card" for `shopperId`, up to the gateway's redirect back (not followed). */
  async function payAndSave(shopperId: string) {
    const s = await createSession(backend, { shopper_id: shopperId, allow_save_card: true });
    const res = await callJson(`${backend.url}/api/sessions/${s.id}/payments`, {
      body: paymentBody(s.client_secret, 'card', { save_card: true }),
      headers: { 'Idempotency-Key': randomUUID(), Accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    const returned = await payByCard(await (await fetch(res.body.action.url)).text(), '4242424242424242');
    expect(returned.query.payment_status).toBe('3000');
    const orderNo = await gatewayOrderNo(s.id);
    const tx = await sandboxApi(sandbox.url).transaction(orderNo);
    expect(tx.token_id).toMatch(/^tok_/);
    return { returned, token: tx.token_id as string, amount: tx.amount as string, currency: tx.currency as string };
  }
  const cardsOf = (shopperId: string) => listSavedCards(backend.store.db, shopperId);

  it("a shopper's signed return link posted as a notification with another shopper's token binds nothing", async () => {
    const a = await payAndSave(`shopper-a-${store}`);
    expect((await fetch(a.returned.returnUrl, { redirect: 'manual' })).status).toBe(200);
    await vi.waitFor(async () => expect(await cardsOf(`shopper-a-${store}`)).toHaveLength(1));

    const b = await payAndSave(`shopper-b-${store}`);
    const forged = {
      ...b.returned.query,
      merchant_id: '701001',
      account_id: '701001020',
      amount: b.amount,
      currency: b.currency,
      notify_id: randomUUID(),
      notify_type: 'PAYMENT',
      token_id: a.token,
      card_brand: 'Visa',
      card_last4: '4242',
    };
    // what the return's signature covered beside its query: the account and the order's amount, all known to B
    expect(await (await postHook(backend, new URLSearchParams(forged).toString())).text()).toBe('success');
    expect((await fetch(b.returned.returnUrl, { redirect: 'manual' })).status).toBe(200);
    // B's own card, from the gateway's query answer; never A's token
    await vi.waitFor(async () => expect(await cardsOf(`shopper-b-${store}`)).toHaveLength(1));
    const replays = await postHook(backend, new URLSearchParams({ ...forged, notify_id: randomUUID() }).toString());
    await replays.arrayBuffer();
    expect(await cardsOf(`shopper-b-${store}`)).toHaveLength(1);
    expect(await cardsOf(`shopper-a-${store}`)).toHaveLength(1);
  });

  it('no token is stored in clear: not in saved cards, notifications, the audit log or anywhere else', async () => {
    const c = await payAndSave(`shopper-c-${store}`);
    expect((await fetch(c.returned.returnUrl, { redirect: 'manual' })).status).toBe(200);
    await vi.waitFor(async () => expect(await cardsOf(`shopper-c-${store}`)).toHaveLength(1));
    // the gateway's notification has arrived too (it carries the token): wait until it is stored
    const { order_no } = await backend.store.db
      .selectFrom('orders')
      .select('order_no')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    await vi.waitFor(async () =>
      expect((await auditOf(backend.url, order_no)).some((e) => e.summary.startsWith('notification '))).toBe(true),
    );
    expect(await everythingStored(backend.store.db, store)).not.toContain(c.token);
  });
});

describeOnStores('a signed return link replayed', (store) => {
  let backend: Backend;
  let clock = Date.now();
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url, env: BULK_ENV, now: () => new Date(clock) });
  });
  afterAll(() => backend?.close());

  it('50 replays cost one gateway query per interval and one audit row per attempt and status', async () => {
    const { session, issuerUrl } = await startPix(backend.url);
    const gatewayNo = (await orderOf(backend.url, session.order_no)).attempts[0]!.gateway_order_no;
    // the payment stays open at the backend: no notification, and every query fails, so each replay would ask again
    await addFault(sandbox.url, { endpoint: 'notify', order_no: gatewayNo, fault: { kind: 'drop' } });
    await addFault(sandbox.url, { endpoint: '/v1/retrievalTrans', fault: { kind: 'status', status: 503 } });
    const back = await pressIssuerButton(issuerUrl, 'approve');
    // one confirmation is one query call, which the client may retry on the 503: count calls by what one costs
    const queries = () => sandboxApi(sandbox.url).requestCount('/v1/retrievalTrans', gatewayNo);
    let once = 0;
    for (let i = 0; i < 50; i++) {
      const res = await fetch(back.returnUrl, { redirect: 'manual' });
      await res.arrayBuffer();
      expect(res.status).toBeLessThan(500);
      tally.requests += 1;
      if (i === 0) once = await queries();
    }
    expect(once).toBeGreaterThan(0);
    expect(await queries()).toBe(once);
    const returns = (await auditOf(backend.url, session.order_no)).filter((e) => e.summary.startsWith('return:'));
    expect(returns.map((e) => e.summary)).toEqual(['return: gateway says 3000']);

    // after the interval the next replay may ask again: the shopper still learns the outcome
    clock += 11_000;
    await (await fetch(back.returnUrl, { redirect: 'manual' })).arrayBuffer();
    expect(await queries()).toBe(2 * once);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { faultyGatewayFetch } from '../testing/faultyGatewayFetch';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { admin } from '../../testing/adminClient';
import { payoutBody } from '../../testing/payoutBody';
import { sandboxApi } from '../../testing/sandboxApi';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

const IBAN = 'DE89370400440532013000';

describeOnStores('payouts', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url });
  });
  afterAll(() => backend?.close());

  const create = (body: unknown, key?: string, b: Backend = backend) =>
    admin(b, '/payouts', { method: 'POST', body, headers: key ? { 'Idempotency-Key': key } : {} });
  const sentToGateway = (requestId: string) => sandboxApi(sandbox.url).requestCount('/v1/payout', requestId);

  it('the Idempotency-Key is the request_id: the same key returns the same payout, paid once', async () => {
    const key = randomUUID();
    const first = await create(payoutBody(), key);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      id: expect.stringMatching(/^po_/),
      request_id: key,
      status: 'COMPLETED',
      payment_amount: '250.00',
      payment_currency: 'EUR',
    });
    expect(first.body.transaction_id).toEqual(expect.any(String));
    // the bank details are stored and shown masked
    expect(first.body.beneficiary.bank_details.iban).toBe('***3000');
    const replay = await create(payoutBody(), key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await sentToGateway(key)).toBe(1);

    const other = await create(payoutBody({ payment_amount: '251.00' }), key);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    expect(await sentToGateway(key)).toBe(1);

    // a key that is not a UUID maps to one fixed UUID
    const plainKey = `invoice-42-${randomUUID()}`;
    const a = await create(payoutBody(), plainKey);
    const b = await create(payoutBody(), plainKey);
    expect(a.body.request_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(b.body.id).toBe(a.body.id);
    expect(await sentToGateway(a.body.request_id)).toBe(1);
  });

  it('refuses invalid payouts with every field path, before the gateway sees them', async () => {
    const before = await sandboxApi(sandbox.url).requestCount('/v1/payout');
    expect((await create(payoutBody())).body.error.fields).toEqual([
      { path: 'Idempotency-Key', message: 'is required' },
    ]);
    const bad = await create(
      {
        payment_amount: '10.5',
        payment_currency: 'EUR',
        notify_url: 'https://elsewhere.example/hook',
        beneficiary: {
          entity_type: 'COMPANY',
          first_name: 'Ana',
          bank_details: { iban: 'DE89370400440532013001', swift_code: 'cobadeff' },
          address: { country_code: 'Germany' },
        },
        payer: {
          entity_type: 'PERSONAL',
          first_name: 'Bo',
          date_of_birth: '1990-02-30',
          address: { country_code: 'br' },
        },
      },
      randomUUID(),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_request');
    const paths = bad.body.error.fields.map((f: { path: string }) => f.path).sort();
    expect(paths).toEqual(
      [
        'beneficiary.address.country_code',
        'notify_url',
        'payer.address.country_code',
        'payer.date_of_birth',
        'payment_amount',
      ].sort(),
    );
    // once the format is right, who and where are checked
    const unnamed = await create(
      payoutBody({
        beneficiary: {
          entity_type: 'COMPANY',
          bank_details: { iban: 'DE89370400440532013001', swift_code: 'cobadeff' },
        },
        payer: { entity_type: 'PERSONAL', first_name: 'Bo' },
      }),
      randomUUID(),
    );
    expect(unnamed.body.error.fields).toEqual([
      { path: 'beneficiary.company_name', message: 'is required when entity_type is COMPANY' },
      { path: 'payer.last_name', message: 'is required when entity_type is PERSONAL' },
      { path: 'beneficiary.bank_details.iban', message: expect.stringContaining('is not a valid IBAN') },
      { path: 'beneficiary.bank_details.swift_code', message: expect.stringContaining('SWIFT/BIC') },
    ]);
    expect((await create({ payment_amount: '1.00', payment_currency: 'EUR' }, randomUUID())).body.error.fields).toEqual(
      [{ path: 'beneficiary', message: 'is required: who receives the money' }],
    );
    expect(await sandboxApi(sandbox.url).requestCount('/v1/payout')).toBe(before);
  });

  it('refuses a payout with no destination, naming what its method needs (#23: it was paid)', async () => {
    const before = await sandboxApi(sandbox.url).requestCount('/v1/payout');
    const { bank_details: _bank, ...nobody } = payoutBody().beneficiary as Record<string, unknown>;
    const nowhere = await create(payoutBody({ payment_amount: '900.00', beneficiary: nobody }), randomUUID());
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.error.fields).toEqual([
      { path: 'beneficiary.bank_details', message: expect.stringContaining('which bank account receives the money') },
    ]);
    const swiftNoBank = await create(
      payoutBody({ beneficiary: { ...nobody, bank_details: { account_number: '0532013000' } } }),
      randomUUID(),
    );
    expect(swiftNoBank.body.error.fields).toEqual([
      { path: 'beneficiary.bank_details.swift_code', message: expect.stringContaining('SWIFT/BIC') },
    ]);
    const localNoCode = await create(
      payoutBody({ payment_method: 'ACH', beneficiary: { ...nobody, bank_details: { account_number: '0532013000' } } }),
      randomUUID(),
    );
    expect(localNoCode.body.error.fields.map((f: { path: string }) => f.path)).toEqual([
      'beneficiary.bank_details.bank_code',
      'beneficiary.bank_details.bank_country_code',
    ]);
    // an IBAN two characters short whose mod-97 digits match
    const short = await create(
      payoutBody({ beneficiary: { ...nobody, bank_details: { iban: 'DE41370400440532013' } } }),
      randomUUID(),
    );
    expect(short.body.error.fields).toEqual([{ path: 'beneficiary.bank_details.iban', message: expect.any(String) }]);
    expect(await sandboxApi(sandbox.url).requestCount('/v1/payout')).toBe(before);
    // a beneficiary registered at the gateway needs no bank details here
    const registered = await create(payoutBody({ beneficiary_id: 'ben_42', beneficiary: nobody }), randomUUID());
    expect(registered.status).toBe(201);
  });

  it('lists newest first in cursor pages, shows one by id or request_id, and a failed payout says why', async () => {
    const failedKey = randomUUID();
    // the sandbox's fee (1.00 + 0.5 %) is more than 0.50 reaches the beneficiary when the beneficiary pays it
    const failedOne = await create(payoutBody({ payment_amount: '0.50', fee_paid_by: 'BENEFICIARY' }), failedKey);
    expect(failedOne.body).toMatchObject({ status: 'FAILED', failure_reason: expect.stringContaining('fee') });
    const page1 = await admin(backend, '/payouts?limit=2');
    expect(page1.body.payouts).toHaveLength(2);
    expect(page1.body.payouts[0].request_id).toBe(failedKey);
    const page2 = await admin(backend, `/payouts?limit=2&cursor=${page1.body.next_cursor}`);
    const ids = [...page1.body.payouts, ...page2.body.payouts].map((p: { id: string }) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await admin(backend, `/payouts/${failedOne.body.id}`)).body).toEqual(failedOne.body);
    expect((await admin(backend, `/payouts/${failedKey}`)).body.id).toBe(failedOne.body.id);
    expect((await admin(backend, '/payouts/po_none')).status).toBe(404);
    expect((await admin(backend, '/payouts?cursor=garbage')).body.error.fields).toEqual([
      { path: 'cursor', message: 'is not a cursor from this API' },
    ]);
  });

  it('an answer lost to a time-out: 202 "not known yet" with SENDING, until the notification completes it', async () => {
    const lossy = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      env: { GATEWAY_TIMEOUT_MS: '300' },
      gatewayFetch: faultyGatewayFetch({ holdAnswer: (path) => path === '/v1/payout' }).fetch,
    });
    try {
      const key = randomUUID();
      // the notification is held at the sandbox until the owner has been answered, so nothing is known yet
      await sandboxApi(sandbox.url).addFault({
        endpoint: 'notify',
        order_no: key,
        times: 1,
        fault: { kind: 'delay', ms: 4000 },
      });
      const sent = await create(payoutBody(), key, lossy);
      expect(sent.status).toBe(202);
      // #33: the body said COMPLETED beside "not known yet" when the notification had come first
      expect(sent.body).toMatchObject({ status: 'SENDING', message: expect.stringMatching(/not known yet/) });
      expect(sent.body.transaction_id).toBeUndefined();
      const done = await vi.waitFor(
        async () => {
          const p = await admin(lossy, `/payouts/${sent.body.id}`);
          expect(p.body.status, 'the payout notification').not.toBe('SENDING');
          return p.body;
        },
        { timeout: 10_000 },
      );
      expect(done).toMatchObject({ status: 'COMPLETED', transaction_id: expect.any(String) });
      // the gateway's answers were all lost: the notification is what completed it
      const notes = await lossy.store.db
        .selectFrom('notifications')
        .selectAll()
        .where('notify_type', '=', 'PAYOUT')
        .where('order_no', '=', key)
        .execute();
      expect(notes).toEqual([expect.objectContaining({ outcome: 'applied', payment_status: 'COMPLETED' })]);
      // the retries of the lost answer carried the same request_id: one payout at the gateway
      expect((await create(payoutBody(), key, lossy)).body).toMatchObject({ id: sent.body.id, status: 'COMPLETED' });
      const events = await admin(lossy, `/events?type=notification`);
      expect(JSON.stringify(events.body)).not.toContain(IBAN);
    } finally {
      await lossy.close();
    }
  });

  it('an answer lost after the notification told the backend: 201 with that state, no "not known yet" (#33)', async () => {
    let lossy: Backend | undefined;
    // forwards the payout, lets the gateway's notification reach the backend, then loses the answer (a reset
    // connection), on every attempt
    const answerLostAfterNotification = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input);
      const res = await fetch(url, init);
      if (url.pathname !== '/v1/payout') return res;
      await res.text();
      const requestId = JSON.parse(String(init?.body)).request_id as string;
      await vi.waitFor(
        async () => {
          const row = await lossy!.store.db
            .selectFrom('payouts')
            .select('status')
            .where('request_id', '=', requestId)
            .executeTakeFirst();
          expect(row?.status, 'the notification applied').not.toBe('SENDING');
        },
        { timeout: 10_000, interval: 20 },
      );
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      });
    }) as typeof fetch;
    lossy = await startBackend({ store, gatewayUrl: sandbox.url, gatewayFetch: answerLostAfterNotification });
    try {
      const key = randomUUID();
      const sent = await create(payoutBody(), key, lossy);
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({ request_id: key, status: 'COMPLETED', transaction_id: expect.any(String) });
      expect(sent.body.message).toBeUndefined();
      expect(await sentToGateway(key)).toBeGreaterThanOrEqual(1);
      // the same key again: the same payout, still not sent as a new one
      const again = await create(payoutBody(), key, lossy);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(sent.body);
      expect((await admin(lossy, `/payouts/${sent.body.id}`)).body).toEqual(sent.body);
    } finally {
      await lossy.close();
    }
  });
});

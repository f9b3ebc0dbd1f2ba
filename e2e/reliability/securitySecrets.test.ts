/**
 * Secrets and card numbers never reach the logs or the audit log. The backend runs as a process with secrets of
 * its own (not the demo defaults) at LOG_LEVEL=debug, on a sandbox account with its own sign key; the test
 * goes through every path that handles a secret or could carry a card number: sessions (client secrets),
 * payments with card-like numbers typed into shopper fields, the hosted card page, returns and notifications
 * (signatures), wrong credentials, a gateway fault, refunds with a card number in the reason, a payout with
 * bank details. Then it reads everything the backend wrote: its output, the audit log as the owner sees it,
 * and the audit table as stored.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { payByCard, pressIssuerButton } from '../../server/gateway/testing/playShopper';
import { admin as adminCall } from '../../testing/adminClient';
import { callJson, paymentBody, postSession } from '../../testing/shopClient';
import { startBackendProcess, type BackendProcess } from '../../testing/startBackendProcess';
import { addFault, clearCountingFaults } from './lib/faults';
import { payoutBody } from '../../testing/payoutBody';
import { useTally } from './lib/tally';

const tally = useTally('securitySecrets');

const SECRETS = {
  SIGN_KEY: `sk_rel_${randomBytes(12).toString('hex')}`,
  SHOP_SECRET: `shop_${randomBytes(12).toString('hex')}`,
  ADMIN_TOKEN: `admin_${randomBytes(12).toString('hex')}`,
};
const ACCOUNT = { merchant_id: '709001', account_id: '709001010' };
/** Test card numbers (Luhn-valid) as a shopper might type them where they do not belong */
const CARDS = {
  visa: '4111 1111 1111 1111',
  typedAtGateway: '4242424242424242',
  mastercard: '5555-5555-5555-4444',
  amex: '378282246310005',
};
const digits = (s: string) => s.replace(/[^0-9]/g, '');

describe('secrets and card numbers in logs and audit', () => {
  const dir = mkdtempSync(join(tmpdir(), 'reliability-secrets-'));
  let sandbox: RunningSandbox;
  let backend: BackendProcess;
  /** values seen during the run that must not appear anywhere: client secrets, signatures */
  const seen = new Set<string>();

  beforeAll(async () => {
    const accountsFile = join(dir, 'accounts.json');
    writeFileSync(accountsFile, JSON.stringify([{ ...ACCOUNT, sign_key: SECRETS.SIGN_KEY, capture: 'manual' }]));
    sandbox = await startSandboxProcess({ accountsFile, dbFile: join(dir, 'sandbox.db') });
    backend = await startBackendProcess({
      gatewayUrl: () => sandbox.url,
      logFile: join(dir, 'backend.log'),
      env: {
        ...SECRETS,
        MERCHANT_ID: ACCOUNT.merchant_id,
        ACCOUNT_ID: ACCOUNT.account_id,
        SQLITE_FILE: join(dir, 'merchant.db'),
        LOG_LEVEL: 'debug',
        GATEWAY_TIMEOUT_MS: '1500',
      },
    });
  });
  afterAll(async () => {
    await backend?.stop();
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const admin = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    adminCall(backend.url, path, { ...init, token: SECRETS.ADMIN_TOKEN });
  const session = async (body: Record<string, unknown>) => {
    const res = await postSession(backend.url, body, SECRETS.SHOP_SECRET);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    seen.add(res.body.client_secret);
    return res.body as { id: string; client_secret: string; order_no: string };
  };
  /** a shopper who types card numbers into the address, the document and a cookie */
  const careless = (clientSecret: string, method: string) => {
    const body = paymentBody(clientSecret, method) as Record<string, any>;
    body.shopper.billing.address = `Rua A 1, card ${CARDS.visa}`;
    body.shopper.document = CARDS.amex;
    body.device.cookie_new = `pan=${digits(CARDS.mastercard)}`;
    return body;
  };
  const pay = (s: { id: string }, body: unknown) =>
    callJson(`${backend.url}/api/sessions/${s.id}/payments`, { body, headers: { 'Idempotency-Key': randomUUID() } });

  it('runs every path that handles a secret or could carry a card number', async () => {
    // a card payment: card numbers in shopper fields, the real card typed at the gateway's page, the return
    const card = await session({ amount: '20.00', currency: 'USD', note: `call me, card ${CARDS.visa}` });
    const cardPay = await pay(card, careless(card.client_secret, 'card'));
    expect(cardPay.status, JSON.stringify(cardPay.body)).toBe(200);
    const returned = await payByCard(await (await fetch(cardPay.body.action.url)).text(), CARDS.typedAtGateway);
    seen.add(returned.query.encryption_data!);
    expect((await fetch(returned.returnUrl, { redirect: 'manual' })).status).toBe(200);
    // the widget reads its session with the client secret in a header; in the query it is refused
    expect(
      (await callJson(`${backend.url}/api/sessions/${card.id}`, { headers: { 'X-Client-Secret': card.client_secret } }))
        .status,
    ).toBe(200);
    expect((await callJson(`${backend.url}/api/sessions/${card.id}?client_secret=${card.client_secret}`)).status).toBe(
      401,
    );

    // a Pix payment whose notification carries a signature
    const pix = await session({ amount: '30.00', currency: 'BRL', country: 'BR' });
    const pixPay = await pay(pix, careless(pix.client_secret, 'pix'));
    expect(pixPay.status, JSON.stringify(pixPay.body)).toBe(200);
    const back = await pressIssuerButton(pixPay.body.action.url, 'approve');
    seen.add(back.query.encryption_data!);
    const gatewayNo = `${pix.order_no}-1`;
    const notified = await vi.waitFor(
      async () => {
        const found = (await sandboxApi(sandbox.url).notifications(gatewayNo)).find((n) => n.state === 'delivered');
        expect(found, 'the PAYMENT notification delivered').toBeTruthy();
        return found!;
      },
      { timeout: 10_000 },
    );
    seen.add(notified.fields.encryption_data!);

    // the owner: capture, refund with a card number in the reason, a payout with bank details, a sync
    expect(
      (await admin('/orders/capture', { body: { orders: [{ order_no: card.order_no }] } })).body.results[0],
    ).toMatchObject({ ok: true });
    const refund = await admin('/orders/refund', {
      body: { orders: [{ order_no: pix.order_no, amount: '1.00', reason: `card ${CARDS.mastercard}` }] },
    });
    expect(refund.body.results[0], JSON.stringify(refund.body)).toMatchObject({ ok: true });
    const payout = await admin('/payouts', {
      body: payoutBody({ reason: `invoice ${CARDS.amex}` }),
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(payout.status, JSON.stringify(payout.body)).toBe(201);
    expect((await admin('/orders/sync', { body: { order_nos: [card.order_no, pix.order_no] } })).status).toBe(200);

    // wrong credentials in every place they could be written down
    expect(
      (
        await callJson(`${backend.url}/admin/api/orders`, {
          headers: { Authorization: `Bearer ${SECRETS.SHOP_SECRET}` },
        })
      ).status,
    ).toBe(403);
    expect((await callJson(`${backend.url}/admin/api/orders?token=${SECRETS.ADMIN_TOKEN}`)).status).toBe(401);
    expect(
      (
        await callJson(`${backend.url}/api/sessions`, {
          body: {},
          headers: { Authorization: `Bearer ${SECRETS.ADMIN_TOKEN}` },
        })
      ).status,
    ).toBe(403);
    // a gateway fault on the way: an error is logged with the request in hand
    await addFault(sandbox.url, {
      endpoint: '/v1/authorise',
      times: 1,
      apply: 'after',
      fault: { kind: 'status', status: 503 },
    });
    const faulted = await session({ amount: '30.00', currency: 'BRL', country: 'BR' });
    expect((await pay(faulted, careless(faulted.client_secret, 'pix'))).status).toBe(503);
    await clearCountingFaults(sandbox.url, tally);
    // a notification with a forged signature: acknowledged and stored as a cue (issue #31), its signature masked
    const forged = { ...notified.fields, encryption_data: randomBytes(32).toString('hex') };
    seen.add(forged.encryption_data);
    expect(
      (await fetch(`${backend.url}/hooks/gateway`, { method: 'POST', body: new URLSearchParams(forged) })).status,
    ).toBe(200);
  }, 60_000);

  it("none of it is in the backend's output, the audit log the owner reads, or the audit table as stored", async () => {
    // every page of the audit log, as the owner (and the admin page) reads it
    let events = '';
    let cursor: string | null = null;
    do {
      const res = await admin(`/events?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      events += JSON.stringify(res.body.events);
      cursor = res.body.next_cursor;
    } while (cursor);
    await backend.stop();
    const output = readFileSync(join(dir, 'backend.log'), 'utf8');
    const db = new Database(join(dir, 'merchant.db'), { readonly: true });
    const stored = JSON.stringify([
      db.prepare('select * from audit_events').all(),
      db.prepare('select * from notification_cues').all(),
    ]);
    db.close();

    // the places were written to: a check of empty texts would prove nothing
    expect(output).toContain('"msg":"request"');
    expect(events).toContain('gateway_call');
    const found: string[] = [];
    for (const [where, text] of Object.entries({
      'the backend output': output,
      'the audit log': events,
      'the audit and notification cue tables': stored,
    })) {
      for (const [name, value] of Object.entries(SECRETS)) if (text.includes(value)) found.push(`${where}: ${name}`);
      for (const value of seen)
        if (text.includes(value)) found.push(`${where}: a client secret or a signature (${value.slice(0, 12)}...)`);
      const plain = digits(text);
      for (const [name, number] of Object.entries(CARDS))
        if (plain.includes(digits(number))) found.push(`${where}: the card number ${name}`);
    }
    expect(found).toEqual([]);
  });
});

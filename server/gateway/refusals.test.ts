/**
 * Issue #31: a gateway of the family may refuse checkout or authorise with HTTP 200 and an envelope,
 * `{"return_status":"0","return_message":"I0013:..."}` (the profile's `refusals`, docs/protocol-decisions.md 9). That
 * is a refusal (nothing was created, the shopper may pay again), exactly as the same refusal as an HTTP 4xx,
 * never an unreadable answer whose outcome is unknown. The bodies are written out literally, as the gateway sends
 * them, not computed from the profile.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, parseProfile } from '../../shared/gateway/profile';
import { callJson, createSession, paymentBody } from '../../testing/shopClient';
import { startBackend, type Backend } from '../testing/startBackend';
import { createGatewayClient, GatewayRejectedError } from './index';
import { serveFake, type FakeServer } from './testing/serveFake';

/** What the fake gateway answers next on /v1/checkout and /v1/authorise: status, content type, body. */
let answer: { status: number; type: string; body: string };
let fake: FakeServer;
beforeAll(async () => {
  const app = new Hono();
  for (const path of ['/v1/checkout', '/v1/authorise'])
    app.post(path, (c) => c.body(answer.body, answer.status as 200, { 'Content-Type': answer.type }));
  fake = await serveFake(app);
});
afterAll(() => fake?.close());

const JSON_REFUSAL = '{"return_status":"0","return_message":"I0013:encryption_data is invalid"}';
const JSON_REFUSAL_FULL =
  '{"return_status":"0","return_message":"I0061:order_no already exists","code":"I0061","source":"order_no","message":"order_no already exists"}';
const XML_REFUSAL =
  '<?xml version="1.0" encoding="UTF-8"?>\n<respon><return_status>0</return_status><return_message>I0013:encryption_data is invalid</return_message></respon>';

const order = {
  order_no: 'ORD-1',
  currency: 'USD',
  amount: '25.00',
  return_url: 'https://shop.example/pay/return/p1',
  website: 'shop.example',
};
const sampleProfile = parseProfile('{"refusals":{"httpStatus":200}}');

describe.each([
  { on: 'the built-in profile', profile: DEFAULT_PROFILE },
  { on: 'a profile saying refusals come as 200', profile: sampleProfile },
])('on $on', ({ profile }) => {
  const client = () =>
    createGatewayClient({ baseUrl: fake.url, merchantId: '701001', accountId: '701001010', signKey: 'k', profile });

  it('checkout: a 200 {"return_status":"0"} is a refusal with the code and text of return_message', async () => {
    answer = { status: 200, type: 'application/json', body: JSON_REFUSAL };
    const e = await client()
      .checkout(order)
      .catch((err: unknown) => err);
    expect(e).toBeInstanceOf(GatewayRejectedError);
    expect(e).toMatchObject({ code: 'I0013', gatewayMessage: 'encryption_data is invalid', outcomeUnknown: false });
  });

  it('checkout: the envelope with code, source and message keeps the blamed field', async () => {
    answer = { status: 200, type: 'application/json;charset=UTF-8', body: JSON_REFUSAL_FULL };
    const e = await client()
      .checkout(order)
      .catch((err: unknown) => err);
    expect(e).toMatchObject({ code: 'I0061', source: 'order_no', outcomeUnknown: false });
  });

  it('checkout: the same refusal as an HTTP 400 is the same refusal', async () => {
    answer = { status: 400, type: 'application/json', body: JSON_REFUSAL };
    const e = await client()
      .checkout(order)
      .catch((err: unknown) => err);
    expect(e).toMatchObject({ name: 'GatewayRejectedError', code: 'I0013', outcomeUnknown: false });
  });

  it('authorise: a 200 <respon> with return_status 0 is a refusal', async () => {
    answer = { status: 200, type: 'application/xml', body: XML_REFUSAL };
    const e = await client()
      .authorise({ ...order, payment_method: 'PIX' } as Parameters<ReturnType<typeof client>['authorise']>[0])
      .catch((err: unknown) => err);
    expect(e).toBeInstanceOf(GatewayRejectedError);
    expect(e).toMatchObject({ code: 'I0013', outcomeUnknown: false });
  });

  it('authorise: a 200 JSON envelope with return_status 0 is a refusal', async () => {
    answer = { status: 200, type: 'application/json', body: JSON_REFUSAL };
    const e = await client()
      .authorise({ ...order, payment_method: 'PIX' } as Parameters<ReturnType<typeof client>['authorise']>[0])
      .catch((err: unknown) => err);
    expect(e).toMatchObject({ name: 'GatewayRejectedError', code: 'I0013', outcomeUnknown: false });
  });

  it('a 200 envelope that is not a refusal is still an unusable checkout answer (outcome unknown)', async () => {
    answer = { status: 200, type: 'application/json', body: '{"return_status":"1","return_message":"ok"}' };
    const e = await client()
      .checkout(order)
      .catch((err: unknown) => err);
    expect(e).toMatchObject({ name: 'GatewayProtocolError', outcomeUnknown: true });
  });
});

describe('the backend, with no profile file', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ gatewayUrl: fake.url });
  });
  afterAll(() => backend?.close());
  beforeEach(() => {
    answer = { status: 200, type: 'application/json', body: JSON_REFUSAL };
  });

  it('a card payment refused in a 200 envelope is declined with the gateway code, and the shopper may pay again', async () => {
    const s = await createSession(backend, { country: 'US' });
    const res = await callJson(`${backend.url}/api/sessions/${s.id}/payments`, {
      body: paymentBody(s.client_secret, 'card'),
      headers: { 'Idempotency-Key': randomUUID() },
    });
    // the refusal, not "the outcome is unknown, do not pay again"
    expect(res.status, JSON.stringify(res.body)).toBe(502);
    expect(JSON.stringify(res.body)).toMatch(/refused the payment: I0013/);
    const attempt = await backend.store.db
      .selectFrom('payment_attempts')
      .select(['status', 'message'])
      .where('session_id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(attempt).toEqual({ status: 'declined', message: 'I0013:encryption_data is invalid' });
    const orderRow = await backend.store.db
      .selectFrom('orders')
      .select('status')
      .where('session_id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(orderRow.status).not.toBe('unknown');
  });
});

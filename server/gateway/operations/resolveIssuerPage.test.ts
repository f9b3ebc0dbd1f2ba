import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../testing/startSandboxInProcess';
import { paymentBody } from '../../../testing/shopClient';
import { createGateway } from '../../createGateway';
import { createPayment, type PaymentRequest } from '../../checkout/createPayment';
import { newOrder } from '../../checkout/testing/paymentFixtures';
import { listAttempts } from '../../orders/attempts';
import { startBackend, type Backend } from '../../testing/startBackend';
import { findPrivateAddress } from '../core/findPrivateAddress';

// #18: the backend fetched any issuer_url host, so a forged authorise answer could make it call its own network.
// In production (the sandbox's issuer page is on loopback, which only the demo may use) such a host is not
// fetched, and the payment, already created at the gateway, is left unknown for the query to settle.
describe('issuer_url on a private address in production', () => {
  let sandbox: Sandbox;
  let backend: Backend;
  beforeAll(async () => {
    sandbox = await startSandbox();
    backend = await startBackend({ gatewayUrl: sandbox.url });
  });
  afterAll(async () => {
    await backend?.close();
    await sandbox?.close();
  });

  it('findPrivateAddress names a private address of a literal or a resolved host, and passes a public one', async () => {
    expect(await findPrivateAddress('http://127.0.0.1:4010/issuer/x')).toBe('127.0.0.1');
    expect(await findPrivateAddress('https://[::1]/x')).toBe('::1');
    expect(await findPrivateAddress('https://[::ffff:169.254.169.254]/x')).toBe('::ffff:a9fe:a9fe');
    expect(await findPrivateAddress('http://169.254.169.254/latest/meta-data')).toBe('169.254.169.254');
    expect(await findPrivateAddress('http://10.0.0.5/x')).toBe('10.0.0.5');
    expect(await findPrivateAddress('http://localhost:4010/x')).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(await findPrivateAddress('https://93.184.215.14/x')).toBeNull();
  });

  it('is not fetched: the payment is stored as unknown and the shopper told not to pay again', async () => {
    const gateway = createGateway({ ...backend.config, production: true }, backend.store, backend.deps.log);
    const deps = { ...backend.deps, gateway };
    const { session, order } = await newOrder(backend.deps);
    const body = paymentBody(session.client_secret, 'pix') as PaymentRequest['body'];
    const answer = await createPayment(deps, {
      sessionId: session.id,
      body,
      rawBody: JSON.stringify(body),
      idempotencyKey: 'k1',
      ip: '203.0.113.7',
      accept: 'text/html',
      origin: 'http://shop.test',
    });
    expect(answer.status).toBe(503);
    expect(JSON.stringify(answer.body)).toContain('Do not pay again');
    // the authorise call went out; the issuer page on 127.0.0.1 was never requested
    const [attempt] = await listAttempts(backend.store.db, order.id);
    expect(attempt!.status).toBe('unknown');
    const calls = await backend.store.db
      .selectFrom('audit_events')
      .select('summary')
      .where('attempt_id', '=', attempt!.id)
      .where('kind', '=', 'gateway_call')
      .execute();
    expect(calls.map((c) => c.summary.split(' ')[0])).toEqual(['authorise']);

    // the same payment outside production reaches the sandbox's issuer page on loopback
    const demo = await newOrder(backend.deps);
    const demoBody = paymentBody(demo.session.client_secret, 'pix') as PaymentRequest['body'];
    const ok = await createPayment(backend.deps, {
      sessionId: demo.session.id,
      body: demoBody,
      rawBody: JSON.stringify(demoBody),
      idempotencyKey: 'k2',
      ip: '203.0.113.7',
      accept: 'text/html',
      origin: 'http://shop.test',
    });
    expect(ok).toMatchObject({ status: 200, body: { action: { type: 'redirect' } } });
  });
});

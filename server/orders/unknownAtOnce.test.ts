import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderOf } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { callJson, createSession, startPayment } from '../../testing/shopClient';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

/**
 * Issue #19 point 4: a gateway 5xx on the payment call. The backend used to answer "Do not pay again" and leave
 * the order `unknown` until a reconcile pass found it, older than RECONCILE_PENDING_AFTER_MS (minutes), while the
 * widget said "please try again" and every new Pay was a 409. A 5xx is a finished call, so it is asked at once.
 */
describeOnStores('a gateway 5xx on the payment call is settled at once by a query', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    // the reconcile loop never runs here: only the payment call itself can settle the outcome
    backend = await startBackend({ store, gatewayUrl: sandbox.url });
  });
  afterAll(() => backend?.close());
  afterAll(() => sandboxApi(sandbox.url).clearFaults());

  const view = (s: { id: string; client_secret: string }) =>
    callJson(`${backend.url}/api/sessions/${s.id}`, { headers: { 'X-Client-Secret': s.client_secret } });

  it('503 before the gateway acted: declined at once, "nothing was charged" on both sides, the next Pay pays', async () => {
    const s = await createSession(backend);
    await sandboxApi(sandbox.url).addFault({
      endpoint: '/v1/checkout',
      times: 1,
      fault: { kind: 'status', status: 503 },
    });
    const first = await startPayment(backend, s, 'card');
    expect(first.status).toBe(503);
    expect(first.body.error).toMatchObject({ code: 'gateway_unavailable' });
    expect(first.body.error.message).toContain('nothing was charged');
    expect(first.body.error.message).not.toContain('Do not pay again');
    expect((await view(s)).body).toMatchObject({
      status: 'declined',
      payment: { status: 'declined', message: 'I0115:not received by the gateway' },
    });
    const again = await startPayment(backend, s, 'card');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('502 after the gateway acted: pending with no page, so stranded at once; the form is offered and the next Pay starts', async () => {
    const s = await createSession(backend);
    await sandboxApi(sandbox.url).addFault({
      endpoint: '/v1/checkout',
      times: 1,
      apply: 'after',
      fault: { kind: 'status', status: 502 },
    });
    const first = await startPayment(backend, s, 'card');
    expect(first.status).toBe(503);
    expect(first.body.error.message).toContain('nothing was charged');
    const shown = (await view(s)).body;
    expect(shown.status).toBe('created');
    expect(shown.payment).toBeUndefined();
    const again = await startPayment(backend, s, 'card');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // the first attempt is still watched at the gateway (a late payment of it would raise the double-payment alert)
    const order = await orderOf(backend.url, s.order_no);
    expect(order.attempts.map((a: { status: string; stranded: boolean }) => [a.status, a.stranded])).toEqual([
      ['pending', true],
      ['pending', false],
    ]);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { batch, payByCard, transactionsOf } from '../testing/flows';
import { addFault, clearFaults, listFaults, requestCount } from '../testing/faults';
import { AUTO, MANUAL, paymentOrder, postForm, postJson, signed, type TestAccount } from '../testing/gatewayCalls';
import { startSandboxInProcess, type SandboxInProcess } from '../../testing/startSandboxInProcess';

let sb: SandboxInProcess;
beforeAll(async () => {
  sb = await startSandboxInProcess();
});
afterEach(() => clearFaults(sb.url));
afterAll(() => sb?.close());

const authorise = (order: Record<string, unknown>, account: TestAccount = MANUAL) =>
  postJson(`${sb.url}/v1/authorise`, signed('authorise', account, { payment_method: 'PIX', ...order }));
const checkout = (order: Record<string, unknown>) =>
  postForm(`${sb.url}/v1/checkout`, signed('checkout', MANUAL, order));
const query = (orderNo: string, account: TestAccount = MANUAL) =>
  postForm(`${sb.url}/v1/retrievalTrans`, signed('query', account, { orders: orderNo }));

describe('status fault', () => {
  it("'before' answers the 5xx and does nothing: no transaction, one call counted", async () => {
    const order = paymentOrder();
    const rule = await addFault(sb.url, {
      endpoint: '/v1/authorise',
      order_no: order.order_no,
      fault: { kind: 'status', status: 503 },
    });
    const res = await authorise(order);
    expect(res.status).toBe(503);
    expect(res.headers.get('x-sandbox-fault')).toBe(rule.id);
    expect(await res.text()).toContain('503 Service Unavailable');
    expect(await transactionsOf(sb.url, String(order.order_no))).toEqual([]);
    expect(await requestCount(sb.url, '/v1/authorise', String(order.order_no))).toBe(1);
  });

  it("'after' performs the call, then answers the 5xx: the payment exists and the query finds it", async () => {
    const order = paymentOrder();
    await addFault(sb.url, {
      endpoint: '/v1/authorise',
      order_no: order.order_no,
      apply: 'after',
      fault: { kind: 'status', status: 502 },
    });
    expect((await authorise(order)).status).toBe(502);
    const [tx] = await transactionsOf(sb.url, String(order.order_no));
    expect(tx).toMatchObject({ payment_status: '1000', payment_method: 'PIX' });
    const found = (await (await query(String(order.order_no))).json()) as { orders_list: { transaction_id: string }[] };
    expect(found.orders_list[0]!.transaction_id).toBe(tx!.transaction_id);
    expect(await requestCount(sb.url, '/v1/authorise', String(order.order_no))).toBe(1);
  });

  it("'after' on a refund: refunded once at the gateway although the merchant saw a 500", async () => {
    const p = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder());
    await addFault(sb.url, {
      endpoint: '/v1/refund',
      order_no: p.order_no,
      apply: 'after',
      times: 1,
      fault: { kind: 'status', status: 500 },
    });
    const item = {
      transaction_id: p.transaction_id,
      order_no: p.order_no,
      currency: 'USD',
      amount: '25.00',
      refund_amount: '5.00',
      refund_reason: 'returned',
    };
    const res = await postJson(`${sb.url}/v1/refund`, signed('refund', AUTO, { refund_orders: [item] }));
    expect(res.status).toBe(500);
    const [tx] = await vi.waitFor(
      async () => {
        const found = await transactionsOf(sb.url, p.order_no);
        expect(found[0]).toMatchObject({ payment_status: '3100' });
        return found;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(tx!.refunds).toHaveLength(1);
    expect(await requestCount(sb.url, '/v1/refund', p.order_no)).toBe(1);
  });
});

describe('times, scope and removal', () => {
  it('a rule with times fires that often, then the endpoint answers normally; the list shows it', async () => {
    const order = paymentOrder();
    const rule = await addFault(sb.url, {
      endpoint: '/v1/retrievalTrans',
      times: 2,
      fault: { kind: 'status', status: 500 },
    });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await query(String(order.order_no))).status);
    expect(statuses).toEqual([500, 500, 200]);
    expect((await listFaults(sb.url)).rules).toEqual([expect.objectContaining({ id: rule.id, fired: 2, times: 0 })]);
  });

  it('a rule scoped to an order_no leaves other orders alone', async () => {
    const faulted = paymentOrder();
    const other = paymentOrder();
    await addFault(sb.url, {
      endpoint: '/v1/authorise',
      order_no: faulted.order_no,
      fault: { kind: 'status', status: 503 },
    });
    expect((await authorise(other)).status).toBe(200);
    expect((await authorise(faulted)).status).toBe(503);
  });

  it('a rule scoped to an account_id on "*" leaves the other account alone', async () => {
    await addFault(sb.url, { endpoint: '*', account_id: AUTO.account_id, fault: { kind: 'status', status: 502 } });
    expect((await query('NONE', MANUAL)).status).toBe(200);
    expect((await authorise(paymentOrder(), MANUAL)).status).toBe(200);
    expect((await query('NONE', AUTO)).status).toBe(502);
    expect((await authorise(paymentOrder(), AUTO)).status).toBe(502);
  });

  it('a removed rule no longer fires', async () => {
    const rule = await addFault(sb.url, { endpoint: '/v1/retrievalTrans', fault: { kind: 'status', status: 503 } });
    expect((await query('NONE')).status).toBe(503);
    expect((await fetch(`${sb.url}/sandbox/faults/${rule.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await query('NONE')).status).toBe(200);
  });
});

describe('malformed fault', () => {
  it("authorise 'after': XML cut in the middle, and the payment exists", async () => {
    const order = paymentOrder();
    await addFault(sb.url, {
      endpoint: '/v1/authorise',
      order_no: order.order_no,
      apply: 'after',
      fault: { kind: 'malformed' },
    });
    const res = await authorise(order);
    const xml = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml).not.toContain('</respon>');
    expect(xml).not.toContain('<issuer_url>http');
    expect(await transactionsOf(sb.url, String(order.order_no))).toHaveLength(1);
  });

  it("authorise 'before': broken XML and no payment", async () => {
    const order = paymentOrder();
    await addFault(sb.url, { endpoint: '/v1/authorise', order_no: order.order_no, fault: { kind: 'malformed' } });
    const xml = await (await authorise(order)).text();
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).not.toContain('</respon>');
    expect(await transactionsOf(sb.url, String(order.order_no))).toEqual([]);
  });

  it("checkout 'after': an HTML page without the form, and the pending checkout exists", async () => {
    const order = paymentOrder();
    await addFault(sb.url, {
      endpoint: '/v1/checkout',
      order_no: order.order_no,
      apply: 'after',
      times: 1,
      fault: { kind: 'malformed' },
    });
    const res = await checkout(order);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<html');
    expect(html).not.toMatch(/<form/i);
    expect(html).not.toContain('signInfo');
    expect((await transactionsOf(sb.url, String(order.order_no)))[0]).toMatchObject({ payment_status: '1000' });
  });

  it('a JSON endpoint answers JSON cut in the middle', async () => {
    await addFault(sb.url, { endpoint: '/v1/retrievalTrans', apply: 'after', fault: { kind: 'malformed' } });
    const text = await (await query('NONE')).text();
    expect(text.startsWith('{"')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  });
});

describe('latency fault', () => {
  it("'before' answers normally, no sooner than ms later", async () => {
    await addFault(sb.url, { endpoint: '/v1/retrievalTrans', fault: { kind: 'latency', ms: 300 } });
    const started = Date.now();
    const res = await query('NONE');
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(res.headers.get('x-sandbox-fault')).toMatch(/^f\d+$/);
  });

  it("'after' has the capture done before the slow answer arrives", async () => {
    const p = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder());
    await addFault(sb.url, {
      endpoint: '/v1/capture',
      order_no: p.order_no,
      apply: 'after',
      fault: { kind: 'latency', ms: 2000 },
    });
    const started = Date.now();
    const answer = batch(sb.url, MANUAL, 'capture', [
      { transaction_id: p.transaction_id, order_no: p.order_no, currency: 'USD', amount: '25.00' },
    ]);
    // the state has changed while the merchant still waits
    await vi.waitFor(
      async () => expect((await transactionsOf(sb.url, p.order_no))[0]?.payment_status, 'capture applied').toBe('3000'),
      { timeout: 10_000 },
    );
    const { status, body } = await answer;
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(status).toBe(200);
    expect(body.return_status).toBe('1');
  });
});

describe('timeout fault', () => {
  it("'before' holds the request until the client gives up; nothing is refunded; counted once", async () => {
    const p = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder());
    await addFault(sb.url, { endpoint: '/v1/refund', order_no: p.order_no, fault: { kind: 'timeout' } });
    const client = new AbortController();
    const item = {
      transaction_id: p.transaction_id,
      order_no: p.order_no,
      currency: 'USD',
      amount: '25.00',
      refund_amount: '5.00',
      refund_reason: 'returned',
    };
    const call = fetch(`${sb.url}/v1/refund`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(signed('refund', AUTO, { refund_orders: [item] })),
      signal: client.signal,
    });
    const settled = call.then(
      () => 'answered',
      (e: Error) => e.name,
    );
    await vi.waitFor(async () => expect((await listFaults(sb.url)).held, 'the request held').toBe(1), {
      timeout: 10_000,
    });
    expect(await requestCount(sb.url, '/v1/refund', p.order_no)).toBe(1);
    client.abort();
    expect(await settled).toBe('AbortError');
    await vi.waitFor(async () => expect((await listFaults(sb.url)).held, 'the hold released').toBe(0), {
      timeout: 10_000,
    });
    const [tx] = await transactionsOf(sb.url, p.order_no);
    expect(tx).toMatchObject({ payment_status: '3000', refunds: [] });
    expect(await requestCount(sb.url, '/v1/refund', p.order_no)).toBe(1);
  });

  it("'after' captures while the merchant waits for an answer that never comes", async () => {
    const p = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder());
    await addFault(sb.url, {
      endpoint: '/v1/capture',
      order_no: p.order_no,
      apply: 'after',
      fault: { kind: 'timeout' },
    });
    const body = signed('capture', MANUAL, {
      capture_orders: [{ transaction_id: p.transaction_id, order_no: p.order_no, currency: 'USD', amount: '25.00' }],
    });
    const client = new AbortController();
    const call = fetch(`${sb.url}/v1/capture`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: client.signal,
    }).then(
      () => 'answered',
      (e: Error) => e.name,
    );
    await vi.waitFor(async () => expect((await listFaults(sb.url)).held, 'the request held').toBe(1), {
      timeout: 10_000,
    });
    expect((await transactionsOf(sb.url, p.order_no))[0]).toMatchObject({ payment_status: '3000' });
    client.abort();
    expect(await call).toBe('AbortError');
    await vi.waitFor(async () => expect((await listFaults(sb.url)).held, 'the hold released').toBe(0), {
      timeout: 10_000,
    });
    expect(await requestCount(sb.url, '/v1/capture', p.order_no)).toBe(1);
  });
});

describe('closing the sandbox', () => {
  it('lets go of held requests (timeout and a long latency) and closes promptly', async () => {
    const other = await startSandboxInProcess();
    let closing: Promise<void> | undefined;
    try {
      await addFault(other.url, { endpoint: '/v1/retrievalTrans', times: 1, fault: { kind: 'timeout' } });
      await addFault(other.url, { endpoint: '/v1/retrievalTrans', times: 1, fault: { kind: 'latency', ms: 600_000 } });
      // each call is given the next rule: both are held
      const call = () => postForm(`${other.url}/v1/retrievalTrans`, signed('query', MANUAL, { orders: 'NONE' }));
      const calls = [call(), call()].map((p) =>
        p.then(
          (r) => `answered ${r.status}`,
          () => 'connection closed',
        ),
      );
      await vi.waitFor(async () => expect((await listFaults(other.url)).held, 'both requests held').toBe(2), {
        timeout: 10_000,
      });
      closing = other.close();
      const deadline = new Promise<string>((resolve) => setTimeout(() => resolve('close() hung'), 10_000).unref());
      expect(await Promise.race([closing.then(() => 'closed'), deadline])).toBe('closed');
      expect(await Promise.all(calls)).toEqual(['connection closed', 'connection closed']);
    } finally {
      // a hung close() has already failed the test; waiting for it again would only hide that behind a time-out
      if (!closing) await other.close();
    }
  });
});

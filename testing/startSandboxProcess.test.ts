import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTO, MANUAL, paymentOrder, postForm, signed } from '../sandbox/testing/gatewayCalls';
import { notificationsOf, onlyTransaction, payByCard } from '../sandbox/testing/flows';
import { startReceiver } from '../sandbox/testing/startReceiver';
import { startSandboxProcess, type RunningSandbox } from './startSandboxProcess';

let sandbox: RunningSandbox;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  // a slow settlement so the pending payment is still pending when the process is restarted
  sandbox = await startSandboxProcess({ notifyScale: 0.02, settleMs: 6000 });
  receiver = await startReceiver();
});
afterAll(async () => {
  await sandbox?.close();
  await receiver?.close();
});

describe('startSandboxProcess: the sandbox as a child process', () => {
  it('listens on a free loopback port with the demo accounts', async () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await postForm(`${sandbox.url}/v1/retrievalTrans`, signed('query', MANUAL, { orders: 'NONE' }));
    expect(res.status).toBe(200);
  });

  it('restarted mid-way, it keeps its transactions and still delivers pending notifications', async () => {
    receiver.setFallback(500);
    const paid = await payByCard(
      sandbox.url,
      AUTO,
      '4242424242424242',
      paymentOrder({ notify_url: `${receiver.url}/paid` }),
    );
    const pending = await payByCard(
      sandbox.url,
      MANUAL,
      '4000000000000077',
      paymentOrder({ notify_url: `${receiver.url}/pending` }),
    );
    expect(pending.payment_status).toBe('1000');
    await vi.waitFor(
      () =>
        expect(
          receiver.received.some((r) => r.path === '/paid'),
          'a refused first delivery',
        ).toBeTruthy(),
      { timeout: 10_000 },
    );

    await sandbox.restart();
    receiver.setFallback(200);

    expect(await onlyTransaction(sandbox.url, paid.order_no)).toMatchObject({
      payment_status: '3000',
      transaction_id: paid.transaction_id,
    });
    expect((await onlyTransaction(sandbox.url, pending.order_no)).payment_status).toBe('1000');
    const [n] = await vi.waitFor(
      async () => {
        const list = await notificationsOf(sandbox.url, paid.order_no);
        expect(list[0]?.state, 'delivery after restart').toBe('delivered');
        return list;
      },
      { timeout: 10_000 },
    );
    expect(n!.attempts.at(-1)!.http_status).toBe(200);
    expect(n!.attempts.slice(0, -1).every((a) => a.http_status === 500)).toBe(true);

    // the pending card settles after the restart, from the time stored before it
    const settled = await vi.waitFor(
      () => {
        const found = receiver.received.find((r) => r.path === '/pending');
        expect(found, 'settlement notification').toBeTruthy();
        return found!;
      },
      { timeout: 15_000 },
    );
    expect(settled.fields).toMatchObject({
      notify_type: 'PAYMENT',
      payment_status: '2000',
      transaction_id: pending.transaction_id,
    });
  });

  it('close() ends the process: the port stops answering', async () => {
    const other = await startSandboxProcess();
    const url = other.url;
    await other.close();
    await expect(fetch(`${url}/sandbox/health`)).rejects.toThrow();
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTO, paymentOrder } from '../testing/gatewayCalls';
import { notificationsOf, payByCard } from '../testing/flows';
import { startReceiver } from '../testing/startReceiver';
import { startSandboxInProcess, type SandboxInProcess } from '../../testing/startSandboxInProcess';

let sb: SandboxInProcess;
beforeAll(async () => {
  sb = await startSandboxInProcess({ notifyScale: 0.01 });
});
afterAll(() => sb?.close());

describe('notification delivery', () => {
  it('a notify_url that answers 500 twice then 200 receives the event three times, then no more', async () => {
    const receiver = await startReceiver([500, 500]);
    try {
      const p = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder({ notify_url: `${receiver.url}/hook` }));
      const [n] = await vi.waitFor(
        async () => {
          const list = await notificationsOf(sb.url, p.order_no);
          expect(list[0]?.state, 'delivery').toBe('delivered');
          return list;
        },
        { timeout: 10_000 },
      );
      expect(n!.attempts.map((a) => a.http_status)).toEqual([500, 500, 200]);
      expect(receiver.received).toHaveLength(3);
      // the same event each time: one notify_id
      expect(new Set(receiver.received.map((r) => r.fields.notify_id))).toEqual(new Set([n!.notify_id]));
      // an acknowledged event is never sent again: give the loop several of its first-retry periods
      const later = Date.now() + 300;
      await vi.waitFor(() => expect(Date.now() > later, 'quiet period').toBeTruthy(), { timeout: 10_000 });
      expect(receiver.received).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it('an unreachable notify_url is retried and each failure recorded with the error', async () => {
    const receiver = await startReceiver();
    const url = `${receiver.url}/gone`;
    await receiver.close();
    const p = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder({ notify_url: url }));
    const [n] = await vi.waitFor(
      async () => {
        const list = await notificationsOf(sb.url, p.order_no);
        expect((list[0]?.attempts.length ?? 0) >= 3, 'three failed attempts').toBe(true);
        return list;
      },
      { timeout: 10_000 },
    );
    expect(n!.state).toBe('pending');
    expect(n!.attempts.every((a) => a.http_status === null)).toBe(true);
    const full = (await (await fetch(`${sb.url}/sandbox/notifications?order_no=${p.order_no}`)).json()) as {
      notifications: { attempts: { at: string; error: string }[] }[];
    };
    // the growth of the delays is asserted on the schedule itself (backoff.test.ts), not on a noisy clock
    expect(full.notifications[0]!.attempts[0]!.error).toMatch(/\S/);
  });

  it('gives up after the 36-hour window (scaled)', async () => {
    const receiver = await startReceiver(Array(1000).fill(503));
    try {
      const p = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder({ notify_url: `${receiver.url}/down` }));
      await vi.waitFor(
        async () =>
          expect(
            ((await notificationsOf(sb.url, p.order_no))[0]?.attempts.length ?? 0) >= 2,
            'two attempts',
          ).toBeTruthy(),
        { timeout: 10_000 },
      );
      sb.advance(36 * 60 * 60 * 1000);
      try {
        const [n] = await vi.waitFor(
          async () => {
            const list = await notificationsOf(sb.url, p.order_no);
            expect(list[0]?.state, 'give up').toBe('gave_up');
            return list;
          },
          { timeout: 10_000 },
        );
        const attempts = n!.attempts.length;
        const later = Date.now() + 200;
        await vi.waitFor(() => expect(Date.now() > later, 'quiet period').toBeTruthy(), { timeout: 10_000 });
        expect((await notificationsOf(sb.url, p.order_no))[0]!.attempts).toHaveLength(attempts);
      } finally {
        sb.advance(-36 * 60 * 60 * 1000);
      }
    } finally {
      await receiver.close();
    }
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { newestOrderNo, orderIn, orderWhen } from '../../testing/adminClient';
import { saveScreenshot } from '../harness/artifacts';
import { expectGatewayAttempts, expectNoCspViolations } from '../harness/expectations';
import { holdCardSubmit } from '../harness/holdCardSubmit';
import { sandboxApi } from '../../testing/sandboxApi';
import {
  CARDS,
  cardFrame,
  expectOutcome,
  fillShopper,
  openDemoShop,
  payButton,
  payInCardFrame,
  widget,
} from '../harness/shopper';
import { useSystem } from '../harness/useSystem';

const env = useSystem({ name: 'notification-timing' });
afterEach(() => sandboxApi(env.system.sandbox.url).clearFaults());

/** The order's history as the admin API tells it, one line per event: "type: detail". */
function history(order: { events: { type: string; detail?: unknown }[] }): string[] {
  return order.events.map((e) => `${e.type}: ${String(e.detail)}`);
}

describe('journey 9: the notification and the shopper return, in either order', () => {
  it('the notification arrives before the shopper returns: it settles the order, the return only confirms it', async () => {
    const { page, csp } = await env.open();
    const sandbox = sandboxApi(env.system.sandbox.url);
    await openDemoShop(page, env.system.backend.url);
    const root = widget(page);
    await fillShopper(root);
    await payButton(root).click();
    const submit = await holdCardSubmit(page, env.system.sandbox.url);
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await submit.sent;

    const orderNo = await newestOrderNo(env.system.backend);
    await vi.waitFor(
      async () =>
        expect((await sandbox.notifications(`${orderNo}-1`))[0]?.state, 'the PAYMENT notification delivered').toBe(
          'delivered',
        ),
      { timeout: 10_000 },
    );
    const settled = await orderIn(env.system.backend, orderNo, 'authorised');
    expect(history(settled)).toContainEqual(expect.stringMatching(/^transition: notification: pending -> authorised/));
    expect(history(settled).some((h) => h.startsWith('return:'))).toBe(false);

    await submit.release();
    await expectOutcome(root, 'paid');
    const order = await orderWhen(
      env.system.backend,
      orderNo,
      (o) => history(o).some((h) => h.startsWith('return:')),
      'the return recorded',
    );
    expect(order.status).toBe('authorised');
    // one transition only: the return found the order settled and changed nothing
    expect(history(order).filter((h) => h.startsWith('transition:'))).toHaveLength(1);
    await expectGatewayAttempts(env.system, orderNo, 1, 1);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-09-notification-first');
  });

  it('the notification arrives after the shopper returned: the return settles the order, the late notification changes nothing', async () => {
    const { page, csp } = await env.open();
    const sandbox = sandboxApi(env.system.sandbox.url);
    await sandbox.addFault({ endpoint: 'notify', times: 1, fault: { kind: 'delay', ms: 5000 } });
    await openDemoShop(page, env.system.backend.url);
    const root = widget(page);
    await fillShopper(root);
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');

    const orderNo = await newestOrderNo(env.system.backend);
    const returned = await orderIn(env.system.backend, orderNo, 'authorised');
    expect(history(returned).some((h) => h.startsWith('notification:'))).toBe(false);
    expect(history(returned)).toContainEqual(expect.stringMatching(/^transition: query: pending -> authorised/));

    const late = await orderWhen(
      env.system.backend,
      orderNo,
      (o) => history(o).some((h) => h.startsWith('notification:')),
      'the late notification received',
    );
    expect(late.status).toBe('authorised');
    expect(history(late).filter((h) => h.startsWith('transition:'))).toHaveLength(1);
    // the backend records the notification before it answers, and the sandbox marks it delivered once the answer
    // came: a moment later
    await vi.waitFor(
      async () => {
        const [notification] = await sandbox.notifications(`${orderNo}-1`);
        expect(notification).toMatchObject({ state: 'delivered' });
        expect(notification!.attempts.at(-1)).toMatchObject({ http_status: 200 });
      },
      { timeout: 15_000, interval: 50 },
    );
    await expectGatewayAttempts(env.system, orderNo, 1, 1);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-09-notification-late');
  });
});

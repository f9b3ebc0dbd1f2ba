import { describe, expect, it, vi } from 'vitest';
import { newestOrderNo, orderIn, orderOf } from '../../testing/adminClient';
import { saveScreenshot } from '../harness/artifacts';
import { expectGatewayAttempts, expectNoCspViolations } from '../harness/expectations';
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

// the pending card settles 4 s after it was paid: long enough to see the waiting view, short enough for a test
const env = useSystem({ name: 'pending-card', settleMs: 4000 });

describe('journey 5: a card payment that stays pending, settled later by notification', () => {
  it('shows "waiting for confirmation", then "paid" on the same view when the notification has settled it', async () => {
    const { page, csp } = await env.open();
    await openDemoShop(page, env.system.backend.url);
    const root = widget(page);
    await fillShopper(root);
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.pending);

    await expectOutcome(root, 'pending');
    expect(await root.locator('.ck-status h2').innerText()).toBe('Waiting for confirmation');
    // while waiting, the shopper is not invited to pay again
    expect(await root.getByRole('button', { name: 'Try another method' }).count()).toBe(0);
    const orderNo = await newestOrderNo(env.system.backend);
    expect((await orderOf(env.system.backend, orderNo)).status).toBe('pending');

    // the same view turns to paid, without a reload, once the gateway's notification has arrived
    await expectOutcome(root, 'paid', 20_000);
    const order = await orderIn(env.system.backend, orderNo, 'authorised');
    expect(order.events.map((e) => String(e.detail))).toContainEqual(
      expect.stringMatching(/^notification: pending -> authorised/),
    );
    // the backend records the notification before it answers, and the sandbox marks it delivered once the answer
    // came: a moment later
    await vi.waitFor(
      async () => {
        const [notification] = await sandboxApi(env.system.sandbox.url).notifications(`${orderNo}-1`);
        expect(notification).toMatchObject({
          notify_type: 'PAYMENT',
          state: 'delivered',
          fields: expect.objectContaining({ payment_status: '2000' }),
        });
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(await page.locator('#events').innerText()).toMatch(
      /completed .*"outcome":"pending"[\s\S]*completed .*"outcome":"paid"/,
    );
    await expectGatewayAttempts(env.system, orderNo, 1, 1);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-05-pending-then-paid');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { listOrders, newestOrderNo, orderIn } from '../../testing/adminClient';
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

const env = useSystem({ name: 'decline-retry' });
afterEach(() => sandboxApi(env.system.sandbox.url).clearFaults());

describe('journey 2: a declined card, then another card', () => {
  it('shows the decline, keeps the details, and the second card pays: one order, two attempts, one payment', async () => {
    const { page, csp } = await env.open();
    // the usual order of events: the shopper is back (and the backend has asked the gateway) before the
    // gateway's notification arrives
    await sandboxApi(env.system.sandbox.url).addFault({
      endpoint: 'notify',
      times: 1,
      fault: { kind: 'delay', ms: 3000 },
    });
    await openDemoShop(page, env.system.backend.url);
    const root = widget(page);
    await fillShopper(root);
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.declined);

    await expectOutcome(root, 'failed');
    expect(await root.locator('.ck-status h2').innerText()).toBe('Payment not completed');
    // the gateway's reason in the shopper's words, never its raw text (soft: the rest of the journey still runs)
    const status = await root.locator('.ck-status').innerText();
    expect.soft(status, "the decline's reason").toContain('Your bank declined the payment.');
    expect.soft(status, "the gateway's raw text").not.toContain('Do not honor');
    const orderNo = await newestOrderNo(env.system.backend);
    expect((await orderIn(env.system.backend, orderNo, 'declined')).attempts).toHaveLength(1);

    await root.getByRole('button', { name: 'Try another method' }).click();
    // what the shopper typed is still there
    expect(await root.locator('[name="email"]').inputValue()).toBe('ana@example.com');
    expect(await root.locator('[name="last_name"]').inputValue()).toBe('Silva');
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');

    const order = await orderIn(env.system.backend, orderNo, 'authorised');
    expect(order.attempts.map((a) => a.status)).toEqual(['declined', 'authorised']);
    await expectGatewayAttempts(env.system, orderNo, 2, 1);
    const orders = await listOrders(env.system.backend);
    expect(orders.orders.filter((o) => o.order_no === orderNo)).toHaveLength(1);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-02-decline-then-paid');
  });
});

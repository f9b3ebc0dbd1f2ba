import { afterEach, describe, expect, it } from 'vitest';
import { newestOrderNo, orderIn } from '../../testing/adminClient';
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

// a payment still open after 1.5 s is asked about on the next reconcile pass, every half second
const env = useSystem({
  name: 'reconcile',
  backendEnv: { RECONCILE_PENDING_AFTER_MS: '1500', RECONCILE_INTERVAL_MS: '500' },
});
afterEach(() => sandboxApi(env.system.sandbox.url).clearFaults());

describe('journey 9: neither the notification nor the shopper comes back', () => {
  it('the reconcile loop asks the gateway and settles the order; the shopper finds it paid', async () => {
    const { page, csp } = await env.open();
    const sandbox = sandboxApi(env.system.sandbox.url);
    await sandbox.addFault({ endpoint: 'notify', fault: { kind: 'drop' } });
    await openDemoShop(page, env.system.backend.url);
    const root = widget(page);
    await fillShopper(root);
    await payButton(root).click();
    const submit = await holdCardSubmit(page, env.system.sandbox.url);
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await submit.drop();

    const orderNo = await newestOrderNo(env.system.backend);
    const order = await orderIn(env.system.backend, orderNo, 'authorised', 20_000);
    const history = order.events.map((e) => `${e.type}: ${String(e.detail)}`);
    expect(history).toContainEqual(expect.stringMatching(/^transition: query: pending -> authorised/));
    expect(history.filter((h) => h.startsWith('notification:') || h.startsWith('return:'))).toEqual([]);
    // the gateway did send it; the fault lost it on the way
    const [notification] = await sandbox.notifications(`${orderNo}-1`);
    expect(String(notification!.attempts[0]!.error ?? '')).toMatch(/dropped/);

    // the shopper comes back to the shop later and finds the order paid
    await page.reload();
    await expectOutcome(root, 'paid');
    await expectGatewayAttempts(env.system, orderNo, 1, 1);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-09-reconciled');
  });
});

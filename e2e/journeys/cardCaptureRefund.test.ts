import { describe, expect, it } from 'vitest';
import { newestOrderNo, orderIn, orderOf } from '../../testing/adminClient';
import { saveScreenshot } from '../harness/artifacts';
import { recordDocumentPolicies, scriptSource } from '../harness/documentPolicies';
import { expectGatewayAttempts, expectNoCspViolations } from '../harness/expectations';
import { expectShownStatus, findOrder, orderActions, runAction, signIn, timeline } from '../harness/owner';
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

/** A refund is asynchronous: the gateway's answer says received (or already succeeded), never "done" before (#32). */
const REFUND_SENT =
  /^(1 succeeded, 0 failed, of 1\.|0 succeeded, 1 sent and not finished yet \(see the order's refunds\), 0 failed, of 1\.)$/;

const env = useSystem({ name: 'card-capture-refund' });

describe('journey 1: card approved, captured from the admin page, refunded in two parts', () => {
  it('goes from the shop page to a fully refunded order', async () => {
    const shopper = await env.open();
    const backendDocuments = recordDocumentPolicies(shopper.page, env.system.backend.url);

    // the shopper pays 4242 in the card frame of the demo shop
    await openDemoShop(shopper.page, env.system.backend.url);
    const root = widget(shopper.page);
    await fillShopper(root);
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');
    // an authorisation, captured below: the shopper reads "authorised", and never the internal order number
    expect(await root.locator('.ck-status h2').innerText()).toBe('Payment authorised');
    const orderNo = await newestOrderNo(env.system.backend);
    expect(await root.locator('.ck-status').innerText()).not.toContain(orderNo);
    await orderIn(env.system.backend, orderNo, 'authorised');
    expectNoCspViolations(shopper.csp);
    await saveScreenshot(shopper.page, 'journey-01-shopper-paid');

    // the owner signs in, finds the order and captures it
    const owner = await env.open();
    const { page } = owner;
    const adminDocuments = recordDocumentPolicies(page, env.system.backend.url);
    await signIn(page, env.system.backend.url, env.system.owner);
    await findOrder(page, orderNo);
    await expectShownStatus(page, 'Authorised');
    const eventsBefore = await timeline(page).count();
    expect(await runAction(page, orderActions(page), 'Capture')).toBe('1 succeeded, 0 failed, of 1.');
    await expectShownStatus(page, 'Paid');
    // the timeline shows the capture
    await expect.poll(() => timeline(page).count()).toBeGreaterThan(eventsBefore);
    expect((await orderOf(env.system.backend, orderNo)).captured).toBe('33.00');

    // first part: 10.00 with a reason; the timeline grows again
    const eventsAfterCapture = await timeline(page).count();
    expect(
      await runAction(page, orderActions(page), 'Refund', { amount: '10.00', reason: 'one T-shirt returned' }),
    ).toMatch(REFUND_SENT);
    await expectShownStatus(page, 'Partially refunded');
    await expect.poll(() => timeline(page).count()).toBeGreaterThan(eventsAfterCapture);

    // second part: the rest
    expect(await runAction(page, orderActions(page), 'Refund')).toMatch(REFUND_SENT);
    await expectShownStatus(page, 'Refunded');

    const order = await orderIn(env.system.backend, orderNo, 'refunded');
    expect(order).toMatchObject({ amount: '33.00', captured: '33.00', refunded: '33.00', email: 'ana@example.com' });
    expect(order.refunds.map((r) => r.amount)).toEqual(['10.00', '23.00']);
    expect(order.refunds[0]).toMatchObject({ reason: 'one T-shirt returned' });
    // the gateway agrees: one payment, refunded in two parts
    await expectGatewayAttempts(env.system, orderNo, 1, 1);
    const [tx] = await sandboxApi(env.system.sandbox.url).transactionsOfOrder(orderNo);
    expect(tx).toMatchObject({ payment_status: '4100' });
    expect((tx!.refunds as { refund_amount: string }[]).map((r) => r.refund_amount)).toEqual(['10.00', '23.00']);
    expectNoCspViolations(owner.csp);
    // every page of the backend on the way (shop, card frame, return page, admin) ran under a policy that
    // allows no inline or eval'd script beyond what it names by hash
    const documents = [...backendDocuments, ...adminDocuments];
    expect(documents.map((d) => new URL(d.url).pathname.split('/').slice(0, 3).join('/'))).toEqual(
      expect.arrayContaining(['/', '/pay/frame', '/pay/return', '/admin/']),
    );
    for (const d of documents) {
      expect(d.csp, `CSP of ${d.url}`).toBeTruthy();
      expect(scriptSource(d.csp!), `script policy of ${d.url}`).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
    }
    await saveScreenshot(page, 'journey-01-owner-refunded');
  });
});

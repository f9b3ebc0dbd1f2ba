import { describe, expect, it } from 'vitest';
import { newestOrderNo, orderIn } from '../../testing/adminClient';
import { saveScreenshot } from '../harness/artifacts';
import { expectGatewayAttempts, expectNoCspViolations } from '../harness/expectations';
import { expectShownStatus, findOrder, orderActions, runAction, signIn } from '../harness/owner';
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
import { useSystem, type Opened } from '../harness/useSystem';

const env = useSystem({ name: 'review' });

/** The shopper pays with the card the gateway holds for review, and waits on the result view. */
async function payHeldForReview(shopper: Opened) {
  await openDemoShop(shopper.page, env.system.backend.url);
  const root = widget(shopper.page);
  await fillShopper(root);
  await payButton(root).click();
  await payInCardFrame(cardFrame(root), CARDS.review);
  await expectOutcome(root, 'pending');
  // under review is not a failure: the shopper is not invited to pay a second time
  expect(await root.locator('.ck-status h2').innerText()).toBe('Waiting for confirmation');
  const orderNo = await newestOrderNo(env.system.backend);
  await orderIn(env.system.backend, orderNo, 'review');
  return { root, orderNo };
}

describe('journey 4: a card held for review, decided by the owner in the admin page', () => {
  it('approved: the order is authorised and the waiting shopper sees it paid', async () => {
    const shopper = await env.open();
    const { root, orderNo } = await payHeldForReview(shopper);

    const owner = await env.open();
    await signIn(owner.page, env.system.backend.url, env.system.owner);
    await findOrder(owner.page, orderNo);
    await expectShownStatus(owner.page, 'Held for review');
    expect(await runAction(owner.page, orderActions(owner.page), 'Review', { approve: true })).toBe(
      '1 succeeded, 0 failed, of 1.',
    );
    await expectShownStatus(owner.page, 'Authorised');

    await orderIn(env.system.backend, orderNo, 'authorised');
    // the shopper's result view, still open, follows the decision
    await expectOutcome(root, 'paid', 20_000);
    await expectGatewayAttempts(env.system, orderNo, 1, 1);
    expectNoCspViolations(shopper.csp);
    expectNoCspViolations(owner.csp);
    await saveScreenshot(owner.page, 'journey-04-review-approved-owner');
    await saveScreenshot(shopper.page, 'journey-04-review-approved-shopper');
  });

  it('rejected: the order is cancelled, nothing is kept, and the shopper is told', async () => {
    const shopper = await env.open();
    const { root, orderNo } = await payHeldForReview(shopper);

    const owner = await env.open();
    await signIn(owner.page, env.system.backend.url, env.system.owner);
    await findOrder(owner.page, orderNo);
    expect(await runAction(owner.page, orderActions(owner.page), 'Review', { approve: false })).toBe(
      '1 succeeded, 0 failed, of 1.',
    );
    await expectShownStatus(owner.page, 'Cancelled');

    await orderIn(env.system.backend, orderNo, 'cancelled');
    await expectOutcome(root, 'failed', 20_000);
    await expectGatewayAttempts(env.system, orderNo, 1, 0);
    expectNoCspViolations(shopper.csp);
    expectNoCspViolations(owner.csp);
    await saveScreenshot(owner.page, 'journey-04-review-rejected-owner');
  });
});

import { describe, expect, it } from 'vitest';
import { newestOrderNo, orderIn } from '../../testing/adminClient';
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

const env = useSystem({ name: 'three-d-secure' });

/** Pays the 3-D Secure test card and answers the issuer's challenge page inside the card frame. */
async function payWithChallenge(
  page: Awaited<ReturnType<typeof env.open>>['page'],
  answer: 'Authenticate' | 'Fail authentication',
) {
  await openDemoShop(page, env.system.backend.url);
  const root = widget(page);
  await fillShopper(root);
  await payButton(root).click();
  const frame = cardFrame(root);
  await payInCardFrame(frame, CARDS.threeDs);
  await frame.getByRole('heading', { name: 'Verify your payment' }).waitFor();
  // the challenge names the card by its last four digits only
  expect(await frame.locator('main').innerText()).toContain('3220');
  await frame.getByRole('button', { name: answer, exact: true }).click();
  return root;
}

describe('journey 3: 3-D Secure challenge in the card frame', () => {
  it('passed: the payment is approved and the order authorised', async () => {
    const { page, csp } = await env.open();
    const root = await payWithChallenge(page, 'Authenticate');
    await expectOutcome(root, 'paid');
    const orderNo = await newestOrderNo(env.system.backend);
    await orderIn(env.system.backend, orderNo, 'authorised');
    const [tx] = await sandboxApi(env.system.sandbox.url).transactionsOfOrder(orderNo);
    expect(tx).toMatchObject({ payment_status: '2000', is3ds: '1' });
    await expectGatewayAttempts(env.system, orderNo, 1, 1);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-03-3ds-passed');
  });

  it('failed: the shopper is told, the order is declined and can be paid again', async () => {
    const { page, csp } = await env.open();
    const root = await payWithChallenge(page, 'Fail authentication');
    await expectOutcome(root, 'failed');
    expect(await root.getByRole('button', { name: 'Try another method' }).isVisible()).toBe(true);
    const orderNo = await newestOrderNo(env.system.backend);
    const order = await orderIn(env.system.backend, orderNo, 'declined');
    expect(order.attempts[0]).toMatchObject({ status: 'declined', payment_status: '4000' });
    // declined by the failed authentication, not by the issuer
    const [tx] = await sandboxApi(env.system.sandbox.url).transactionsOfOrder(orderNo);
    expect(String(tx!.message)).toMatch(/^4002:/);
    await expectGatewayAttempts(env.system, orderNo, 1, 0);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-03-3ds-failed');
  });
});

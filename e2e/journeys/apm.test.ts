import { describe, expect, it } from 'vitest';
import { orderIn } from '../../testing/adminClient';
import { saveScreenshot } from '../harness/artifacts';
import { expectGatewayAttempts, expectNoCspViolations } from '../harness/expectations';
import { expectOutcome, fillShopper, openDemoShop, payButton, widget } from '../harness/shopper';
import { useSystem } from '../harness/useSystem';

const env = useSystem({ name: 'apm' });

const CASES = [
  { button: 'Approve', outcome: 'paid', status: 'paid', paid: 1 },
  { button: 'Decline', outcome: 'failed', status: 'declined', paid: 0 },
  { button: 'Cancel', outcome: 'failed', status: 'cancelled', paid: 0 },
  { button: 'Leave pending', outcome: 'pending', status: 'pending', paid: 0 },
] as const;

describe('journey 6: Pix through the issuer page, back to the shop', () => {
  it.each(CASES)(
    '$button on the issuer page: back on the shop page, the widget shows $outcome and the order is $status',
    async ({ button, outcome, status, paid }) => {
      const { page, csp } = await env.open();
      await openDemoShop(page, env.system.backend.url, { currency: 'BRL', country: 'BR' });
      const root = widget(page);
      await fillShopper(root, 'pix');
      await payButton(root).click();

      // the whole page leaves for the issuer (an APM is never framed)
      await page.waitForURL(`${env.system.sandbox.url}/**`);
      await page.getByRole('button', { name: button, exact: true }).click();

      // the backend confirms the return and sends the shopper back to the shop, where the widget shows the outcome
      await page.waitForURL((url) => url.origin === env.system.backend.url && url.pathname === '/');
      const orderNo = new URL(page.url()).searchParams.get('order_no');
      expect(orderNo).toBeTruthy();
      await expectOutcome(root, outcome);
      // the shopper reads the outcome, never the backend's internal order number (issue #35)
      expect(await root.locator('.ck-status').innerText()).not.toContain(orderNo!);

      const order = await orderIn(env.system.backend, orderNo!, status);
      expect(order.attempts).toHaveLength(1);
      expect(order.attempts[0]).toMatchObject({ method: 'pix', status });
      await expectGatewayAttempts(env.system, orderNo!, 1, paid);
      expectNoCspViolations(csp);
      await saveScreenshot(page, `journey-06-pix-${status}`);
    },
  );
});

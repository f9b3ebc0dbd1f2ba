/**
 * The admin page's "Shop events" over the real backend and its event worker: the owner registers a real receiver
 * on loopback, copies the secret shown once, sends a test event that arrives signed with that very secret, and
 * sees the delivery as delivered with the receiver's answer; then resends it and removes the endpoint.
 */
import { describe, expect, it } from 'vitest';
import { verifySignature, startEventReceiver } from '../../server/shopEvents/testing/eventReceiver';
import { saveScreenshot } from '../harness/artifacts';
import { expectNoCspViolations } from '../harness/expectations';
import { signIn } from '../harness/owner';
import { STEP_MS } from '../harness/shopper';
import { useSystem } from '../harness/useSystem';

const env = useSystem({ name: 'admin-shop-events' });

describe('the Shop events page over the real backend', () => {
  it('adds an endpoint, shows its secret once, and a test event arrives signed with it', async () => {
    const receiver = await startEventReceiver();
    try {
      const { page, csp } = await env.open();
      await signIn(page, env.system.backend.url, env.system.owner);
      await page.getByRole('link', { name: 'Shop events' }).click();
      await page.getByRole('heading', { level: 1, name: 'Shop events' }).waitFor({ timeout: STEP_MS });

      await page.getByLabel(/^URL/).fill(receiver.url);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const secret = (await page.getByTestId('signing-secret').innerText({ timeout: STEP_MS })).trim();
      expect(secret).toMatch(/^whsec_/);
      await page.getByRole('button', { name: /I have stored it/ }).click();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Shop events' }).waitFor({ timeout: STEP_MS });
      const row = page.getByRole('region', { name: 'Event endpoints' }).locator('tr', { hasText: receiver.url });
      await row.waitFor({ timeout: STEP_MS });
      expect(await page.content()).not.toContain(secret);

      await row.getByRole('button', { name: `Send test event to ${receiver.url}` }).click();
      const [test] = await receiver.until((r) => r.some((e) => e.event.type === 'endpoint.test'), 'the test event');
      expect(verifySignature(test!.signature, test!.body, secret)).toBe(true);

      const deliveries = page.getByRole('region', { name: 'Event deliveries, newest first' });
      const delivered = deliveries.locator('tr', { hasText: 'endpoint.test' }).filter({ hasText: 'Delivered' });
      await expect
        .poll(
          async () => {
            await page.getByRole('button', { name: 'Refresh' }).click();
            return delivered.count();
          },
          { timeout: STEP_MS, interval: 250 },
        )
        .toBe(1);
      expect(await delivered.innerText()).toContain('200 ok');

      await delivered.getByRole('button', { name: 'Resend endpoint.test' }).click();
      await receiver.until((r) => r.filter((e) => e.event.type === 'endpoint.test').length === 2, 'the resent event');
      expect(receiver.received.filter((e) => e.event.type === 'endpoint.test').map((e) => e.event.id)).toEqual([
        test!.event.id,
        test!.event.id,
      ]);
      await saveScreenshot(page, 'admin-shop-events');

      await row.getByRole('button', { name: `Remove ${receiver.url}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove endpoint' }).click();
      await row.waitFor({ state: 'detached', timeout: STEP_MS });
      // its deliveries went with it
      await page.getByRole('button', { name: 'Refresh' }).click();
      await deliveries.locator('tr', { hasText: receiver.url }).waitFor({ state: 'detached', timeout: STEP_MS });
      expectNoCspViolations(csp);
    } finally {
      await receiver.close();
    }
  }, 120_000);
});

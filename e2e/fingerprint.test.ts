/**
 * The device fingerprint on a shop of another origin (the system's shop, under widget/README.md's policy, which
 * allows the fingerprint's worker with `worker-src blob:` and the widget's origin): a visitor id in FingerprintJS's
 * format, made without long tasks (widget/device/fingerprintChunk.ts), reaches the payment's device fields and is
 * the same on the next load in the same browser; and the same again where the shop's policy refuses the worker
 * and FingerprintJS's sources all run on the page: the worker's stand-ins of the page answer as the page does.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoCspViolations } from './harness/expectations';
import { fillShopper, payButton, widget } from './harness/shopper';
import { useSystem } from './harness/useSystem';

const env = useSystem({ name: 'fingerprint' });

/** The mark widget/device/fingerprintChunk.ts sets once the visitor id is ready. */
const MARK = 'checkout-fingerprint';
/** Opens the shop's checkout, waits for the fingerprint, and reads it from the payment request Pay sends. */
async function payWithFingerprint(page: Page, query = ''): Promise<{ fingerprint: string; offMainThread: boolean }> {
  await page.goto(`${env.system.shop.origin}/embed?locale=en${query}`);
  const root = widget(page);
  await root.locator('form.ck-form').waitFor();
  // ready before Pay, so that the submit's short wait (widget/core/startPayment.ts) cannot leave the field empty
  const mark = await page.waitForFunction(
    (name) => (performance.getEntriesByName(name, 'mark')[0] as PerformanceMark | undefined)?.detail,
    MARK,
  );
  const { offMainThread } = (await mark.jsonValue()) as { offMainThread: boolean };
  await fillShopper(root, 'card');
  const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/sessions\/[^/]+\/payments$/.test(r.url()));
  await payButton(root).click();
  const body = (await sent).postDataJSON() as { device: { device_fingerprint: string } };
  return { fingerprint: body.device.device_fingerprint, offMainThread };
}

describe('the device fingerprint', () => {
  it('is made in the worker, sent with the payment, and the same on the next load', async () => {
    const { page, csp } = await env.open();
    const first = await payWithFingerprint(page);
    expect(first.fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(first.offMainThread).toBe(true);
    const second = await payWithFingerprint(page);
    expect(second).toEqual(first);
    expectNoCspViolations(csp);
  });

  // FingerprintJS's own sources on the page give what its sources give in the worker, against the stand-ins
  it('is the same when the shop refuses the worker: every source then runs on the page', async () => {
    const { page, csp } = await env.open();
    const allowed = await payWithFingerprint(page);
    // the same shop, its policy without `worker-src` (workers then fall back to script-src, which has no blob:)
    const refused = await payWithFingerprint(page, '&workers=refused');
    expect(refused).toEqual({ fingerprint: allowed.fingerprint, offMainThread: false });
    // the browser reports the refused worker: the shop sees what its policy stopped
    expect(csp.violations.map((v) => v.text).join('\n')).toMatch(/worker/i);
  });
});

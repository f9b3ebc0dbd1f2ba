/**
 * The device fingerprint on a shop of another origin (the system's shop, under widget/README.md's policy, which
 * allows the fingerprint's worker with `worker-src blob:` and the widget's origin): FingerprintJS's visitor id, made without long tasks
 * (widget/device/fingerprintChunk.ts), reaches the payment's device fields, and is the same on the next load in
 * the same browser, in the worker or, where the shop's policy refuses the worker, on the page alone; and it is
 * the id FingerprintJS's own `load().get()` gives in that browser.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoCspViolations } from './harness/expectations';
import { fillShopper, payButton, widget } from './harness/shopper';
import { useSystem } from './harness/useSystem';

const env = useSystem({ name: 'fingerprint' });

/** The mark widget/device/fingerprintChunk.ts sets once the visitor id is ready. */
const MARK = 'checkout-fingerprint';
/** FingerprintJS as published, served to the shop's page on the shop's own origin for the comparison. */
const FINGERPRINTJS = readFileSync(
  fileURLToPath(new URL('../node_modules/@fingerprintjs/fingerprintjs/dist/fp.esm.js', import.meta.url)),
);

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

/** FingerprintJS's own visitor id in `page`: its published module, imported by the page. */
async function fingerprintJsOwnId(page: Page): Promise<string> {
  await page.route('**/fingerprintjs-reference.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FINGERPRINTJS }),
  );
  // a string, so that the test's own transform leaves the page's `import()` alone
  return page.evaluate(`(async () => {
    const FingerprintJS = await import('/fingerprintjs-reference.js');
    return (await (await FingerprintJS.load({ monitoring: false })).get()).visitorId;
  })()`);
}

describe('the device fingerprint', () => {
  it("is made in the worker, sent with the payment, the same on the next load, and FingerprintJS's own id", async () => {
    const { page, csp } = await env.open();
    const first = await payWithFingerprint(page);
    expect(first.fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(first.offMainThread).toBe(true);
    const second = await payWithFingerprint(page);
    expect(second).toEqual(first);
    expect(await fingerprintJsOwnId(page)).toBe(first.fingerprint);
    expectNoCspViolations(csp);
  });

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

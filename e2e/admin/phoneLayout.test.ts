/**
 * Issue #32: on a 390 px phone (844 px tall) the order page, the orders list and the overview fit the screen's
 * width (no sideways scrolling of the page: a wide table scrolls inside its own box), and each dialog (the order's
 * refund, the list's bulk action, a confirmation on the Team page) opens whole on the screen. Also: the admin
 * page's script, as built, is sent brotli-compressed to a browser that takes it.
 */
import { brotliDecompressSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { rawRequest } from '../../server/testing/rawRequest';
import { admin } from '../../testing/adminClient';
import { addPerson } from '../../testing/people';
import { signIn } from '../harness/owner';
import { payOneByPix } from '../harness/seedPaidOrders';
import { useSystem } from '../harness/useSystem';

const env = useSystem({ name: 'admin-phone' });
const PHONE = { width: 390, height: 844 };

/** How wide the page is, with the elements wider than the screen (the culprits, for the failure message). */
function pageWidth(page: Page) {
  return page.evaluate((limit) => {
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => !e.parentElement?.closest('.table-wrap'))
      .filter((e) => e.getBoundingClientRect().right > limit + 0.5 || e.scrollWidth > e.clientWidth + 1)
      .slice(0, 8)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${e.className} right ${Math.round(e.getBoundingClientRect().right)} scroll ${e.scrollWidth}/${e.clientWidth}`,
      );
    return { scrollWidth: document.scrollingElement!.scrollWidth, wide };
  }, PHONE.width);
}

async function expectFits(page: Page, what: string) {
  await vi.waitFor(
    async () => {
      const width = await pageWidth(page);
      if (width.scrollWidth > PHONE.width)
        throw new Error(`${what} is ${width.scrollWidth} px wide; wider than the screen: ${width.wide.join(', ')}`);
    },
    { timeout: 5_000, interval: 100 },
  );
}

/** The open dialog's box lies inside the viewport, all four sides. */
async function expectDialogOnScreen(page: Page, what: string) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const box = await dialog.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right`).toBeLessThanOrEqual(PHONE.width);
  expect(box!.y + box!.height, `${what}: bottom`).toBeLessThanOrEqual(PHONE.height);
}

describe('the admin page on a 390 px phone', () => {
  it('the overview, the orders list and an order fit the width, and every dialog opens whole on screen', async () => {
    const orderNo = await payOneByPix(env.system, 1);
    // a partial refund, so the order page shows its refunds table too
    const refunded = await admin(env.system.backend.url, '/orders/refund', {
      method: 'POST',
      body: { orders: [{ order_no: orderNo, amount: '1.00', reason: 'one item returned' }] },
    });
    expect(refunded.body.results[0], JSON.stringify(refunded.body)).toMatchObject({ ok: true });
    await addPerson(env.system.backend.url, { email: 'kim@phone.test', role: 'support' });
    const { page } = await env.open({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(page, env.system.backend.url, env.system.owner);
    const go = (hash: string) => page.evaluate((h) => (location.hash = h), hash);

    await go('#/overview');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await expectFits(page, 'overview');

    await go('#/orders');
    await page.getByRole('link', { name: orderNo }).waitFor();
    await expectFits(page, 'orders list');
    await page.getByRole('checkbox', { name: new RegExp(orderNo) }).check();
    await page
      .getByRole('group', { name: 'Actions for the selected orders' })
      .getByRole('button', { name: 'Refund' })
      .click();
    await expectDialogOnScreen(page, 'bulk refund dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await go(`#/orders/${orderNo}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(orderNo) }).waitFor();
    await page.getByRole('region', { name: 'Refunds' }).waitFor();
    await expectFits(page, 'order page');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await expectDialogOnScreen(page, "the order's refund dialog");
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expectFits(page, 'order page after the dialog');

    await go('#/team');
    await page.getByLabel('Role of kim@phone.test').waitFor();
    await expectFits(page, 'team page');
    await page.getByLabel('Role of kim@phone.test').selectOption('viewer');
    await expectDialogOnScreen(page, 'the confirmation of a role change');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expectFits(page, 'team page');
  });

  it("sends the admin page's script compressed, decompressing to the built file", async () => {
    const html = await (await fetch(`${env.system.backend.url}/admin/`)).text();
    const script = /src="(\/admin\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, 'the script of /admin').toBeTruthy();
    const url = `${env.system.backend.url}${script}`;
    const plain = await rawRequest(url, {});
    const br = await rawRequest(url, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);
  });
});

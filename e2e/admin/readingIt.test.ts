import { describe, expect, it } from 'vitest';
import { newestOrderNo, orderIn, orderOf, refundsFinal } from '../../testing/adminClient';
import { saveScreenshot } from '../harness/artifacts';
import { expectNoCspViolations } from '../harness/expectations';
import { expectShownStatus, findOrder, orderActions, runAction, signIn, timeline } from '../harness/owner';
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

const env = useSystem({ name: 'reading-it' });

/**
 * Issue #32, "Reading it", in Chromium as an owner reads it: the order page's summary and timeline in words (the
 * gateway's terms folded away), the overview's money per currency, and the audit log's people apart from the
 * machine.
 */
describe("the order page, the overview and the audit log in the owner's words", () => {
  it('a card order captured and partly refunded by the owner reads as the owner would tell it', async () => {
    const shopper = await env.open();
    await openDemoShop(shopper.page, env.system.backend.url);
    const root = widget(shopper.page);
    await fillShopper(root);
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');
    const orderNo = await newestOrderNo(env.system.backend);
    const authorised = await orderIn(env.system.backend, orderNo, 'authorised');
    const owner = env.system.owner;
    // the card's brand and last four come with the gateway's query record, which follows its notification
    await expect
      .poll(async () => (await orderOf(env.system.backend, orderNo)).card, { timeout: 15_000 })
      .toEqual({ brand: 'Visa', last4: '4242' });

    const { page, csp } = await env.open();
    await signIn(page, env.system.backend.url, owner);
    await findOrder(page, orderNo);
    await expectShownStatus(page, 'Authorised');
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect
      .poll(() => summary.innerText())
      .toMatch(/^Visa •••• 4242, authorised [A-Z]{3} [\d,.]+, not captured yet$/);

    expect(await runAction(page, orderActions(page), 'Capture')).toBe('1 succeeded, 0 failed, of 1.');
    await expectShownStatus(page, 'Paid');
    const money = (amount: string) => `${authorised.currency} ${Number(amount).toFixed(2)}`;
    await expect
      .poll(() => summary.innerText())
      .toMatch(
        new RegExp(
          `^Visa •••• 4242, paid ${money(authorised.amount)}, captured by ${owner.email} on \\d{1,2} \\w{3} \\d{4}$`,
        ),
      );

    expect(await runAction(page, orderActions(page), 'Refund', { amount: '5.00' })).toMatch(
      /^(1 succeeded|0 succeeded, 1 sent)/,
    );
    await refundsFinal(env.system.backend, orderNo);
    await page.reload();
    // each line's sentence, after its time
    await expect
      .poll(() => timeline(page).locator('.timeline-text').allInnerTexts(), { timeout: 10_000 })
      .toEqual([
        `Order created for ${money(authorised.amount)}`,
        'Payment 1 started with Card',
        `Authorised ${money(authorised.amount)}: the money is held until it is captured`,
        `Captured ${money(authorised.amount)} by ${owner.email}`,
        `Refund of ${money('5.00')} requested by ${owner.email}`,
        `Refund of ${money('5.00')} succeeded`,
      ]);
    // the gateway engineers' words are folded under Technical details, out of sight until opened
    const technical = page.locator('details.technical');
    expect(await technical.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await page.locator('main').innerText()).not.toMatch(/same_status|journalled|stranded/);
    expect(JSON.stringify(await orderOf(env.system.backend, orderNo))).not.toContain('4242424242424242');
    await saveScreenshot(page, 'reading-it-order');

    // the overview: today's money in this currency, each amount on the day it moved
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Overview' }).click();
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: authorised.currency, exact: true }) });
    const net = (Number(authorised.amount) - 5).toFixed(2);
    await expect
      .poll(() => row.locator('td').allInnerTexts())
      .toEqual([
        authorised.currency,
        money(authorised.amount),
        money('5.00'),
        money('0'),
        `${authorised.currency} ${net}`,
      ]);

    // the audit log: people's lines by default; the refund line says how much and how it ended
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Audit log' }).click();
    const lines = page.locator('table tbody tr');
    await lines.first().waitFor();
    const refundLine = lines.filter({ hasText: 'Refund succeeded' });
    await expect.poll(() => refundLine.count()).toBeGreaterThan(0);
    expect(await refundLine.first().innerText()).toContain(money('5.00'));
    expect(await refundLine.first().innerText()).toContain(owner.email);
    expect(await lines.filter({ hasText: 'Signed in' }).count()).toBeGreaterThan(0);
    expect(await page.locator('table tbody').innerText()).not.toContain('Call to the gateway');
    await page.getByLabel('Show').selectOption('system');
    await expect.poll(() => page.locator('table tbody').innerText()).toContain('Call to the gateway');
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'reading-it-audit-system');
  }, 120_000);
});

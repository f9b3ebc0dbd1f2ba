import { describe, expect, it } from 'vitest';
import { addPerson } from '../../testing/people';
import { listOrders, listPayouts, orderIn, paymentMethods, putPaymentMethods } from '../../testing/adminClient';
import { saveScreenshot } from '../harness/artifacts';
import { expectNoCspViolations } from '../harness/expectations';
import { signIn } from '../harness/owner';
import { sandboxApi } from '../../testing/sandboxApi';
import { seedPaidOrders } from '../harness/seedPaidOrders';
import { openDemoShop, STEP_MS, widget } from '../harness/shopper';
import { useSystem } from '../harness/useSystem';

const env = useSystem({ name: 'admin-page' });

describe('the admin page over the real backend', () => {
  it('refuses a wrong password, then signs in into an HttpOnly cookie, keeps nothing in storage, signs out', async () => {
    const { page, context, csp } = await env.open();
    const { owner } = env.system;
    const res = await page.goto(`${env.system.backend.url}/admin/`);
    expect(res?.status(), 'GET /admin/').toBe(200);
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('#signin-error').innerText()).toContain('not accepted');
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');

    await signIn(page, env.system.backend.url, owner);
    const cookies = await context.cookies();
    expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([['admin_session', true, 'Strict']]);
    // the page keeps no secret: not in the address bar, not in storage, not readable by its scripts
    expect(page.url()).not.toContain(owner.password);
    expect(await page.evaluate(() => [sessionStorage.length, localStorage.length, document.cookie])).toEqual([
      0,
      0,
      '',
    ]);
    await page.reload();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('E-mail').waitFor();
    expect(await context.cookies()).toEqual([]);
    expectNoCspViolations(csp);
  });

  it('a support person sees no payout form and no method editing, and the server refuses them anyway', async () => {
    const support = await addPerson(env.system.backend.url, { email: 'support@e2e.test', role: 'support' });
    const { page } = await env.open();
    await signIn(page, env.system.backend.url, support);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await expect.poll(() => nav.innerText()).toContain('Payment methods');
    expect(await nav.innerText()).not.toMatch(/Payouts|Team/);
    await page.evaluate(() => (location.hash = '#/payouts/new'));
    await page.getByRole('heading', { level: 1, name: "You don't have access to this page" }).waitFor();
    await page.evaluate(() => (location.hash = '#/methods'));
    await page.getByText('Your role can see the payment methods but not change them.').waitFor();
    expect(await page.getByRole('button', { name: 'Save payment methods' }).count()).toBe(0);

    // the same calls from the signed-in page's own origin, as a hand-made request would send them
    const refused = await page.evaluate(async () => {
      const post = (path: string, body: unknown, method = 'POST') =>
        fetch(`/admin/api${path}`, {
          method,
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', 'idempotency-key': 'k-support-1' },
          body: JSON.stringify(body),
        }).then((r) => r.status);
      return {
        payout: await post('/payouts', { payment_amount: '1.00', payment_currency: 'EUR' }),
        methods: await post('/payment-methods', { methods: [] }, 'PUT'),
        users: await post('/users', { email: 'x@e2e.test', role: 'owner' }),
      };
    });
    expect(refused).toEqual({ payout: 403, methods: 403, users: 403 });
  });

  it('a bulk refund of 120 paid orders finishes with 120 results', async () => {
    const orderNos = await seedPaidOrders(env.system, 120);
    await orderIn(env.system.backend, orderNos.at(-1)!, 'paid');

    const { page, csp } = await env.open();
    await signIn(page, env.system.backend.url, env.system.owner);
    await page.evaluate(() => (location.hash = '#/orders?status=paid'));
    await page.locator('table tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Select every order matching the filters' }).click();
    const bar = page.getByRole('group', { name: 'Actions for the selected orders' });
    await bar.getByText('120 orders selected').waitFor();
    await bar.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByTestId('bulk-summary').innerText()).toBe('Refund 120 orders, total BRL 1,200.00.');
    await dialog.getByRole('button', { name: 'Refund 120 orders' }).click();

    const results = page.locator('section.results');
    await results.waitFor({ timeout: 60_000 });
    // received by the gateway is not done yet (#32): each one is listed as sent until it succeeds
    expect(await results.getByRole('status').innerText()).toMatch(
      /^\d+ succeeded(, \d+ sent and not finished yet \(see the order's refunds\))?, 0 failed, of 120\.$/,
    );
    expect(await results.locator('tbody tr').count()).toBe(120);

    // each refund succeeds a moment after the gateway received it (asynchronous refunds)
    const refundedOrders = async () => {
      const refunded = await listOrders(env.system.backend, 'status=refunded&limit=100');
      const more = refunded.next_cursor
        ? await listOrders(
            env.system.backend,
            `status=refunded&limit=100&cursor=${encodeURIComponent(refunded.next_cursor)}`,
          )
        : { orders: [] };
      return new Set([...refunded.orders, ...more.orders].map((o) => o.order_no));
    };
    await expect.poll(refundedOrders, { timeout: 30_000, interval: 250 }).toEqual(new Set(orderNos));
    // the gateway refunded each order once, in three batches (at most 50 refunds a call)
    const sandbox = sandboxApi(env.system.sandbox.url);
    expect(await sandbox.requestCount('/v1/refund')).toBe(3);
    const refundsAtGateway = await Promise.all(
      orderNos.map(async (o) =>
        (await sandbox.transactionsOfOrder(o)).flatMap((t) => t.refunds as { refund_amount: string }[]),
      ),
    );
    expect(refundsAtGateway.every((r) => r.length === 1 && r[0]!.refund_amount === '10.00')).toBe(true);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'admin-bulk-refund-120');
  }, 120_000);

  it('a payout with a bad IBAN shows the error at the IBAN field and sends nothing', async () => {
    const { page, csp } = await env.open();
    await signIn(page, env.system.backend.url, env.system.owner);
    await page.evaluate(() => (location.hash = '#/payouts/new'));
    await page.getByRole('heading', { level: 1, name: 'New payout' }).waitFor();
    await page.getByLabel('Amount (required)').fill('250.00');
    await page.getByLabel('Currency (required)').fill('EUR');
    const beneficiary = page.getByRole('group', { name: 'Beneficiary', exact: true });
    await beneficiary.getByLabel('Entity type').selectOption('PERSONAL');
    await beneficiary.getByLabel('First name').fill('Ana');
    await beneficiary.getByLabel('Last name').fill('Silva');
    await page.getByText('Beneficiary bank details').click();
    const iban = page.getByLabel('IBAN');
    await iban.fill('DE00 1234 5678 9012 3456 78');
    await page.getByRole('button', { name: 'Review payout' }).click();

    await expect.poll(() => iban.getAttribute('aria-invalid'), { timeout: STEP_MS }).toBe('true');
    const describedBy = (await iban.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
    expect(errorId).toBeTruthy();
    expect(await page.locator(`[id="${errorId}"]`).innerText()).toMatch(/IBAN/i);
    expect(await page.locator('.error-summary').innerText()).toContain('IBAN (Beneficiary bank details)');
    expect((await listPayouts(env.system.backend)).payouts).toEqual([]);
    expect(await sandboxApi(env.system.sandbox.url).requestCount('/v1/payout')).toBe(0);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'admin-payout-bad-iban');
  });

  it('a method switched off in the admin page disappears from the widget', async () => {
    const before = await paymentMethods(env.system.backend);
    try {
      const shopper = await env.open();
      await openDemoShop(shopper.page, env.system.backend.url, { currency: 'BRL', country: 'BR' });
      expect(await widget(shopper.page).locator('input[type="radio"][value="pix"]').count()).toBe(1);

      const { page, csp } = await env.open();
      await signIn(page, env.system.backend.url, env.system.owner);
      await page.evaluate(() => (location.hash = '#/methods'));
      const pix = page.locator('fieldset.method').filter({ has: page.locator('legend', { hasText: /\bPix\b/ }) });
      const offered = pix.getByLabel('Offered to shoppers');
      expect(await offered.isChecked()).toBe(true);
      await offered.uncheck();
      await page.getByRole('button', { name: 'Save payment methods' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      expect((await paymentMethods(env.system.backend)).methods.find((m) => m.id === 'pix')?.enabled).toBe(false);

      const next = await env.open();
      await openDemoShop(next.page, env.system.backend.url, { currency: 'BRL', country: 'BR' });
      const methods = widget(next.page).locator('input[type="radio"]');
      expect(await methods.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).not.toContain(
        'pix',
      );
      expect(await methods.count()).toBeGreaterThan(0);
      expectNoCspViolations(csp);
      await saveScreenshot(next.page, 'admin-method-disabled-widget');
    } finally {
      await putPaymentMethods(env.system.backend, before.methods);
    }
  });
});

// @vitest-environment happy-dom
/**
 * What the shopper reads at the end of a journey (issue #35): an expired checkout says so and how to go back, a
 * payment held for review never loops back to the same waiting screen, an authorisation is not called "paid",
 * a voucher is mentioned only where there is one, and no text shows the order's internal number. Each in two
 * locales, English and another.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { SessionView } from '../../shared/contract/session';
import { demoSession, errorReply, startFakeBackend, type FakeBackend } from '../testing/fakeBackend';
import { renderCheckout } from '../testing/renderCheckout';

let backend: FakeBackend;
/** the session's internal order number, which no result text may show */
const ORDER_NO = 'ord_7QmX2c';

/** a shopper the shop already knows, so the form is complete in any language */
const SHOPPER = {
  first_name: 'Ana',
  last_name: 'Silva',
  email: 'ana@example.com',
  phone: '+55 11 91234 5678',
  billing: { country: 'BR', state: 'SP', city: 'São Paulo', address: 'Rua Augusta 1500', postal_code: '01304-001' },
};

beforeEach(async () => {
  backend = await startFakeBackend(demoSession({ order_no: ORDER_NO, shopper: SHOPPER }));
});
afterEach(async () => {
  cleanup();
  sessionStorage.clear();
  await backend.close();
});

const session = (over: Partial<SessionView>) => ({
  status: 200,
  body: demoSession({ order_no: ORDER_NO, shopper: SHOPPER, ...over }),
});

describe('an expired checkout says so, with the way back, and shows no payable form', () => {
  test.each([
    ['en', 'This checkout has expired. Please go back to the shop and start again.', 'Back to the shop'],
    ['de', 'Diese Bezahlung ist abgelaufen. Bitte kehren Sie zum Shop zurück und beginnen Sie neu.', 'Zurück zum Shop'],
  ])('a reload of an expired session (%s)', async (locale, text, back) => {
    backend.onSession = () =>
      session({ expired: true, return_url: 'https://shop.example/cart', expires_at: '2020-01-01T00:00:00Z' });
    renderCheckout(backend, { locale });
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(screen.getByRole('link', { name: back }).getAttribute('href')).toBe('https://shop.example/cart');
    expect(screen.getByRole('link', { name: back }).getAttribute('target')).toBe('_top');
    expect(screen.queryByRole('button', { name: /Pay|bezahlen/ })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  test.each([
    ['en', 'This checkout has expired.', 'Back to the shop'],
    ['fr', 'Ce paiement a expiré.', 'Retour à la boutique'],
  ])('Pay after the expiry (%s): the answer 410 turns the form into the expired notice', async (locale, text, back) => {
    renderCheckout(backend, { locale });
    await screen.findAllByRole('radio');
    backend.onPayment = () => errorReply(410, 'session_expired', 'this checkout session has expired');
    // from now on the backend's clock is past the expiry
    backend.onSession = () => session({ expired: true, return_url: 'https://shop.example/cart' });
    fireEvent.click(screen.getByRole('button', { name: /^(Pay|Payer) / }));
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(text);
    expect(screen.getByRole('link', { name: back }).getAttribute('href')).toBe('https://shop.example/cart');
    expect(screen.queryByRole('button', { name: /^(Pay|Payer) / })).toBeNull();
  });

  test('without a return_url the text still says what to do, and no link goes nowhere', async () => {
    backend.onSession = () => session({ expired: true });
    renderCheckout(backend, { locale: 'en' });
    expect((await screen.findByRole('alert')).textContent).toContain('Please go back to the shop and start again.');
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('a payment held for review', () => {
  test.each([
    ['en', 'Waiting for confirmation', /the shop is checking the payment.*do not pay again/, 'Try another method'],
    [
      'nl',
      'Wachten op bevestiging',
      /de winkel controleert de betaling.*betaal niet opnieuw/,
      'Andere betaalmethode proberen',
    ],
  ])(
    '(%s) once waiting gives up, says the shop decides and offers no other method that would loop back',
    async (locale, title, body, retry) => {
      backend.onSession = () => session({ status: 'review', payment: { payment_id: 'pay_r', status: 'review' } });
      backend.onResume = () => errorReply(409, 'conflict', 'not a card page');
      renderCheckout(backend, { locale }, { intervalsMs: [20], deadlineMs: 100 });
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
      expect(await screen.findByText(body)).toBeTruthy();
      // waiting has given up (the spinner goes), and still no invitation to pay another way
      await waitFor(() => expect(document.querySelector('.ck-spinner')).toBeNull(), { timeout: 5000 });
      expect(screen.queryByRole('button', { name: retry })).toBeNull();
      expect(backend.requests.filter((r) => r.path.endsWith('/abandon'))).toHaveLength(0);
      expect(document.body.textContent).not.toContain(ORDER_NO);
    },
  );
});

describe('the words of a result', () => {
  test.each([
    ['en', 'Payment authorised', 'reserved on your card', /is paid/],
    ['es', 'Pago autorizado', 'reservado en tu tarjeta', /está pagado/],
  ])('(%s) an authorisation is money held, not "paid"', async (locale, title, body, paid) => {
    backend.onSession = () => session({ status: 'authorised', payment: { payment_id: 'pay_a', status: 'authorised' } });
    renderCheckout(backend, { locale });
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(document.body.textContent).toContain(body);
    expect(document.body.textContent).not.toMatch(paid);
    expect(document.body.textContent).not.toContain(ORDER_NO);
  });

  test.each([
    ['en', 'Payment successful', 'Payment not completed'],
    ['de', 'Zahlung erfolgreich', 'Zahlung nicht abgeschlossen'],
  ])('(%s) paid, pending and failed texts never show the internal order number', async (locale, paid, failed) => {
    for (const [status, heading] of [
      ['paid', paid],
      ['declined', failed],
    ] as const) {
      backend.onSession = () => session({ status, payment: { payment_id: `pay_${status}`, status } });
      const view = renderCheckout(backend, { locale });
      expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
      expect(document.body.textContent).not.toContain(ORDER_NO);
      view.unmount();
    }
  });

  test.each([
    ['en', 'the code or voucher is there'],
    ['pt-BR', 'o código ou boleto está lá'],
  ])('(%s) a pending APM mentions a code or voucher only for a method that has one', async (locale, voucher) => {
    const pending = (method: string) =>
      session({
        status: 'pending',
        payment: {
          payment_id: `pay_${method}`,
          status: 'pending',
          method,
          redirect_url: `https://issuer.example/${method}`,
        },
      });
    backend.onSession = () => pending('ideal');
    const ideal = renderCheckout(backend, { locale }, { intervalsMs: [1000], deadlineMs: 10_000 });
    expect(await screen.findByRole('link', { name: /iDEAL/ })).toBeTruthy();
    expect(document.body.textContent).not.toContain(voucher);
    expect(document.body.textContent).not.toContain(ORDER_NO);
    ideal.unmount();

    backend.onSession = () => pending('boleto');
    renderCheckout(backend, { locale }, { intervalsMs: [1000], deadlineMs: 10_000 });
    expect(await screen.findByRole('link', { name: /Boleto/ })).toBeTruthy();
    expect(document.body.textContent).toContain(voucher);
  });
});

describe('a double payment (a late APM payment after the shopper paid another way)', () => {
  test.each([
    ['en', 'will be refunded automatically on', 'has been refunded', 'The shop has been told'],
    ['pt-BR', 'será reembolsado automaticamente em', 'foi reembolsado', 'A loja foi avisada'],
  ])('(%s) the result says when the second payment is given back', async (locale, scheduled, refunded, shop) => {
    const paid = (extra_payment: SessionView['extra_payment']) =>
      session({ status: 'paid', payment: { payment_id: 'pay_2', status: 'paid' }, extra_payment });
    const money = { amount: '10.00', currency: 'BRL' };
    backend.onSession = () => paid({ ...money, refund: 'scheduled', refund_at: '2031-03-04T12:00:00Z' });
    const first = renderCheckout(backend, { locale });
    const note = await screen.findByText(new RegExp(scheduled));
    expect(note.textContent).toMatch(/R\$\s?10[.,]00/);
    expect(note.textContent).toContain('2031');
    first.unmount();

    backend.onSession = () => paid({ ...money, refund: 'refunded' });
    const second = renderCheckout(backend, { locale });
    expect(await screen.findByText(new RegExp(refunded))).toBeTruthy();
    second.unmount();

    backend.onSession = () => paid({ ...money, refund: 'shop' });
    renderCheckout(backend, { locale });
    expect(await screen.findByText(new RegExp(shop))).toBeTruthy();
    expect(document.body.textContent).not.toContain(ORDER_NO);
  });
});

describe('the card page', () => {
  test.each([
    ['en', 'Secure card payment page'],
    ['ja', '安全なカード決済ページ'],
  ])('(%s) takes the keyboard focus when it opens', async (locale, title) => {
    renderCheckout(backend, { locale });
    await screen.findAllByRole('radio');
    fireEvent.click(screen.getByRole('button', { name: /Pay|支払/ }));
    const frame = await screen.findByTitle(title, {}, { timeout: 5000 });
    await waitFor(() => expect(document.activeElement).toBe(frame));
  });

  test("reopened by a reload, it leaves the shop page's focus alone", async () => {
    backend.onSession = () => session({ status: 'pending', payment: { payment_id: 'pay_9', status: 'pending' } });
    backend.onResume = (paymentId) => ({
      status: 200,
      body: { payment_id: paymentId, action: { type: 'iframe', url: `${backend.url}/pay/frame/tok_fresh` } },
    });
    renderCheckout(backend, { locale: 'en' });
    const frame = await screen.findByTitle('Secure card payment page');
    expect(document.activeElement).not.toBe(frame);
  });
});

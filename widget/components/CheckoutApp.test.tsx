// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createPaymentBody } from '../../shared/contract/payment';
import type { DeclineReason } from '../../shared/gateway/declineReason';
import type { OrderStatus } from '../../shared/gateway/status';
import { demoSession, errorReply, startFakeBackend, type FakeBackend } from '../testing/fakeBackend';
import { fillShopper } from '../testing/fillShopper';
import { renderCheckout } from '../testing/renderCheckout';

let backend: FakeBackend;

beforeEach(async () => {
  backend = await startFakeBackend(demoSession({ shopper: { email: 'prefill@example.com', first_name: 'Ana' } }));
});
afterEach(async () => {
  cleanup();
  // the form is kept per session in the tab (keptForm.ts): each test starts from an empty one
  sessionStorage.clear();
  await backend.close();
});

const payButton = () => screen.getByRole('button', { name: /^Pay / });

/** From now on the backend says the session's payment `paymentId` has `status` (what the widget confirms with). */
function backendSays(paymentId: string, status: OrderStatus, message?: string, why?: DeclineWhy): void {
  backend.onSession = () => ({
    status: 200,
    body: demoSession({
      status,
      payment: { payment_id: paymentId, status, ...(message ? { message } : {}), ...why },
    }),
  });
}
type DeclineWhy = { reason: DeclineReason; code?: string };

/** Posts what /pay/return posts, from `origin`. */
function postResult(origin: string, data: Record<string, unknown>): void {
  window.dispatchEvent(new MessageEvent('message', { origin, data: { source: 'checkout', type: 'result', ...data } }));
}

describe('loading a session', () => {
  test('shows the items, the total in the session currency, the methods and the prefill, then reports ready', async () => {
    const { notify } = renderCheckout(backend, { locale: 'en-US' });
    expect(await screen.findByRole('heading', { name: 'Order summary' })).toBeTruthy();
    expect(screen.getByText('2 × T-shirt')).toBeTruthy();
    expect(screen.getByText('$25.00')).toBeTruthy();
    expect(screen.getByText('$33.00')).toBeTruthy();
    expect(payButton().textContent).toBe('Pay $33.00');
    const methods = screen.getByRole('group', { name: 'Payment method' });
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['card', 'boleto', 'ideal']);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('prefill@example.com');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ana');
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('BR');
    await waitFor(() => expect(notify.ready).toHaveBeenCalledTimes(1));
    // The client secret travels in a header, never in the URL.
    const get = backend.requests.find((r) => r.method === 'GET')!;
    expect(get.headers['x-client-secret']).toBe('cs_test');
    expect(get.path).toBe('/api/sessions/cs_1');
  });

  test('an unknown session shows an error, reports it, and offers no retry', async () => {
    const { notify } = renderCheckout(backend, { session: 'cs_nope' });
    expect((await screen.findByRole('alert')).textContent).toContain('This checkout could not be loaded.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(notify.error).toHaveBeenCalledWith(expect.objectContaining({ code: 'not_found' }));
  });

  test('an expired session says so', async () => {
    backend.onSession = () => errorReply(410, 'session_expired', 'expired');
    renderCheckout(backend);
    expect((await screen.findByRole('alert')).textContent).toContain('This checkout has expired.');
  });

  test('a backend that cannot be reached offers a retry that loads the session', async () => {
    let down = true;
    backend.onSession = () =>
      down
        ? { status: 503, body: { error: { code: 'internal', message: 'down' } } }
        : { status: 200, body: demoSession() };
    renderCheckout(backend);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    down = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Order summary' })).toBeTruthy();
  });
});

describe('validation and accessibility', () => {
  test('an empty submit sends nothing, marks each field, says so next to it and in a live region, and focuses the first', async () => {
    renderCheckout(backend);
    await screen.findByRole('heading', { name: 'Order summary' });
    fireEvent.input(screen.getByLabelText('First name'), { target: { value: '' } });
    fireEvent.click(payButton());

    expect((await screen.findByRole('alert')).textContent).toMatch(/Please correct the highlighted fields \(\d+\)/);
    const first = screen.getByLabelText('First name');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    const errorId = first.getAttribute('aria-describedby')!;
    expect(document.getElementById(errorId)?.textContent).toBe('This field is required.');
    expect(document.activeElement).toBe(first);
    const live = document.querySelector('[aria-live="polite"]')!;
    await waitFor(() => expect(live.textContent).toMatch(/Please correct the highlighted fields/));
    // The prefilled email is valid, so it is not marked.
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('false');
    expect(backend.payments()).toHaveLength(0);
  });

  test('a field shows its own rule once the shopper leaves it, and clears when corrected', async () => {
    renderCheckout(backend);
    const email = await screen.findByLabelText('Email');
    fireEvent.input(email, { target: { value: 'not-an-email' } });
    expect(email.getAttribute('aria-invalid')).toBe('false'); // not while typing
    fireEvent.blur(email);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${email.id}-error`)?.textContent).toBe(
      'Enter an email address, e.g. name@example.com.',
    );
    const phone = screen.getByLabelText('Phone');
    fireEvent.input(phone, { target: { value: '12' } });
    fireEvent.blur(phone);
    await waitFor(() =>
      expect(document.getElementById(`${phone.id}-error`)?.textContent).toBe(
        'Enter a phone number, e.g. +55 11 91234 5678.',
      ),
    );
    // ... and the live region says it too, for the screen reader that has already moved on.
    expect(document.querySelector('[aria-live="polite"]')!.textContent).toBe(
      'Enter a phone number, e.g. +55 11 91234 5678.',
    );
    fireEvent.input(email, { target: { value: 'ana@example.com' } });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('false'));
  });

  test('every control is a native, labelled, keyboard-reachable element with an autocomplete token', async () => {
    const { container } = renderCheckout(backend);
    await screen.findByRole('heading', { name: 'Order summary' });
    const controls = Array.from(container.querySelectorAll('input, select, button, textarea'));
    expect(controls.length).toBeGreaterThan(10);
    for (const control of controls) {
      expect(control.getAttribute('tabindex') ?? '0').not.toMatch(/^[1-9]/); // no tab-order hijacking
      if (control.matches('input[type=text], input[type=email], input[type=tel], select')) {
        expect(control.getAttribute('autocomplete'), control.id).toBeTruthy();
        expect(container.querySelector(`label[for="${control.id}"]`), control.id).toBeTruthy();
      }
    }
    const tokens = Object.fromEntries(controls.map((c) => [c.getAttribute('name'), c.getAttribute('autocomplete')]));
    expect(tokens).toMatchObject({
      first_name: 'given-name',
      last_name: 'family-name',
      email: 'email',
      phone: 'tel',
      'billing.country': 'billing country',
      'billing.address': 'billing street-address',
      'billing.postal_code': 'billing postal-code',
    });
    // Unticking "same as billing" adds a delivery address the browser fills as `shipping`.
    fireEvent.click(screen.getByLabelText('Deliver to my billing address'));
    const delivery = await screen.findAllByLabelText('Postal code');
    expect(delivery).toHaveLength(2);
    expect(delivery[1]!.getAttribute('autocomplete')).toBe('shipping postal-code');
  });

  test('axe finds no accessibility violation in the form, nor after a failed submit', async () => {
    const { container } = renderCheckout(backend);
    await screen.findByRole('heading', { name: 'Order summary' });
    const axe = (await import('axe-core')).default;
    const run = async () =>
      (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
        (v) => `${v.id}: ${v.help}`,
      );
    expect(await run()).toEqual([]);
    fireEvent.click(payButton());
    await screen.findByRole('alert');
    expect(await run()).toEqual([]);
  });

  test('the widget sets no inline style attribute anywhere (it must run under style-src without unsafe-inline)', async () => {
    const { container } = renderCheckout(backend);
    await screen.findByRole('heading', { name: 'Order summary' });
    fireEvent.click(payButton());
    await screen.findByRole('alert');
    expect(container.querySelectorAll('[style]')).toHaveLength(0);
  });

  test('a method that needs a document, a birth date or a bank shows those fields and validates them', async () => {
    renderCheckout(backend);
    await screen.findByRole('heading', { name: 'Order summary' });
    expect(screen.queryByLabelText('Document number')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Boleto' }));
    const birth = await screen.findByLabelText('Date of birth');
    fillShopper();
    fireEvent.input(birth, { target: { value: '31-02-1990' } });
    fireEvent.click(payButton());
    await waitFor(() => expect(screen.getByText('Enter a real date as DD-MM-YYYY.')).toBeTruthy());
    expect(screen.getByLabelText('Document number').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'iDEAL' }));
    const bank = await screen.findByLabelText('Bank');
    expect(Array.from((bank as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
      'Choose your bank',
      'ING',
      'Rabobank',
    ]);
    expect(screen.queryByLabelText('Document number')).toBeNull();
    expect(backend.payments()).toHaveLength(0);
  });
});

describe('locales', () => {
  test('fr-CH falls back to French messages and formats the amount the Swiss-French way', async () => {
    renderCheckout(backend, { locale: 'fr-CH' });
    expect(await screen.findByRole('heading', { name: 'Récapitulatif de la commande' })).toBeTruthy();
    expect(screen.getByLabelText('Prénom')).toBeTruthy();
    const expected = new Intl.NumberFormat('fr-CH', { style: 'currency', currency: 'USD' }).format(33);
    expect(screen.getByRole('button', { name: `Payer ${expected}` })).toBeTruthy();
  });

  test('an unknown language falls back to English', async () => {
    renderCheckout(backend, { locale: 'tlh' });
    expect(await screen.findByRole('heading', { name: 'Order summary' })).toBeTruthy();
  });

  test("without a locale option the session's locale is used, and errors come in that language", async () => {
    backend.onSession = () => ({ status: 200, body: demoSession({ locale: 'pt-BR' }) });
    renderCheckout(backend);
    expect(await screen.findByRole('heading', { name: 'Resumo do pedido' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Pagar / }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Corrija os campos destacados/);
  });

  test.each([
    ['fr', 'Votre banque a refusé le paiement.'],
    ['nl', 'Uw bank heeft de betaling geweigerd.'],
    ['ja', 'カード会社によりお支払いが承認されませんでした。'],
    ['ar', 'رفض البنك عملية الدفع.'],
  ])(
    "a gateway decline ('4000:Do not honor') reads as the bank's refusal in %s, never raw; the shop still gets the code",
    async (locale, text) => {
      backendSays('pay_9', 'declined', '4000:Do not honor', { reason: 'declined', code: '4000' });
      const { notify } = renderCheckout(backend, { locale });
      const status = await screen.findByRole('alert');
      await waitFor(() => expect(status.textContent).toContain(text));
      expect(document.body.textContent).not.toContain('Do not honor');
      expect(document.body.textContent).not.toContain('4000');
      await waitFor(() =>
        expect(notify.completed).toHaveBeenCalledWith(
          expect.objectContaining({
            outcome: 'failed',
            reason: 'declined',
            code: '4000',
            message: '4000:Do not honor',
          }),
        ),
      );
    },
  );

  test('each reason has its own words (insufficient funds is not a generic decline)', async () => {
    backendSays('pay_9', 'declined', '4001:Insufficient funds', { reason: 'insufficient_funds', code: '4001' });
    renderCheckout(backend, { locale: 'nl' });
    expect(await screen.findByText(/Het saldo op de kaart is niet toereikend/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('Insufficient funds');
  });

  test("without a locale option or a session locale, the browser's languages are tried in order (xx, nl-BE -> nl)", async () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['xx', 'nl-BE', 'fr']);
    try {
      renderCheckout(backend);
      expect(await screen.findByRole('heading', { name: 'Besteloverzicht' })).toBeTruthy();
    } finally {
      vi.restoreAllMocks();
    }
  });

  test('update() to another locale re-renders in it', async () => {
    const view = renderCheckout(backend, { locale: 'en' });
    await screen.findByRole('heading', { name: 'Order summary' });
    view.rerenderWith({ locale: 'de' });
    expect(await screen.findByRole('heading', { name: 'Bestellübersicht' })).toBeTruthy();
  });
});

describe('paying by card', () => {
  test('a double click creates one payment; the body is the contract; the card page opens in a sandboxed frame', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const onPayment = backend.onPayment;
    backend.onPayment = async (body, headers) => {
      await held; // the first request is still in flight when the second click lands
      return onPayment(body, headers);
    };
    const { notify } = renderCheckout(backend);
    await screen.findByRole('heading', { name: 'Order summary' });
    fillShopper();
    const button = payButton();
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    await waitFor(() => expect(backend.payments()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Processing…' }).getAttribute('aria-disabled')).toBe('true');
    release();

    const frame = (await screen.findByTitle('Secure card payment page')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(`${backend.url}/pay/frame/tok_1`);
    expect(frame.getAttribute('sandbox')!.split(' ').sort()).toEqual([
      'allow-forms',
      'allow-same-origin',
      'allow-scripts',
    ]);
    expect(backend.payments()).toHaveLength(1);

    const [request] = backend.payments();
    expect(request!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    const parsed = createPaymentBody.safeParse(request!.body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data).toMatchObject({
      client_secret: 'cs_test',
      method: 'card',
      shopper: { first_name: 'Ana', email: 'ana@example.com', billing: { country: 'BR', city: 'São Paulo' } },
      device: { device_fingerprint: 'fp_test_visitor' },
    });
    expect(parsed.data!.shopper.delivery).toBeUndefined(); // same as billing
    expect(notify.error).not.toHaveBeenCalled();
  });

  test('the result comes only from the backend origin; a failure offers another method with a new Idempotency-Key', async () => {
    const { notify } = renderCheckout(backend);
    await screen.findByRole('heading', { name: 'Order summary' });
    fillShopper();
    fireEvent.click(payButton());
    await screen.findByTitle('Secure card payment page');

    postResult('https://evil.example', { payment_id: 'pay_1', order_no: 'ORDER-1', status: 'paid' });
    postResult(backend.origin, { payment_id: 'pay_other', order_no: 'ORDER-1', status: 'paid' });
    expect(screen.getByTitle('Secure card payment page')).toBeTruthy();
    expect(notify.completed).not.toHaveBeenCalled();

    backendSays('pay_1', 'declined', '4000:Do not honor', { reason: 'declined', code: '4000' });
    postResult(backend.origin, {
      payment_id: 'pay_1',
      order_no: 'ORDER-1',
      status: 'declined',
      message: '4000:Do not honor',
    });
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeTruthy();
    expect(screen.getByText('Your bank declined the payment. Try another card or payment method.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Do not honor');
    expect(notify.completed).toHaveBeenCalledWith(
      expect.objectContaining({ payment_id: 'pay_1', status: 'declined', outcome: 'failed', code: '4000' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Try another method' }));
    expect(((await screen.findByLabelText('City')) as HTMLInputElement).value).toBe('São Paulo'); // details kept
    fireEvent.click(payButton());
    await waitFor(() => expect(backend.payments()).toHaveLength(2));
    const [first, second] = backend.payments();
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  });

  test('a paid result shows success and tells the shop', async () => {
    const { notify } = renderCheckout(backend);
    await screen.findByRole('heading', { name: 'Order summary' });
    fillShopper();
    fireEvent.click(payButton());
    await screen.findByTitle('Secure card payment page');
    backendSays('pay_1', 'paid');
    postResult(backend.origin, { payment_id: 'pay_1', order_no: 'ORDER-1', status: 'paid' });
    const heading = await screen.findByRole('heading', { name: 'Payment successful' });
    expect(screen.getByText('Thank you! Your payment is received.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(notify.completed).toHaveBeenCalledWith(expect.objectContaining({ outcome: 'paid', order_no: 'ORDER-1' }));
  });

  test('a forged "paid" from the backend origin is not reported: the widget shows what the backend confirms', async () => {
    const { notify } = renderCheckout(backend, {}, { intervalsMs: [20], deadlineMs: 10_000 });
    await screen.findByRole('heading', { name: 'Order summary' });
    fillShopper();
    fireEvent.click(payButton());
    await screen.findByTitle('Secure card payment page');
    backendSays('pay_1', 'pending');
    const reads = backend.requests.filter((r) => r.method === 'GET').length;
    // any script running on the backend's origin could post this; only the backend's answer counts
    postResult(backend.origin, { payment_id: 'pay_1', order_no: 'ORDER-1', status: 'paid' });
    expect(await screen.findByRole('heading', { name: 'Waiting for confirmation' })).toBeTruthy();
    expect(backend.requests.filter((r) => r.method === 'GET').length).toBeGreaterThan(reads);
    expect(screen.queryByRole('heading', { name: 'Payment successful' })).toBeNull();
    expect(notify.completed.mock.calls.map(([r]) => r.outcome)).toEqual(['pending']);
    // once the backend confirms, the shopper and the shop learn it
    backendSays('pay_1', 'paid');
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 5000 })).toBeTruthy();
    expect(notify.completed.mock.calls.map(([r]) => r.outcome)).toEqual(['pending', 'paid']);
  });

  test('"choose another method" leaves the frame for the form', async () => {
    renderCheckout(backend);
    await screen.findByRole('heading', { name: 'Order summary' });
    fillShopper();
    fireEvent.click(payButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Choose another method' }));
    expect(await screen.findByRole('group', { name: 'Payment method' })).toBeTruthy();
    expect(screen.queryByTitle('Secure card payment page')).toBeNull();
  });
});

describe('paying with an APM', () => {
  test('sends the bank, asks beforeRedirect, and stays when it says no', async () => {
    backend.onPayment = () => ({
      status: 200,
      body: { payment_id: 'pay_9', action: { type: 'redirect', url: 'https://issuer.example/pay/9' } },
    });
    const beforeRedirect = vi.fn(() => false);
    renderCheckout(backend, { beforeRedirect });
    await screen.findByRole('heading', { name: 'Order summary' });
    fireEvent.click(screen.getByRole('radio', { name: 'iDEAL' }));
    fillShopper();
    fireEvent.change(await screen.findByLabelText('Bank'), { target: { value: 'RABONL2U' } });
    fireEvent.click(payButton());
    await waitFor(() =>
      expect(beforeRedirect).toHaveBeenCalledWith({
        url: 'https://issuer.example/pay/9',
        method: 'ideal',
        payment_id: 'pay_9',
      }),
    );
    expect(backend.payments()[0]!.body).toMatchObject({ method: 'ideal', bank_code: 'RABONL2U' });
    await waitFor(() => expect(payButton().getAttribute('aria-disabled')).toBe('false'));
  });

  test('navigates the page to the issuer once beforeRedirect resolves', async () => {
    backend.onPayment = () => ({
      status: 200,
      body: { payment_id: 'pay_9', action: { type: 'redirect', url: 'https://issuer.example/pay/9' } },
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    try {
      renderCheckout(backend, { beforeRedirect: () => new Promise((r) => setTimeout(() => r(true), 10)) });
      await screen.findByRole('heading', { name: 'Order summary' });
      fireEvent.click(screen.getByRole('radio', { name: 'Boleto' }));
      fillShopper({ 'Document number': '123.456.789-09', 'Date of birth': '15-04-1990' });
      fireEvent.click(payButton());
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://issuer.example/pay/9'));
      expect(screen.getByRole('link', { name: 'Continue to Boleto' }).getAttribute('target')).toBe('_top');
      expect(backend.payments()[0]!.body).toMatchObject({
        shopper: { document: '123.456.789-09', birth_date: '15-04-1990' },
      });
    } finally {
      assign.mockRestore();
    }
  });

  test('a javascript: URL from the backend is never followed', async () => {
    backend.onPayment = () => ({
      status: 200,
      body: { payment_id: 'pay_9', action: { type: 'redirect', url: 'javascript:alert(1)' } },
    });
    const { notify } = renderCheckout(backend);
    await screen.findByRole('heading', { name: 'Order summary' });
    fillShopper();
    fireEvent.click(payButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
    expect(notify.error).toHaveBeenCalledWith(expect.objectContaining({ code: 'invalid_action' }));
  });
});

describe('errors from the backend', () => {
  test('field errors are shown at the fields they name', async () => {
    backend.onPayment = () =>
      errorReply(400, 'invalid_request', 'shopper.billing.postal_code: unknown', [
        { path: 'shopper.billing.postal_code', message: 'is not a postal code of BR' },
      ]);
    const { notify } = renderCheckout(backend);
    await screen.findByRole('heading', { name: 'Order summary' });
    fillShopper();
    fireEvent.click(payButton());
    const postal = screen.getByLabelText('Postal code');
    await waitFor(() => expect(postal.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${postal.id}-error`)?.textContent).toBe('is not a postal code of BR');
    await waitFor(() => expect(document.activeElement).toBe(postal));
    expect(notify.error).toHaveBeenCalledWith(expect.objectContaining({ code: 'invalid_request' }));
  });

  test('an already paid session reloads and shows its result', async () => {
    let paid = false;
    backend.onPayment = () => {
      paid = true;
      return errorReply(409, 'session_completed', 'already paid');
    };
    backend.onSession = () => ({
      status: 200,
      body: demoSession(paid ? { status: 'paid', payment: { payment_id: 'pay_0', status: 'paid' } } : {}),
    });
    renderCheckout(backend);
    await screen.findByRole('heading', { name: 'Order summary' });
    fillShopper();
    fireEvent.click(payButton());
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
  });

  test('onSubmit returning false stops the payment', async () => {
    const onSubmit = vi.fn(() => false);
    renderCheckout(backend, { onSubmit });
    await screen.findByRole('heading', { name: 'Order summary' });
    fillShopper();
    fireEvent.click(payButton());
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ method: 'card', shopper: expect.objectContaining({ last_name: 'Silva' }) }),
      ),
    );
    await waitFor(() => expect(payButton().getAttribute('aria-disabled')).toBe('false'));
    expect(backend.payments()).toHaveLength(0);
  });
});

describe('coming back (reload, return from the issuer)', () => {
  test('a session with a paid payment shows the result without the form and reports it', async () => {
    backend.onSession = () => ({
      status: 200,
      body: demoSession({ status: 'paid', payment: { payment_id: 'pay_5', status: 'paid' } }),
    });
    const { notify } = renderCheckout(backend);
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    await waitFor(() =>
      expect(notify.completed).toHaveBeenCalledWith(expect.objectContaining({ payment_id: 'pay_5', outcome: 'paid' })),
    );
    expect(notify.ready.mock.invocationCallOrder[0]).toBeLessThan(notify.completed.mock.invocationCallOrder[0]!);
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Payment successful' })); // no focus theft on load
  });

  test('a gateway_unavailable answer whose outcome the backend does not know shows progress, never "try again", until it settles', async () => {
    const { notify } = renderCheckout(backend, {}, { intervalsMs: [20], deadlineMs: 10_000 });
    await screen.findByRole('heading', { name: 'Order summary' });
    fillShopper();
    let reads = 0;
    backend.onPayment = () => errorReply(503, 'gateway_unavailable', 'not known yet. Do not pay again.');
    backend.onSession = () => {
      reads += 1;
      const status = reads >= 3 ? 'paid' : 'unknown';
      return { status: 200, body: demoSession({ status, payment: { payment_id: 'pay_u', status } }) };
    };
    fireEvent.click(payButton());
    // the backend's words (issue #19): being checked, do not pay again; no form error, no way to pay twice
    // (after the widget's own resends of the same attempt, which get the same answer)
    expect(await screen.findByRole('heading', { name: 'Checking your payment' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/Do not pay again\./)).toBeTruthy();
    expect(screen.queryByText('Something went wrong. Please try again.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try another method' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(notify.completed).toHaveBeenLastCalledWith(
      expect.objectContaining({ payment_id: 'pay_u', outcome: 'paid' }),
    );
  });

  test('a pending payment is polled until it settles', async () => {
    let reads = 0;
    backend.onSession = () => {
      reads += 1;
      const status = reads >= 3 ? 'paid' : 'pending';
      return { status: 200, body: demoSession({ status, payment: { payment_id: 'pay_7', status } }) };
    };
    const { notify } = renderCheckout(backend, {}, { intervalsMs: [20], deadlineMs: 10_000 });
    expect(await screen.findByRole('heading', { name: 'Waiting for confirmation' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 5000 })).toBeTruthy();
    expect(notify.completed.mock.calls.map(([r]) => r.outcome)).toEqual(['pending', 'paid']);
  });

  test("a reload during card entry shows the same payment's card page again, with a fresh link, and its result", async () => {
    backend.onSession = () => ({
      status: 200,
      body: demoSession({ status: 'pending', payment: { payment_id: 'pay_9', status: 'pending' } }),
    });
    backend.onResume = (paymentId) => ({
      status: 200,
      body: { payment_id: paymentId, action: { type: 'iframe', url: `${backend.url}/pay/frame/tok_fresh` } },
    });
    const { notify, container } = renderCheckout(backend);
    const frame = await screen.findByTitle('Secure card payment page');
    expect(frame.getAttribute('src')).toBe(`${backend.url}/pay/frame/tok_fresh`);
    // resumed, not paid again: one resume call with the secret in the body, no new payment
    const resumes = backend.requests.filter((r) => r.path.endsWith('/resume'));
    expect(resumes.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/sessions/cs_1/payments/pay_9/resume', { client_secret: 'cs_test' }],
    ]);
    expect(backend.payments()).toHaveLength(0);
    expect(container.querySelector('form.ck-form')).toBeNull();
    expect(notify.completed).not.toHaveBeenCalled();

    backendSays('pay_9', 'authorised');
    postResult(backend.origin, { payment_id: 'pay_9', order_no: 'ORDER-1', status: 'authorised' });
    expect(await screen.findByRole('heading', { name: 'Payment authorised' })).toBeTruthy();
    expect(notify.completed).toHaveBeenCalledWith(expect.objectContaining({ payment_id: 'pay_9', outcome: 'paid' }));
  });

  test('a pending payment the backend cannot reopen (an APM) waits for its outcome as before', async () => {
    backend.onSession = () => ({
      status: 200,
      body: demoSession({ status: 'pending', payment: { payment_id: 'pay_10', status: 'pending' } }),
    });
    const { notify } = renderCheckout(backend, {}, { intervalsMs: [20], deadlineMs: 10_000 });
    expect(await screen.findByRole('heading', { name: 'Waiting for confirmation' })).toBeTruthy();
    expect(screen.queryByTitle('Secure card payment page')).toBeNull();
    expect(backend.requests.filter((r) => r.path.endsWith('/pay_10/resume'))).toHaveLength(1);
    expect(notify.completed).toHaveBeenCalledWith(
      expect.objectContaining({ payment_id: 'pay_10', outcome: 'pending' }),
    );
  });

  test('a payment in review is not reopened', async () => {
    backend.onSession = () => ({
      status: 200,
      body: demoSession({ status: 'review', payment: { payment_id: 'pay_11', status: 'review' } }),
    });
    renderCheckout(backend, {}, { intervalsMs: [20], deadlineMs: 10_000 });
    expect(await screen.findByRole('heading', { name: 'Waiting for confirmation' })).toBeTruthy();
    expect(backend.requests.filter((r) => r.path.endsWith('/resume'))).toHaveLength(0);
  });

  test('a payment still pending when waiting gives up offers another method', async () => {
    backend.onSession = () => ({
      status: 200,
      body: demoSession({ status: 'pending', payment: { payment_id: 'pay_8', status: 'pending' } }),
    });
    renderCheckout(backend, {}, { intervalsMs: [20], deadlineMs: 100 });
    fireEvent.click(await screen.findByRole('button', { name: 'Try another method' }, { timeout: 5000 }));
    expect(await screen.findByRole('group', { name: 'Payment method' })).toBeTruthy();
  });
});

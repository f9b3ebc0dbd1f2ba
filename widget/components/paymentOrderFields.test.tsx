// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import { createPaymentBody } from '../../shared/contract/payment';
import type { PaymentMethodView } from '../../shared/contract/session';
import { demoSession, startFakeBackend, type FakeBackend } from '../testing/fakeBackend';
import { fillShopper } from '../testing/fillShopper';
import { renderCheckout } from '../testing/renderCheckout';

let backend: FakeBackend | undefined;
afterEach(async () => {
  cleanup();
  // the form is kept per session in the tab (keptForm.ts): each test starts from an empty one
  sessionStorage.clear();
  document.cookie = 'rsk_token=; Path=/; Max-Age=0';
  await backend?.close();
});

const payButton = () => screen.getByRole('button', { name: /^Pay / });

const CARD: PaymentMethodView = {
  id: 'card',
  kind: 'card',
  label: 'Card',
  fields: [],
  installments: [3, 6, 12],
  saved_cards: [{ id: 'card_a', label: 'Visa •••• 4242' }, { id: 'card_b' }],
  save_card: true,
};
const BOLETO: PaymentMethodView = {
  id: 'boleto',
  kind: 'apm',
  label: 'Boleto',
  payment_method: 'BOLETO',
  fields: ['person'],
};

async function open(
  methods: PaymentMethodView[],
  extra: Parameters<typeof demoSession>[0] = {},
  options: Parameters<typeof renderCheckout>[1] = {},
) {
  backend = await startFakeBackend(demoSession({ methods, ...extra }));
  const view = renderCheckout(backend, options);
  await screen.findByRole('heading', { name: 'Order summary' });
  return view;
}

async function paidBody() {
  await waitFor(() => expect(backend!.payments()).toHaveLength(1));
  const parsed = createPaymentBody.safeParse(backend!.payments()[0]!.body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return parsed.data!;
}

describe('subscription terms', () => {
  test('a session that starts a subscription shows what it charges, how often, how many times and when', async () => {
    await open([CARD], {
      subscription: {
        contract_name: 'Coffee club',
        contract_amount: '33.00',
        interval: 'month',
        interval_count: 3,
        billing_cycle: 4,
        contract_start: '2025-01-01',
        contract_end: '2025-12-31',
      },
    });
    expect(screen.getByRole('heading', { name: 'Subscription' })).toBeTruthy();
    const terms = screen.getByText('Coffee club').closest('p')!.textContent!;
    expect(terms).toContain('$33.00 every 3 months');
    expect(terms).toContain('4 payments');
    expect(terms).toContain('from Jan 1, 2025');
    expect(terms).toContain('until Dec 31, 2025');
  });

  test('a one-off payment shows no subscription', async () => {
    await open([CARD]);
    expect(screen.queryByRole('heading', { name: 'Subscription' })).toBeNull();
  });
});

describe('card choices', () => {
  test('installments, "save my card" and the device data that depends on the page reach the payment body', async () => {
    document.cookie = 'rsk_token=scr-9; Path=/';
    await open([CARD], {}, { screeningCookie: 'rsk_token' });
    const installments = screen.getByLabelText('Installments') as HTMLSelectElement;
    expect(Array.from(installments.options).map((o) => o.textContent)).toEqual([
      'Pay in full',
      '3 installments',
      '6 installments',
      '12 installments',
    ]);
    fillShopper();
    fireEvent.change(installments, { target: { value: '6' } });
    // the card paid with last is preselected; "save my card" is for a new one
    fireEvent.click(screen.getByRole('radio', { name: 'A new card' }));
    fireEvent.click(screen.getByLabelText('Save my card for next time'));
    fireEvent.click(payButton());
    const body = await paidBody();
    expect(body).toMatchObject({ method: 'card', installments: 6, save_card: true });
    expect(body).not.toHaveProperty('saved_card');
    expect(body.device.screening_token_cookie).toBe('scr-9');
    expect(body.device.challenge_window_size).toMatch(/^0[1-5]$/);
  });

  test('each installment choice shows the amount of one instalment, and the total where interest adds to it', async () => {
    await open([
      {
        ...CARD,
        installments: [3, 6],
        installment_terms: [
          { count: 3, each: '11.00', total: '33.00' },
          { count: 6, each: '5.61', total: '33.66' },
        ],
      },
    ]);
    const installments = screen.getByLabelText('Installments') as HTMLSelectElement;
    expect(Array.from(installments.options).map((o) => o.textContent)).toEqual([
      'Pay in full',
      '3 × $11.00',
      '6 × $5.61 (total $33.66, with interest)',
    ]);
  });

  test('a saved card is chosen by our id; "save my card" disappears for it; paying in full sends no installments', async () => {
    await open([CARD]);
    const saved = screen.getByRole('group', { name: 'Pay with' });
    expect(Array.from(saved.querySelectorAll('label')).map((o) => o.textContent)).toEqual([
      'Visa •••• 4242',
      'Saved card',
      'A new card',
    ]);
    fillShopper();
    fireEvent.click(screen.getByRole('radio', { name: 'A new card' }));
    expect(screen.getByLabelText('Save my card for next time')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Visa •••• 4242' }));
    await waitFor(() => expect(screen.queryByLabelText('Save my card for next time')).toBeNull());
    fireEvent.click(payButton());
    const body = await paidBody();
    expect(body).toMatchObject({ saved_card: 'card_a' });
    expect(body).not.toHaveProperty('installments');
    expect(body).not.toHaveProperty('save_card');
    expect(body.device).not.toHaveProperty('screening_token_cookie');
  });

  test('a card without those offers shows none of them; an APM never sends them', async () => {
    await open([
      { id: 'card', kind: 'card', label: 'Card', fields: [] },
      { id: 'pix', kind: 'apm', label: 'Pix', payment_method: 'PIX', fields: [] },
    ]);
    expect(screen.queryByLabelText('Installments')).toBeNull();
    expect(screen.queryByLabelText('Save my card for next time')).toBeNull();
    fillShopper();
    fireEvent.click(screen.getByRole('radio', { name: 'Pix' }));
    fireEvent.click(payButton());
    const body = await paidBody();
    for (const field of ['installments', 'saved_card', 'save_card'] as const) expect(body).not.toHaveProperty(field);
  });
});

describe("the payer's person, for APMs that need it", () => {
  test('asks for the document, its type, the street number and district, and sends them as the contract says', async () => {
    await open([BOLETO]);
    fillShopper();
    fireEvent.click(payButton());
    await waitFor(() => expect(screen.getByLabelText('Document type').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('District').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Document number').getAttribute('aria-invalid')).toBe('true');
    expect(backend!.payments()).toHaveLength(0);

    fillShopper({
      'Document number': '123.456.789-09',
      'Document type': 'CPF',
      Number: '1500',
      District: 'Consolação',
      'Monthly income (optional)': '8000.00',
    });
    fireEvent.click(payButton());
    const body = await paidBody();
    expect(body.shopper).toMatchObject({
      document: '123.456.789-09',
      person: { document_type: 'CPF', net_monthly_average_income: '8000.00' },
      billing: { number: '1500', district: 'Consolação' },
    });
  });

  test('axe finds no accessibility violation with the card choices and the person fields', async () => {
    const { container } = await open([CARD, BOLETO], {
      subscription: { contract_name: 'Club', contract_amount: '33.00', interval: 'month', interval_count: 1 },
    });
    const axe = (await import('axe-core')).default;
    const run = async () =>
      (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
        (v) => `${v.id}: ${v.help}`,
      );
    expect(await run()).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: 'Boleto' }));
    await screen.findByLabelText('Document type');
    expect(await run()).toEqual([]);
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createAdminApi } from '../api/client';
import { stubFetch } from '../testing/stubFetch';
import { PayoutForm } from './PayoutForm';

beforeEach(() => {
  location.hash = '#/payouts/new';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fill(label: RegExp | string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

/** For labels that repeat across sections (the beneficiary's and the payer's "First name"). */
function fillPath(path: string, value: string) {
  fireEvent.input(document.getElementById(`f-${path.replace(/\./g, '-')}`)!, { target: { value } });
}

function fillValidPayout() {
  fill(/^Amount/, '250.00');
  fill(/^Currency/, 'EUR');
  fillPath('beneficiary.first_name', 'Ana');
  fillPath('beneficiary.last_name', 'Silva');
  fill('IBAN', 'DE89 3704 0044 0532 0130 00');
}

const REVIEW = {
  currency: 'EUR',
  amount: '250.00',
  recipient: { name: 'Ana Silva', account: 'DE89370400440532013000' },
  fee: '2.25',
  fee_paid_by: 'PAYER',
  fee_estimated: true,
  fee_rule: '0.5 % of the amount + 1.00 EUR',
  total: '252.25',
  recipient_gets: '250.00',
};

/** Review, then "Send payout" in the review. */
async function reviewAndSend() {
  fireEvent.click(screen.getByRole('button', { name: 'Review payout' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Send payout' }));
}

const envelope400 = {
  status: 400,
  body: {
    error: {
      code: 'invalid_request',
      message: 'beneficiary.bank_details.iban: is not a valid IBAN (and 1 more)',
      fields: [
        { path: 'beneficiary.bank_details.iban', message: 'is not a valid IBAN' },
        { path: 'payer.address.country_code', message: 'must be a two-letter ISO 3166 country code' },
      ],
    },
  },
};

test('field errors of a 400 envelope land on their inputs and in a summary', async () => {
  const { seen } = stubFetch((req) => (req.path === '/admin/api/payouts/review' ? envelope400 : undefined));
  render(<PayoutForm api={createAdminApi()} />);
  fillValidPayout();
  fireEvent.click(screen.getByRole('button', { name: 'Review payout' }));

  const iban = screen.getByLabelText('IBAN');
  await waitFor(() => expect(iban.getAttribute('aria-invalid')).toBe('true'));
  const described = document.getElementById(iban.getAttribute('aria-describedby')!.split(' ').at(-1)!);
  expect(described?.textContent).toBe('is not a valid IBAN');
  // The error inside a folded section opens it and marks its field.
  const payerCountry = document.getElementById('f-payer-address-country_code')!;
  expect(payerCountry.getAttribute('aria-invalid')).toBe('true');
  expect(payerCountry.closest('details')?.open).toBe(true);
  const summary = screen.getByRole('alert');
  // the form's labels, not the API's field names (issue #32)
  expect(summary.textContent).toContain('IBAN (Beneficiary bank details): is not a valid IBAN');
  expect(summary.textContent).toContain('Country (Payer address and registration): must be a two-letter');
  expect(summary.textContent).not.toMatch(/bank_details|country_code/);
  // Fields without an error stay valid.
  expect(screen.getByLabelText(/^Amount/).getAttribute('aria-invalid')).toBeNull();

  // The body was nested by path, carried no empty fields and no envelope fields.
  const body = seen[0]!.body;
  expect(body).toMatchObject({
    payment_amount: '250.00',
    payment_currency: 'EUR',
    payment_method: 'SWIFT',
    beneficiary: { first_name: 'Ana', last_name: 'Silva', bank_details: { iban: 'DE89 3704 0044 0532 0130 00' } },
  });
  expect(body).not.toHaveProperty('merchant_id');
  expect(body).not.toHaveProperty('request_id');
  expect(body.beneficiary).not.toHaveProperty('company_name');
});

test('a retry of the same form reuses its Idempotency-Key; a changed form gets a new one', async () => {
  const { seen } = stubFetch((req) =>
    req.path === '/admin/api/payouts/review'
      ? { body: REVIEW }
      : { status: 503, body: { error: { code: 'gateway_unavailable', message: 'The gateway did not answer' } } },
  );
  render(<PayoutForm api={createAdminApi()} />);
  fillValidPayout();
  await reviewAndSend();
  await screen.findByText('The gateway did not answer');
  await reviewAndSend();
  const sends = () => seen.filter((r) => r.path === '/admin/api/payouts');
  await waitFor(() => expect(sends()).toHaveLength(2));
  fill('Reference', 'INV-9');
  await waitFor(() =>
    expect((screen.getByRole('button', { name: /Review payout|Checking/ }) as HTMLButtonElement).disabled).toBe(false),
  );
  await reviewAndSend();
  await waitFor(() => expect(sends()).toHaveLength(3));

  const keys = sends().map((r) => r.headers.get('idempotency-key'));
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).not.toBe(keys[0]);
});

test('nothing is sent before the review: amount, recipient, the estimated fee and the total, then Send payout (#32)', async () => {
  const { seen } = stubFetch((req) =>
    req.path === '/admin/api/payouts/review' ? { body: REVIEW } : { body: { id: 'po_1', request_id: 'r' } },
  );
  render(<PayoutForm api={createAdminApi()} />);
  fillValidPayout();
  fireEvent.click(screen.getByRole('button', { name: 'Review payout' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog.textContent).toContain('Send 250.00 EUR to Ana Silva?');
  expect(dialog.textContent).toContain('Amount250.00 EUR');
  expect(dialog.textContent).toContain('RecipientAna Silva DE89370400440532013000');
  expect(dialog.textContent).toContain(
    'Fee (estimated)2.25 EUR, paid by you (0.5 % of the amount + 1.00 EUR; the gateway states the exact fee once the payout is made)',
  );
  expect(dialog.textContent).toContain('Total252.25 EUR from your balance; the recipient gets 250.00 EUR');
  // the review was asked with the form's body, and nothing was sent
  expect(seen.map((r) => r.path)).toEqual(['/admin/api/payouts/review']);
  expect(seen[0]!.body).toMatchObject({ payment_amount: '250.00', payment_currency: 'EUR' });
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(seen.filter((r) => r.path === '/admin/api/payouts')).toEqual([]);
  await reviewAndSend();
  await waitFor(() => expect(location.hash).toBe('#/payouts/po_1'));
  expect(seen.filter((r) => r.path === '/admin/api/payouts')).toHaveLength(1);
});

test('an amount in the wrong format is caught before anything is sent', async () => {
  const { seen } = stubFetch(() => undefined);
  render(<PayoutForm api={createAdminApi()} />);
  fillValidPayout();
  fill(/^Amount/, '250.5');
  fireEvent.click(screen.getByRole('button', { name: 'Review payout' }));

  const amount = screen.getByLabelText(/^Amount/);
  await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getByRole('alert').textContent).toContain('Amount (Payment): must have exactly the decimals of EUR');
  expect(screen.getByRole('alert').textContent).not.toContain('payment_amount');
  expect(seen).toHaveLength(0);
});

test('a created payout opens its detail page', async () => {
  stubFetch((req) =>
    req.path === '/admin/api/payouts/review'
      ? { body: REVIEW }
      : { body: { id: 'po_1', request_id: 'r', status: 'PROCESSING' } },
  );
  render(<PayoutForm api={createAdminApi()} />);
  fillValidPayout();
  await reviewAndSend();
  await waitFor(() => expect(location.hash).toBe('#/payouts/po_1'));
});

test("a payout without an account is refused on the page by the server's own rule", async () => {
  const { seen } = stubFetch(() => undefined);
  render(<PayoutForm api={createAdminApi()} />);
  fill(/^Amount/, '250.00');
  fill(/^Currency/, 'EUR');
  fillPath('beneficiary.company_name', 'Fornecedor Ltda');
  fireEvent.click(screen.getByRole('button', { name: 'Review payout' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('which bank account receives the money'));
  expect(seen).toHaveLength(0);
});

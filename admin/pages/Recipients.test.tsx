// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createAdminApi } from '../api/client';
import { stubFetch } from '../testing/stubFetch';
import { Recipients } from './Recipients';

beforeEach(() => {
  location.hash = '#/recipients';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saved = {
  id: 'rc_1',
  name: 'Fornecedor GmbH',
  payment_method: 'SEPA',
  beneficiary: { entity_type: 'COMPANY', company_name: 'Fornecedor GmbH', bank_details: { iban: '***3000' } },
  archived: false,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

function fill(label: RegExp | string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}
const choose = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

test('the form shows only the fields the recipient kind needs, in words', async () => {
  stubFetch((req) => (req.path === '/admin/api/recipients' ? { body: { recipients: [] } } : undefined));
  render(<Recipients api={createAdminApi()} />);
  await screen.findByText(/No recipients yet/);
  expect(screen.getByLabelText(/^Company name/)).toBeTruthy();
  expect(screen.queryByLabelText(/^First name/)).toBeNull();
  // no country yet: no bank fields
  expect(screen.queryByLabelText(/^IBAN/)).toBeNull();
  fill(/^Country/, 'US');
  choose(/^How the money is sent/, 'ACH');
  expect(screen.getByLabelText(/^Account number/)).toBeTruthy();
  expect(screen.getByLabelText(/^Bank code/)).toBeTruthy();
  expect(screen.queryByLabelText(/^IBAN/)).toBeNull();
  choose(/^Who is paid/, 'PERSONAL');
  expect(screen.getByLabelText(/^First name/)).toBeTruthy();
  expect(screen.queryByLabelText(/^Company name/)).toBeNull();
  fill(/^Country/, 'DE');
  choose(/^How the money is sent/, 'SEPA');
  expect(screen.getByLabelText(/^IBAN/)).toBeTruthy();
  expect(screen.queryByLabelText(/^Account number/)).toBeNull();
});

test('a recipient missing bank details is refused on the page, naming the fields in words', async () => {
  const { seen } = stubFetch((req) => {
    if (req.path !== '/admin/api/recipients') return undefined;
    return req.method === 'POST'
      ? { status: 201, body: { ...saved, ...req.body, id: 'rc_2' } }
      : { body: { recipients: [] } };
  });
  render(<Recipients api={createAdminApi()} />);
  await screen.findByText(/No recipients yet/);
  fill(/^Name in your list/, 'Acme');
  fill(/^Company name/, 'Acme Inc');
  fill(/^Country/, 'US');
  choose(/^How the money is sent/, 'ACH');
  fill(/^Account number/, '12345678');
  fireEvent.click(screen.getByRole('button', { name: 'Save recipient' }));
  const summary = await screen.findByRole('alert');
  expect(summary.textContent).toContain('Bank code: is required');
  expect(summary.textContent).not.toContain('beneficiary.bank_details');
  expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);

  fill(/^Bank code/, '021000021');
  fireEvent.click(screen.getByRole('button', { name: 'Save recipient' }));
  await waitFor(() => expect(seen.filter((r) => r.method === 'POST')).toHaveLength(1));
  expect(seen.find((r) => r.method === 'POST')!.body).toEqual({
    name: 'Acme',
    payment_method: 'ACH',
    beneficiary: {
      entity_type: 'COMPANY',
      company_name: 'Acme Inc',
      address: { country_code: 'US' },
      bank_details: { account_number: '12345678', bank_code: '021000021', bank_country_code: 'US' },
    },
  });
  expect(await screen.findByRole('button', { name: 'Pay Acme' })).toBeTruthy();
});

test('"Pay" on a recipient is reviewed first (fee, total), then sends three fields under one Idempotency-Key (#32)', async () => {
  const { seen } = stubFetch((req) => {
    if (req.path === '/admin/api/recipients') return { body: { recipients: [saved] } };
    if (req.path === '/admin/api/payouts/review' && req.body.amount === '1.5')
      return {
        status: 400,
        body: {
          error: {
            code: 'invalid_request',
            message: 'amount: must have 2 decimals',
            fields: [{ path: 'amount', message: 'must have 2 decimals' }],
          },
        },
      };
    if (req.path === '/admin/api/payouts/review')
      return {
        body: {
          currency: 'EUR',
          amount: '250.00',
          recipient: { name: 'Fornecedor GmbH', account: 'DE89370400440532013000' },
          fee: '2.25',
          fee_paid_by: 'PAYER',
          fee_estimated: true,
          fee_rule: '0.5 % of the amount + 1.00 EUR',
          total: '252.25',
          recipient_gets: '250.00',
        },
      };
    if (req.path === '/admin/api/payouts') return { status: 201, body: { id: 'po_9', status: 'COMPLETED' } };
    return undefined;
  });
  render(<Recipients api={createAdminApi()} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Pay Fornecedor GmbH' }));
  const form = screen.getByRole('form', { name: 'Pay Fornecedor GmbH' });
  fill(/^Amount/, '1.5');
  fill(/^Currency/, 'eur');
  fireEvent.click(within(form).getByRole('button', { name: 'Review payout' }));
  await waitFor(() => expect(screen.getByLabelText(/^Amount/).getAttribute('aria-invalid')).toBe('true'));
  fill(/^Amount/, '250.00');
  fill(/^Reference/, 'INV-42');
  fireEvent.click(within(form).getByRole('button', { name: 'Review payout' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog.textContent).toContain('Send 250.00 EUR to Fornecedor GmbH?');
  expect(dialog.textContent).toContain('Total252.25 EUR');
  expect(seen.filter((r) => r.path === '/admin/api/payouts')).toEqual([]);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send payout' }));
  await waitFor(() => expect(location.hash).toBe('#/payouts/po_9'));
  const payouts = seen.filter((r) => r.path === '/admin/api/payouts');
  expect(payouts).toHaveLength(1);
  expect(payouts[0]!.body).toEqual({
    recipient_id: 'rc_1',
    amount: '250.00',
    currency: 'EUR',
    reference: 'INV-42',
  });
  expect(payouts[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
});

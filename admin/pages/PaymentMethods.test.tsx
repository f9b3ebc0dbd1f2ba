// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import { createAdminApi, type PaymentMethod } from '../api/client';
import { stubFetch } from '../testing/stubFetch';
import { PaymentMethods } from './PaymentMethods';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const METHODS: PaymentMethod[] = [
  {
    id: 'card',
    kind: 'card',
    labels: { en: 'Card', fr: 'Carte' },
    enabled: true,
    sort: 0,
    countries: [],
    currencies: [],
    fields: [],
    open3d: 'do3DS',
  },
  {
    id: 'pix',
    kind: 'apm',
    payment_method: 'PIX',
    labels: { en: 'PIX' },
    enabled: true,
    sort: 1,
    countries: ['BR'],
    currencies: ['BRL'],
    fields: [],
  },
  {
    id: 'boleto',
    kind: 'apm',
    payment_method: 'BOLETO',
    labels: { en: 'Boleto' },
    enabled: false,
    sort: 2,
    countries: ['BR'],
    currencies: ['BRL'],
    fields: ['document'],
  },
];

function backend(onPut?: (methods: PaymentMethod[]) => { status?: number; body?: unknown }) {
  return stubFetch((req) => {
    if (req.path !== '/admin/api/payment-methods') return undefined;
    if (req.method === 'GET') return { body: { methods: METHODS } };
    return onPut ? onPut(req.body.methods) : { body: req.body };
  });
}

function preview() {
  return within(screen.getByRole('region', { name: 'Preview' }));
}

test('enabling, reordering and limits show in the preview before saving, and save as one list', async () => {
  const { seen } = backend();
  render(<PaymentMethods api={createAdminApi()} />);
  await screen.findByRole('button', { name: 'Move PIX up' });
  expect(
    preview()
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Card', 'PIX']);

  fireEvent.click(document.getElementById('f-methods-2-enabled')!);
  fireEvent.click(screen.getByRole('button', { name: 'Move Boleto up' }));
  expect(document.activeElement?.id).toBe('move-up-boleto');
  expect(
    preview()
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Card', 'Boleto (asks for document)', 'PIX']);

  fireEvent.input(screen.getByLabelText(/Minimum amount/, { selector: '#f-methods-1-min_amount' }), {
    target: { value: '500.00' },
  });
  expect(
    preview()
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Card', 'PIX']);

  fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
  await screen.findByText(/Saved\./);
  const put = seen.find((r) => r.method === 'PUT')!;
  expect(put.body.methods.map((m: PaymentMethod) => [m.id, m.sort, m.enabled])).toEqual([
    ['card', 0, true],
    ['boleto', 1, true],
    ['pix', 2, true],
  ]);
  expect(put.body.methods[1]).toMatchObject({ min_amount: '500.00', fields: ['document'], payment_method: 'BOLETO' });
});

test('bad input is caught before saving; the backend’s field errors land on their inputs', async () => {
  const { seen } = backend(() => ({
    status: 400,
    body: {
      error: {
        code: 'invalid_request',
        message: 'x',
        fields: [{ path: 'methods.1.currencies.0', message: 'is not enabled on the gateway account' }],
      },
    },
  }));
  render(<PaymentMethods api={createAdminApi()} />);
  const countries = await screen.findByLabelText('Countries', { selector: '#f-methods-1-countries' });

  fireEvent.input(countries, { target: { value: 'BRA' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
  await waitFor(() => expect(countries.getAttribute('aria-invalid')).toBe('true'));
  expect(seen.some((r) => r.method === 'PUT')).toBe(false);

  fireEvent.input(countries, { target: { value: 'BR' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
  const currencies = screen.getByLabelText('Currencies', { selector: '#f-methods-1-currencies' });
  await waitFor(() => expect(currencies.getAttribute('aria-invalid')).toBe('true'));
  expect(document.getElementById('f-methods-1-currencies-error')?.textContent).toBe(
    'is not enabled on the gateway account',
  );
  expect(countries.getAttribute('aria-invalid')).toBeNull();
});

test('labels can be given per locale, including a new one', async () => {
  const { seen } = backend();
  render(<PaymentMethods api={createAdminApi()} />);
  await screen.findByRole('button', { name: 'Move PIX up' });
  fireEvent.input(screen.getByLabelText('New label language'), { target: { value: 'pt' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add language' }));
  fireEvent.input(document.getElementById('f-methods-2-labels-pt')!, { target: { value: 'Boleto bancário' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
  await screen.findByText(/Saved\./);
  expect(seen.find((r) => r.method === 'PUT')!.body.methods[2].labels).toEqual({ en: 'Boleto', pt: 'Boleto bancário' });
});

test("the backend's errors name the method and the field in words, not methods.0.max_amount", async () => {
  backend(() => ({
    status: 400,
    body: {
      error: {
        code: 'invalid_request',
        message: 'x',
        fields: [{ path: 'methods.0.max_amount', message: 'must not be less than min_amount' }],
      },
    },
  }));
  render(<PaymentMethods api={createAdminApi()} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Save payment methods' }));
  const summary = await screen.findByText(/must not be less than min_amount/, { selector: '.error-summary button' });
  expect(summary.textContent).toBe('Card: maximum amount: must not be less than min_amount');
});

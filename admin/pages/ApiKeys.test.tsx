// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { App } from '../App';
import { stubFetch } from '../testing/stubFetch';

const KEY = 'ck_finance_Ab12Cd34EfGhIjKlMnOpQrStUvWxYz012345ABCD';
const listed = (revoked: boolean) => ({
  id: 'key_1',
  name: 'month-end script',
  role: 'finance',
  prefix: 'ck_finance_Ab12Cd34',
  created_at: '2025-06-01T10:00:00Z',
  created_by: 'user:owner@shop.example',
  last_used_at: null,
  revoked_at: revoked ? '2025-06-02T10:00:00Z' : null,
  revoked_by: revoked ? 'user:owner@shop.example' : null,
});

beforeEach(() => {
  sessionStorage.setItem('admin_token', 'tok');
  location.hash = '#/keys';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('creates a key shown once with a copy button, lists it by prefix, and revokes it after a confirmation', async () => {
  let keys: unknown[] = [];
  const writeText = vi.fn(async () => {});
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  const { seen } = stubFetch((req) => {
    if (req.path === '/admin/api/settings/support-refund-limit') return { body: { limits: [] } };
    if (req.path === '/admin/api/settings/double-payment-refund') return { body: { auto: false, delay_minutes: 0 } };
    if (req.path === '/admin/api/keys' && req.method === 'GET') return { body: { keys } };
    if (req.path === '/admin/api/keys' && req.method === 'POST') {
      keys = [listed(false)];
      return { status: 201, body: { ...listed(false), key: KEY } };
    }
    if (req.path === '/admin/api/keys/key_1' && req.method === 'DELETE') {
      keys = [listed(true)];
      return { body: listed(true) };
    }
    return undefined;
  });
  render(<App />);
  expect(await screen.findByText('No API keys yet.')).toBeTruthy();

  fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'month-end script' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
  const shown = (await screen.findByLabelText('The new key')) as HTMLInputElement;
  expect(shown.value).toBe(KEY);
  expect(seen.find((r) => r.method === 'POST')!.body).toEqual({ name: 'month-end script', role: 'finance' });
  fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith(KEY));
  expect(await screen.findByText('Copied.')).toBeTruthy();
  expect(screen.getByText('ck_finance_Ab12Cd34…')).toBeTruthy();

  // gone once dismissed: it is never shown again
  fireEvent.click(screen.getByRole('button', { name: 'Done' }));
  expect(screen.queryByLabelText('The new key')).toBeNull();
  expect(document.body.textContent).not.toContain(KEY);

  fireEvent.click(screen.getByRole('button', { name: 'Revoke ck_finance_Ab12Cd34' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
  expect(await screen.findByText(/by user:owner@shop\.example/)).toBeTruthy();
  expect(seen.some((r) => r.method === 'DELETE' && r.path === '/admin/api/keys/key_1')).toBe(true);
});

test("shows the server's field errors, and saves the support refund limits", async () => {
  const { seen } = stubFetch((req) => {
    if (req.path === '/admin/api/keys' && req.method === 'GET') return { body: { keys: [] } };
    if (req.path === '/admin/api/keys')
      return {
        status: 400,
        body: {
          error: {
            code: 'invalid_request',
            message: 'invalid',
            fields: [{ path: 'name', message: 'must not be empty' }],
          },
        },
      };
    if (req.path === '/admin/api/settings/support-refund-limit')
      return { body: req.method === 'PUT' ? req.body : { limits: [{ currency: 'USD', amount: '50.00' }] } };
    if (req.path === '/admin/api/settings/double-payment-refund') return { body: { auto: false, delay_minutes: 0 } };
    return undefined;
  });
  render(<App />);
  fireEvent.input(await screen.findByLabelText('Name'), { target: { value: ' ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
  expect((await screen.findByRole('alert')).textContent).toBe('name: must not be empty');

  expect(((await screen.findByLabelText('Most per refund')) as HTMLInputElement).value).toBe('50.00');
  fireEvent.click(screen.getByRole('button', { name: 'Add a currency' }));
  const currencies = screen.getAllByLabelText('Currency');
  fireEvent.input(currencies[1]!, { target: { value: 'eur' } });
  fireEvent.input(screen.getAllByLabelText('Most per refund')[1]!, { target: { value: '40.00' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
  expect(await screen.findByText('Saved.')).toBeTruthy();
  expect(seen.find((r) => r.method === 'PUT')!.body).toEqual({
    limits: [
      { currency: 'USD', amount: '50.00' },
      { currency: 'EUR', amount: '40.00' },
    ],
  });
});

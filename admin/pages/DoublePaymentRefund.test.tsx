// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { permissionsOf } from '../../shared/contract/roles';
import { startBackend, type Backend } from '../../server/testing/startBackend';
import { App } from '../App';
import { stubFetch } from '../testing/stubFetch';

/**
 * Issue #35: the owner's setting that refunds the extra payment of a double payment automatically, on the API keys
 * page. The setting's calls go to a real backend (in this process, with the owner's admin token), so what is saved
 * and the field errors are the backend's own; the rest of the page is stubbed as its neighbours do.
 */
const SETTING = '/admin/api/settings/double-payment-refund';
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, 60_000);
afterAll(async () => {
  await backend?.close();
});
beforeEach(() => {
  location.hash = '#/keys';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The backend's answer to the setting's call, as the owner's browser would get it. */
async function toBackend(method: string, body: unknown) {
  const res = await backend.app.request(SETTING, {
    method,
    headers: { Authorization: `Bearer ${backend.config.adminToken}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

function owner() {
  return stubFetch((req) => {
    if (req.path === SETTING) return toBackend(req.method, req.body);
    if (req.path === '/admin/api/keys') return { body: { keys: [] } };
    if (req.path === '/admin/api/settings/support-refund-limit') return { body: { limits: [] } };
    return undefined;
  });
}

test('the owner turns it on with 30 minutes and the backend has it; turned off again, it is off', async () => {
  owner();
  render(<App />);
  const off = (await screen.findByLabelText(/Off: I refund it from the order/)) as HTMLInputElement;
  expect(off.checked).toBe(true);
  fireEvent.click(screen.getByLabelText(/On: refund it automatically/));
  fireEvent.input(screen.getByLabelText(/Minutes after it is found/), { target: { value: '30' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save double payment refund' }));
  expect(await screen.findByText('Saved.')).toBeTruthy();
  expect((await toBackend('GET', undefined)).body).toEqual({ auto: true, delay_minutes: 30 });

  fireEvent.click(screen.getByLabelText(/Off: I refund it from the order/));
  fireEvent.click(screen.getByRole('button', { name: 'Save double payment refund' }));
  await vi.waitFor(async () =>
    expect((await toBackend('GET', undefined)).body).toEqual({ auto: false, delay_minutes: 30 }),
  );
});

test("a bad number of minutes shows the backend's error naming the field, and nothing changes", async () => {
  owner();
  render(<App />);
  fireEvent.click(await screen.findByLabelText(/On: refund it automatically/));
  const minutes = screen.getByLabelText(/Minutes after it is found/);
  fireEvent.input(minutes, { target: { value: '-5' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save double payment refund' }));
  expect((await screen.findByRole('alert')).textContent).toBe('delay_minutes: must be 0 or more');

  fireEvent.input(minutes, { target: { value: 'half an hour' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save double payment refund' }));
  await vi.waitFor(() =>
    expect(screen.getByRole('alert').textContent).toBe('delay_minutes: must be a whole number of minutes'),
  );
  expect((await toBackend('GET', undefined)).body).toMatchObject({ auto: false });
});

test('a non-owner does not see the setting, and the page never asks for it', async () => {
  const { seen } = stubFetch((req) => {
    if (req.path === '/admin/api/me')
      return {
        body: { kind: 'user', label: 'finance@shop.example', role: 'finance', permissions: permissionsOf('finance') },
      };
    return { body: {} };
  });
  render(<App />);
  expect(await screen.findByText("You don't have access to this page")).toBeTruthy();
  expect(screen.getByText(/your role: finance\). Ask an owner/)).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'API keys' })).toBeNull();
  expect(screen.queryByText('Refund a double payment')).toBeNull();
  expect(seen.some((r) => r.path === SETTING)).toBe(false);
});

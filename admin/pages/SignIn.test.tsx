// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { App } from '../App';
import { order, pageOf, type SeenRequest, stubFetch } from '../testing/stubFetch';
import { permissionsOf } from '../../shared/contract/roles';

const PASSWORD = 'a long enough password';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  location.hash = '#/orders';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = (role: string, permissions: string[]) => ({
  kind: 'user',
  label: 'ann@shop.test',
  role,
  permissions,
  totp_enabled: false,
  enrolment_required: false,
});
const OWNER = permissionsOf('owner');
const SUPPORT = permissionsOf('support');

/** A backend with one person; `signedIn` is what its cookie says, as the browser would carry it. */
function backend(opts: { role?: string; permissions?: string[]; totp?: boolean } = {}) {
  let signedIn = false;
  const answer = me(opts.role ?? 'owner', opts.permissions ?? OWNER);
  return stubFetch((req: SeenRequest) => {
    if (req.path === '/admin/api/sign-in') {
      if (req.body.password !== PASSWORD)
        return { status: 401, body: { error: { code: 'unauthorized', message: 'no' } } };
      if (opts.totp && req.body.code !== '123456')
        return {
          status: 401,
          body: { error: { code: req.body.code ? 'unauthorized' : 'code_required', message: 'code' } },
        };
      signedIn = true;
      return { body: answer };
    }
    if (req.path === '/admin/api/sign-out') {
      signedIn = false;
      return { status: 204 };
    }
    if (!signedIn) return { status: 401, body: { error: { code: 'unauthorized', message: 'sign in' } } };
    if (req.path === '/admin/api/me') return { body: answer };
    if (req.path === '/admin/api/orders') return { body: pageOf([order(1)], req.query) };
    if (req.path === '/admin/api/payouts') return { body: { payouts: [], next_cursor: null } };
    if (req.path === '/admin/api/disputes/summary') return { body: { open: 0 } };
    return undefined;
  });
}

async function signIn(password: string, code?: string) {
  fireEvent.input(await screen.findByLabelText('E-mail'), { target: { value: 'ann@shop.test' } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: password } });
  if (code) fireEvent.input(screen.getByLabelText(/^Code from your authenticator/), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

test('signing in keeps no secret in the page: no Authorization header, nothing in storage or the URL', async () => {
  const { seen } = backend();
  render(<App />);
  await signIn(PASSWORD);

  await screen.findByRole('link', { name: 'ORD-0001' });
  expect(sessionStorage.length + localStorage.length).toBe(0);
  expect(location.href).not.toContain(PASSWORD);
  for (const req of seen) expect(req.headers.get('authorization')).toBeNull();
});

test('a wrong password is refused with one message and shows no navigation', async () => {
  backend();
  render(<App />);
  await signIn('wrong password!');

  expect(await screen.findByText(/was not accepted/)).toBeTruthy();
  expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  expect(screen.queryByRole('navigation', { name: 'Sections' })).toBeNull();
});

test('the code is asked for when the backend needs it', async () => {
  backend({ totp: true });
  render(<App />);
  await signIn(PASSWORD);
  const code = await screen.findByLabelText(/^Code from your authenticator/);
  fireEvent.input(code, { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('link', { name: 'ORD-0001' });
});

test('signing out ends the session at the backend and shows the sign-in form again', async () => {
  const { seen } = backend();
  render(<App />);
  await signIn(PASSWORD);
  await screen.findByRole('link', { name: 'ORD-0001' });

  fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(await screen.findByText('You are signed out.')).toBeTruthy();
  expect(seen.some((r) => r.path === '/admin/api/sign-out' && r.method === 'POST')).toBe(true);
});

test('a support role sees no Team section, no payout button and no capture', async () => {
  backend({ role: 'support', permissions: SUPPORT });
  location.hash = '#/payouts';
  render(<App />);
  await signIn(PASSWORD);
  const nav = await screen.findByRole('navigation', { name: 'Sections' });
  expect(nav.textContent).not.toContain('Team');
  expect(nav.textContent).not.toContain('Payouts');
  expect(screen.queryByRole('link', { name: 'New payout' })).toBeNull();
});

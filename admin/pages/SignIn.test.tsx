// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { App } from '../App';
import { order, pageOf, stubFetch } from '../testing/stubFetch';

const TOKEN = 'secret-admin-token-123';

beforeEach(() => {
  sessionStorage.clear();
  location.hash = '#/orders';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function backend(valid = TOKEN) {
  return stubFetch((req) => {
    if (req.headers.get('authorization') !== `Bearer ${valid}`)
      return { status: 401, body: { error: { code: 'unauthorized', message: 'bad token' } } };
    if (req.path === '/admin/api/orders') return { body: pageOf([order(1)], req.query) };
    return undefined;
  });
}

async function signIn(token: string) {
  fireEvent.input(screen.getByLabelText('Admin token'), { target: { value: token } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

test('signing in keeps the token in sessionStorage, sends it as a Bearer header, and never puts it in the URL', async () => {
  const { seen } = backend();
  render(<App />);
  await signIn(TOKEN);

  await screen.findByRole('link', { name: 'ORD-0001' });
  expect(sessionStorage.getItem('admin_token')).toBe(TOKEN);
  expect(location.href).not.toContain(TOKEN);
  expect(seen.length).toBeGreaterThan(0);
  for (const req of seen) {
    expect(req.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(req.path + req.query.toString()).not.toContain(TOKEN);
  }
});

test('a wrong token is refused with a message and is not kept', async () => {
  backend();
  render(<App />);
  await signIn('wrong-token');

  expect(await screen.findByText(/This token was not accepted/)).toBeTruthy();
  expect(screen.getByLabelText('Admin token').getAttribute('aria-invalid')).toBe('true');
  expect(sessionStorage.getItem('admin_token')).toBeNull();
  expect(screen.queryByRole('navigation', { name: 'Sections' })).toBeNull();
});

test('signing out forgets the token and shows the sign-in form again', async () => {
  backend();
  sessionStorage.setItem('admin_token', TOKEN);
  render(<App />);
  await screen.findByRole('link', { name: 'ORD-0001' });

  fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(sessionStorage.getItem('admin_token')).toBeNull();
  expect(screen.getByLabelText('Admin token')).toBeTruthy();
  expect(screen.getByText('You are signed out.')).toBeTruthy();
});

test('a token the backend stops accepting signs the owner out', async () => {
  backend('rotated-token');
  sessionStorage.setItem('admin_token', TOKEN);
  render(<App />);

  expect(await screen.findByText(/not accepted any more/)).toBeTruthy();
  expect(sessionStorage.getItem('admin_token')).toBeNull();
});

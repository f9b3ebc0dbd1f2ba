// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import { createAdminApi } from '../api/client';
import { stubFetch } from '../testing/stubFetch';
import { Team } from './Team';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const kim = {
  id: 'u_kim',
  email: 'kim@shop.test',
  role: 'support',
  totp_enabled: true,
  disabled: false,
  password_set: true,
  failed_sign_ins: 0,
  locked_until: null,
  last_sign_in_at: null,
  created_at: '2025-01-01T00:00:00Z',
};

test('a role change, a reset and Disable each ask first; cancelling sends nothing (issue #32)', async () => {
  const { seen } = stubFetch((req) => {
    if (req.method === 'GET' && req.path === '/admin/api/users') return { body: { users: [kim] } };
    if (req.method !== 'GET') return { body: { user: kim } };
    return undefined;
  });
  render(<Team api={createAdminApi()} />);
  const role = (await screen.findByLabelText('Role of kim@shop.test')) as HTMLSelectElement;
  fireEvent.change(role, { target: { value: 'owner' } });
  let dialog = await screen.findByRole('dialog');
  expect(dialog.textContent).toContain('kim@shop.test becomes owner (now support)');
  expect(role.value).toBe('support');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

  for (const name of [/^Reset two-factor/, /^Disable/, /^Reset password/]) {
    fireEvent.click(screen.getByRole('button', { name }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }
  expect(seen.filter((r) => r.method !== 'GET')).toEqual([]);

  fireEvent.click(screen.getByRole('button', { name: /^Disable/ }));
  dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
  await waitFor(() =>
    expect(seen.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ disabled: true }]),
  );
});

test('each role says in one line what it may do, from the permissions the server gives it (issue #32)', async () => {
  stubFetch((req) => (req.path === '/admin/api/users' ? { body: { users: [kim] } } : undefined));
  render(<Team api={createAdminApi()} />);
  const roles = await screen.findByRole('region', { name: 'What each role may do' });
  const line = (role: string) => within(roles).getByText(role).nextElementSibling?.textContent;
  expect(line('viewer')).toBe(
    'See orders, disputes and the overview, see payouts, see payment methods, read the audit log.',
  );
  expect(line('support')).toBe(
    'See orders, disputes and the overview, approve or reject held orders, refund up to the support refund limit, check orders with the gateway, export orders, see payment methods, read the audit log.',
  );
  expect(line('finance')).toContain('capture and cancel payments, approve or reject held orders, refund any amount');
  expect(line('finance')).toContain('send payouts');
  expect(line('owner')).toContain('manage people, API keys and the refund limit');
  // the role chosen for a new person is described beside it
  const select = screen.getByLabelText('Role') as HTMLSelectElement;
  expect(screen.getByText(line('support')!, { selector: '#person-role-says' })).toBeTruthy();
  fireEvent.change(select, { target: { value: 'viewer' } });
  expect(select.getAttribute('aria-describedby')).toBe('person-role-says');
  await waitFor(() => expect(document.getElementById('person-role-says')?.textContent).toBe(line('viewer')));
});

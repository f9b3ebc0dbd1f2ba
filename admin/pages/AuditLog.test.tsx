// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { App } from '../App';
import { stubFetch } from '../testing/stubFetch';

beforeEach(() => {
  location.hash = '#/events';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('lists entries, filters by order through the address bar, and pages on', async () => {
  const { seen } = stubFetch((req) => {
    // signed in already (the browser carries the cookie)
    if (req.path === '/admin/api/me')
      return { body: { kind: 'user', label: 'a@b.shop', role: 'viewer', permissions: ['orders.read', 'audit.read'] } };
    if (req.path !== '/admin/api/events') return undefined;
    if (req.query.get('cursor') === 'c2')
      return {
        body: {
          events: [{ at: '2024-05-01T09:00:00Z', type: 'gateway.call', order_no: 'A-1', detail: 'older' }],
          next_cursor: null,
        },
      };
    return {
      body: {
        events: [
          { at: '2024-05-01T10:00:00Z', type: 'notification', order_no: 'A-1', detail: { encryption_data: '***' } },
        ],
        next_cursor: 'c2',
      },
    };
  });
  render(<App />);
  expect(await screen.findByText('{"encryption_data":"***"}')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByText('older')).toBeTruthy();
  expect(screen.getAllByRole('link', { name: 'A-1' })).toHaveLength(2);

  fireEvent.input(screen.getByLabelText('Order number'), { target: { value: 'A-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() =>
    expect(
      seen
        .filter((r) => r.path.endsWith('/events'))
        .at(-1)!
        .query.get('order_no'),
    ).toBe('A-1'),
  );
  expect(location.hash).toBe('#/events?order_no=A-1');
});

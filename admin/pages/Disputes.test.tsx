// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import { createAdminApi } from '../api/client';
import { stubFetch } from '../testing/stubFetch';
import { Disputes } from './Disputes';
import { daysLeftText } from '../daysLeftText';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function dispute(id: string, over: Record<string, unknown> = {}) {
  return {
    dispute_id: id,
    order_no: `ORD-${id}`,
    transaction_id: `T-${id}`,
    amount: '20.00',
    currency: 'USD',
    reason_code: '4837',
    reason: 'No cardholder authorisation',
    respond_by: '2024-05-10',
    days_left: 3,
    state: 'open',
    outcome: null,
    opened_at: '2024-05-01T10:00:00Z',
    closed_at: null,
    ...over,
  };
}

test('open disputes first with the days left to respond, then the decided ones', async () => {
  const { seen } = stubFetch((req) => {
    if (req.path !== '/admin/api/disputes') return undefined;
    const state = req.query.get('state');
    if (state === 'open')
      return {
        body: { disputes: [dispute('D1', { days_left: 0 }), dispute('D2', { days_left: 5 })], next_cursor: null },
      };
    if (state === 'closed')
      return {
        body: { disputes: [dispute('D0', { state: 'closed', outcome: 'lost', days_left: null })], next_cursor: null },
      };
    return undefined;
  });
  render(<Disputes api={createAdminApi()} query={new URLSearchParams()} />);
  const open = within(await screen.findByRole('region', { name: 'Open disputes' }));
  await open.findByText('D1');
  expect(
    open
      .getAllByRole('row')
      .map((r) => r.querySelector('td')?.textContent)
      .filter(Boolean),
  ).toEqual(['D1', 'D2']);
  expect(open.getByText('today').className).toBe('urgent');
  expect(open.getByText('5 days')).toBeTruthy();
  expect(open.getByRole('link', { name: 'ORD-D1' }).getAttribute('href')).toBe('#/orders/ORD-D1');
  const decided = within(await screen.findByRole('region', { name: 'Decided disputes' }));
  expect(await decided.findByText('lost')).toBeTruthy();
  const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  expect(headings).toEqual(['Open disputes', 'Decided disputes']);
  expect(seen.map((r) => r.query.get('state'))).toEqual(['open', 'closed']);
});

test('a filter asks only for its disputes: due within 7 days, lost', async () => {
  const { seen } = stubFetch(() => ({ body: { disputes: [], next_cursor: null } }));
  render(<Disputes api={createAdminApi()} query={new URLSearchParams('view=due7')} />);
  await screen.findByText('None.');
  expect(seen.map((r) => Object.fromEntries(r.query))).toEqual([{ state: 'open', due_within_days: '7' }]);
  cleanup();
  render(<Disputes api={createAdminApi()} query={new URLSearchParams('view=lost')} />);
  await screen.findByText('None.');
  expect(seen.at(-1)!.query.get('state')).toBe('lost');
});

test('a failed load says why', async () => {
  stubFetch(() => ({ status: 503, body: { error: { code: 'gateway_unavailable', message: 'The store is down.' } } }));
  render(<Disputes api={createAdminApi()} query={new URLSearchParams('view=open')} />);
  expect((await screen.findByRole('alert')).textContent).toContain('The store is down.');
});

test('days left in words', () => {
  expect([3, 1, 0, -1, -4].map(daysLeftText)).toEqual(['3 days', '1 day', 'today', '1 day late', '4 days late']);
});

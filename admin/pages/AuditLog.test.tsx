// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
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
  expect((await screen.findByText(/"encryption_data": "\*\*\*"/)).closest('details')?.open).toBe(false);

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

test('a payout line opens the payout, not an empty order page (#23)', async () => {
  stubFetch((req) =>
    req.path === '/admin/api/events'
      ? {
          body: {
            events: [
              { at: '2024-05-01T10:00:00Z', type: 'payout', order_no: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' },
              {
                at: '2024-05-01T09:59:00Z',
                type: 'gateway_call',
                order_no: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
                detail: { operation: 'payout' },
              },
            ],
            next_cursor: null,
          },
        }
      : undefined,
  );
  render(<App />);
  const links = await screen.findAllByRole('link', { name: /3f2504e0/ });
  expect(links.map((a) => a.getAttribute('href'))).toEqual([
    '#/payouts/3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    '#/payouts/3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  ]);
});

test('shows who did each entry, and filters by actor from the form or by clicking one', async () => {
  const { seen } = stubFetch((req) =>
    req.path === '/admin/api/events'
      ? {
          body: {
            events: [
              { at: '2024-05-01T10:00:00Z', type: 'refund', actor: 'key:ck_finance_Ab12Cd34', detail: 'refund' },
              { at: '2024-05-01T09:00:00Z', type: 'notification', detail: 'paid' },
            ],
            next_cursor: null,
          },
        }
      : undefined,
  );
  render(<App />);
  const actor = await screen.findByRole('link', { name: 'API key ck_finance_Ab12Cd34' });
  expect(within(screen.getByRole('table')).getByText('System')).toBeTruthy();
  expect(actor.getAttribute('href')).toBe('#/events?actor=key%3Ack_finance_Ab12Cd34');

  fireEvent.input(screen.getByLabelText('Actor'), { target: { value: 'user:ann@shop.example' } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(seen.at(-1)!.query.get('actor')).toBe('user:ann@shop.example'));
});

test("people's lines by default, each a sentence: who, what, order, amount and outcome; System and All a choice away (#32)", async () => {
  const long = 'x'.repeat(5_000);
  const { seen } = stubFetch((req) => {
    if (req.path !== '/admin/api/events') return undefined;
    if (req.query.get('who') === 'system')
      return {
        body: {
          events: [{ at: '2024-05-01T09:00:00Z', type: 'gateway_call', summary: 'query ok 200', detail: { long } }],
          next_cursor: null,
        },
      };
    return {
      body: {
        events: [
          {
            at: '2024-05-01T10:00:00Z',
            type: 'refund',
            actor: 'user:ana@shop.example',
            order_no: 'A-1',
            summary: 'refund BRL 5.00 journalled as ord_1.1',
            refund: { amount: '5.00', currency: 'BRL', status: 'failed', message: 'R0001:the issuer refused it' },
          },
          {
            at: '2024-05-01T09:30:00Z',
            type: 'sign_in',
            actor: 'user:ana@shop.example',
            summary: 'ana@shop.example signed in',
          },
          {
            at: '2024-05-01T09:20:00Z',
            type: 'user',
            actor: 'user:ana@shop.example',
            summary: 'password set with a one-time link: ana@shop.example',
          },
        ],
        next_cursor: null,
      },
    };
  });
  render(<App />);
  await screen.findByText('BRL 5.00');
  const rows = screen.getAllByRole('row');
  expect(
    seen
      .filter((r) => r.path === '/admin/api/events')
      .at(-1)!
      .query.get('who'),
  ).toBe('people');
  const text = (row: Element) => [...row.querySelectorAll('td')].map((td) => td.textContent);
  expect(text(rows[1]!).slice(1, 6)).toEqual([
    'ana@shop.example',
    'Refund refund BRL 5.00 journalled as ord_1.1',
    'A-1',
    'BRL 5.00',
    'Refund failed: the issuer refused it',
  ]);
  expect(text(rows[2]!).slice(1, 6)).toEqual([
    'ana@shop.example',
    'Signed in ana@shop.example signed in',
    '',
    '',
    'Signed in',
  ]);
  expect(text(rows[3]!)[1]).toBe('ana@shop.example');

  fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'system' } });
  await waitFor(() => expect(location.hash).toBe('#/events?who=system'));
  const details = await screen.findByText('Details', { selector: 'summary' });
  // the machine's line, its details folded and bounded: never a page of raw JSON
  expect(details.closest('tr')!.textContent).toContain('System');
  const pre = details.closest('details')!.querySelector('pre')!.textContent!;
  expect(pre.length).toBeLessThan(2_100);
  expect(pre).toMatch(/more characters\)$/);
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import { createAdminApi } from '../api/client';
import { stubFetch } from '../testing/stubFetch';
import { Overview } from './Overview';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setRange(from: string, to: string) {
  fireEvent.input(screen.getByLabelText('From'), { target: { value: from } });
  fireEvent.input(screen.getByLabelText('To'), { target: { value: to } });
  fireEvent.click(screen.getByRole('button', { name: 'Show' }));
}

test('shows totals, approval rate and bars for the chosen range from /stats', async () => {
  const { seen } = stubFetch((req) =>
    req.path === '/admin/api/stats'
      ? {
          body: {
            days: [
              { date: '2024-05-01', status: 'paid', count: 3, volume_minor: 4500, currency: 'USD' },
              { date: '2024-05-02', status: 'declined', count: 1, volume_minor: 999, currency: 'USD' },
            ],
            money: [],
          },
        }
      : undefined,
  );
  const { container } = render(<Overview api={createAdminApi()} />);
  setRange('2024-05-01', '2024-05-03');
  await waitFor(() => expect(seen.at(-1)!.query.get('from')).toBe('2024-05-01'));
  expect(seen.at(-1)!.query.get('to')).toBe('2024-05-03');
  await screen.findByText('75.0%');
  expect(container.querySelectorAll('rect.bar')).toHaveLength(2);

  fireEvent.click(screen.getByLabelText('Volume'));
  expect(container.querySelector('rect[data-date="2024-05-01"] title')?.textContent).toBe('2024-05-01 Paid: USD 45.00');
});

test('every figure means what its label says: attempts, abandoned checkouts (#23)', async () => {
  stubFetch((req) =>
    req.path === '/admin/api/stats'
      ? {
          body: {
            days: [
              { date: '2024-05-01', status: 'created', count: 4, volume_minor: 9000, currency: 'USD' },
              { date: '2024-05-01', status: 'paid', count: 2, volume_minor: 3000, currency: 'USD' },
              { date: '2024-05-01', status: 'partially_refunded', count: 1, volume_minor: 2000, currency: 'USD' },
              { date: '2024-05-01', status: 'authorised', count: 1, volume_minor: 700, currency: 'USD' },
            ],
            money: [],
          },
        }
      : undefined,
  );
  render(<Overview api={createAdminApi()} />);
  const tiles = await screen.findByRole('list', { name: 'Totals for the range' });
  const tile = (label: string) =>
    [...tiles.querySelectorAll('li')]
      .find((li) => li.querySelector('.tile-label')?.textContent === label)!
      .querySelector('.tile-value')!.textContent;
  // 4 orders were paid or tried; the 4 sessions nobody paid are not orders
  expect(tile('Orders')).toBe('4');
  expect(tile('Abandoned checkouts')).toBe('4');
});

test('money per currency: gross, refunded, lost in disputes and net, summed over the days it moved (#32)', async () => {
  stubFetch((req) =>
    req.path === '/admin/api/stats'
      ? {
          body: {
            days: [],
            money: [
              {
                date: '2024-05-01',
                currency: 'USD',
                gross_minor: 5000,
                refunded_minor: 0,
                lost_minor: 0,
                net_minor: 5000,
              },
              {
                date: '2024-05-02',
                currency: 'USD',
                gross_minor: 2000,
                refunded_minor: 500,
                lost_minor: 1500,
                net_minor: 0,
              },
              {
                date: '2024-05-02',
                currency: 'JPY',
                gross_minor: 14480,
                refunded_minor: 0,
                lost_minor: 0,
                net_minor: 14480,
              },
            ],
          },
        }
      : undefined,
  );
  render(<Overview api={createAdminApi()} />);
  const rows = await screen.findAllByRole('row');
  const cells = rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
  expect(cells).toContainEqual(['Currency', 'Gross', 'Refunded', 'Lost in disputes', 'Net']);
  expect(cells).toContainEqual(['JPY', 'JPY 14,480', 'JPY 0', 'JPY 0', 'JPY 14,480']);
  expect(cells).toContainEqual(['USD', 'USD 70.00', 'USD 5.00', 'USD 15.00', 'USD 50.00']);
});

test('a start date after the end date is refused', async () => {
  const { seen } = stubFetch(() => ({ body: { days: [], money: [] } }));
  render(<Overview api={createAdminApi()} />);
  const before = seen.length;
  setRange('2024-05-03', '2024-05-01');
  expect(screen.getByRole('alert').textContent).toContain('on or before the end date');
  expect(seen.length).toBe(before);
});

test('shows the disputed volume and the dispute rate from /disputes/summary', async () => {
  stubFetch((req) =>
    req.path === '/admin/api/disputes/summary'
      ? {
          body: {
            open: 1,
            count: 2,
            lost: 1,
            disputed: [{ currency: 'USD', amount: '30.00' }],
            captured_orders: 80,
            rate: 0.025,
          },
        }
      : { body: { days: [], money: [] } },
  );
  render(<Overview api={createAdminApi()} />);
  expect(await screen.findByText('USD 30.00')).toBeTruthy();
  expect(screen.getByText('2.50%')).toBeTruthy();
  expect(screen.getByText('all time, 1 open')).toBeTruthy();
});

test('says what needs action: orders to capture, disputes due soon, failed refunds by order (issue #32)', async () => {
  stubFetch((req) => {
    if (req.path === '/admin/api/stats') return { body: { days: [], money: [] } };
    if (req.path === '/admin/api/orders' && req.query.get('status') === 'authorised')
      return { body: { orders: [], next_cursor: null, total: 149 } };
    if (req.path === '/admin/api/disputes') return { body: { disputes: [{}, {}], next_cursor: null } };
    if (req.path === '/admin/api/refunds')
      return {
        body: {
          total: 2,
          refunds: [
            {
              order_no: 'A-7',
              seq: 1,
              amount: '12.50',
              currency: 'EUR',
              reason: null,
              message: 'R0001:Refund failed: the issuer refused it',
              created_at: '2025-01-01T00:00:00Z',
              updated_at: '2025-01-01T00:01:00Z',
            },
          ],
        },
      };
    return undefined;
  });
  render(<Overview api={createAdminApi()} />);
  const section = await screen.findByRole('region', { name: 'Needs action' });
  await waitFor(() => expect(section.textContent).toContain('2 refunds failed and not sent again'));
  expect(screen.getByRole('link', { name: '149 orders waiting for capture' }).getAttribute('href')).toBe(
    '#/orders?status=authorised',
  );
  expect(screen.getByRole('link', { name: '2 disputes to answer within 7 days' }).getAttribute('href')).toBe(
    '#/disputes?view=due7',
  );
  expect(screen.getByRole('link', { name: 'A-7' }).getAttribute('href')).toBe('#/orders/A-7');
  expect(section.textContent).toContain('EUR 12.50');
});

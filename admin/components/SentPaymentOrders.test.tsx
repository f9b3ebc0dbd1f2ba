// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import { createAdminApi } from '../api/client';
import { OrderDetail } from '../pages/OrderDetail';
import { order, stubFetch } from '../testing/stubFetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SUBSCRIPTION = {
  contract_name: 'Mug club',
  recurring_id: 'S123',
  recurring_status: '1',
  recurring_deduction_period: '1 month',
  recurring_deduction_time: '2025-02-01',
};

function backend(detail: Record<string, unknown>) {
  stubFetch((req) =>
    req.method === 'GET' && req.path === '/admin/api/orders/ORD-1'
      ? { body: { ...order(1, { order_no: 'ORD-1', status: 'paid' }), events: [], refunds: [], ...detail } }
      : undefined,
  );
}

test('shows what each attempt sent the gateway, the latest open, and keeps it out of the attempts table', async () => {
  backend({
    subscription_result: SUBSCRIPTION,
    attempts: [
      {
        id: 'pay_1',
        seq: 1,
        gateway_order_no: 'ORD-1-1',
        method: 'card',
        status: 'declined',
        payment_order: { order_no: 'ORD-1-1', amount: '33.00' },
        subscription_result: null,
      },
      {
        id: 'pay_2',
        seq: 2,
        gateway_order_no: 'ORD-1-2',
        method: 'card',
        status: 'paid',
        payment_order: {
          order_no: 'ORD-1-2',
          amount: '33.00',
          installments: '6',
          document: '***8909',
          subscription: { contract_name: 'Mug club' },
        },
        subscription_result: SUBSCRIPTION,
      },
    ],
  });
  render(<OrderDetail api={createAdminApi()} orderNo="ORD-1" />);
  await screen.findByRole('heading', { name: 'Payment order sent' });
  const details = document.querySelectorAll<HTMLDetailsElement>('.sent-orders details');
  expect([...details].map((d) => d.open)).toEqual([false, true]);
  const latest = within(details[1] as HTMLElement);
  expect(latest.getByText('Attempt 2:', { exact: false }).textContent).toContain('ORD-1-2');
  expect(latest.getByText('installments').nextElementSibling?.textContent).toBe('6');
  expect(latest.getByText('document').nextElementSibling?.textContent).toBe('***8909');
  // nested objects are listed field by field
  expect(latest.getByText('contract name').nextElementSibling?.textContent).toBe('Mug club');
  const table = screen.getByRole('table');
  expect(table.textContent).not.toContain('payment order');
  expect(table.textContent).not.toContain('ORD-1-2","amount');
});

test("shows the gateway's subscription: recurring id, status, period and next deduction", async () => {
  backend({ subscription_result: SUBSCRIPTION, attempts: [] });
  render(<OrderDetail api={createAdminApi()} orderNo="ORD-1" />);
  await screen.findByRole('heading', { name: 'Subscription' });
  const list = screen.getByText('Recurring id').closest('dl')!;
  const pairs = [...list.querySelectorAll('div')].map((d) => [
    d.querySelector('dt')?.textContent,
    d.querySelector('dd')?.textContent,
  ]);
  expect(pairs).toEqual([
    ['Contract', 'Mug club'],
    ['Recurring id', 'S123'],
    ['Status', 'Active'],
    ['Period', '1 month'],
    ['Next deduction', '2025-02-01'],
  ]);
  expect(screen.getByText('No payment order was sent to the gateway.')).toBeTruthy();
});

test('an order without a subscription has no subscription section', async () => {
  backend({ subscription_result: null, attempts: [] });
  render(<OrderDetail api={createAdminApi()} orderNo="ORD-1" />);
  await screen.findByRole('heading', { name: 'Payment order sent' });
  expect(screen.queryByRole('heading', { name: 'Subscription' })).toBeNull();
});

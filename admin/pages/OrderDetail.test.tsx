// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import { createAdminApi } from '../api/client';
import { order, stubFetch } from '../testing/stubFetch';
import { OrderDetail } from './OrderDetail';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function backend(status: string) {
  return stubFetch((req) => {
    if (req.method === 'GET' && req.path === '/admin/api/orders/ORD%2F1') {
      return {
        body: {
          ...order(1, { order_no: 'ORD/1', status }),
          events: [
            { at: '2024-05-01T10:05:00Z', type: 'notification PAYMENT', detail: { payment_status: '2000' } },
            { at: '2024-05-01T10:00:00Z', type: 'payment created', detail: 'card' },
          ],
          attempts: [{ payment_id: 'p1', method: 'card' }],
          refunds: [],
        },
      };
    }
    if (req.method === 'POST')
      return {
        body: {
          results: req.body.orders?.map((o: { order_no: string }) => ({ order_no: o.order_no, ok: true })) ?? [
            { order_no: 'ORD/1', ok: true },
          ],
        },
      };
    return undefined;
  });
}

test('shows the timeline oldest first and only the actions its status allows', async () => {
  backend('authorised');
  render(<OrderDetail api={createAdminApi()} orderNo="ORD/1" />);
  const items = within((await screen.findByText('payment created')).closest('ol')!).getAllByRole('listitem');
  expect(items.map((li) => li.querySelector('strong')?.textContent)).toEqual([
    'payment created',
    'notification PAYMENT',
  ]);
  expect(items[1]!.textContent).toContain('{"payment_status":"2000"}');
  const actions = within(screen.getByRole('group', { name: 'Actions for this order' }));
  expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Capture', 'Cancel', 'Sync with gateway']);
});

test('a partial capture from the detail page sends that order with the amount, then reloads it', async () => {
  const { seen } = backend('authorised');
  render(<OrderDetail api={createAdminApi()} orderNo="ORD/1" />);
  fireEvent.click(await screen.findByRole('button', { name: 'Capture' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByLabelText('A partial amount for each order'));
  fireEvent.input(within(dialog).getByLabelText(/Amount per order \(USD\)/), { target: { value: '4.00' } });
  expect(within(dialog).getByTestId('bulk-summary').textContent).toBe('Capture order ORD/1, total USD 4.00.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Capture order ORD/1' }));

  await screen.findByText('1 succeeded, 0 failed, of 1.');
  expect(seen.find((r) => r.method === 'POST')).toMatchObject({
    path: '/admin/api/orders/capture',
    body: { orders: [{ order_no: 'ORD/1', amount: '4.00' }] },
  });
  await waitFor(() => expect(seen.filter((r) => r.method === 'GET')).toHaveLength(2));
});

test('a paid order offers a refund, not a capture', async () => {
  backend('paid');
  render(<OrderDetail api={createAdminApi()} orderNo="ORD/1" />);
  const group = await screen.findByRole('group', { name: 'Actions for this order' });
  expect(
    within(group)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Refund', 'Sync with gateway']);
});

test('a double payment is shown first, and its extra payment is refunded from the alert', async () => {
  let refunded = false;
  const alert = (refund: unknown) => ({
    id: 'alr_1',
    kind: 'double_payment',
    attempt_id: 'pay_1',
    gateway_order_no: 'ORD/1-1',
    transaction_id: 'T-extra',
    other_attempt_id: 'pay_2',
    created_at: '2024-05-01T10:06:00Z',
    refund,
  });
  const { seen } = stubFetch((req) => {
    if (req.method === 'GET')
      return {
        body: {
          ...order(1, { order_no: 'ORD/1', alert: 'double_payment' }),
          events: [],
          attempts: [],
          refunds: [],
          alerts: [
            alert(refunded ? { status: 'succeeded', reference: 'alr_1.1', message: null, amount: '10.00' } : null),
          ],
        },
      };
    refunded = true;
    return { body: { alert: alert({ status: 'succeeded' }) } };
  });
  render(<OrderDetail api={createAdminApi()} orderNo="ORD/1" />);
  const section = within(await screen.findByRole('region', { name: 'Payment alerts' }));
  expect(section.getByRole('listitem').textContent).toContain('Paid twice');
  expect(section.getByRole('listitem').textContent).toContain('T-extra');
  fireEvent.click(section.getByRole('button', { name: 'Refund the extra payment' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund' }));
  await screen.findByText('The extra payment was refunded.');
  expect(seen.find((r) => r.method === 'POST')?.path).toBe('/admin/api/orders/ORD%2F1/alerts/alr_1/refund');
  await waitFor(() => expect(section.getByRole('listitem').textContent).toContain('Refund: succeeded'));
  expect(section.queryByRole('button')).toBeNull();
});

test('lists the order’s disputes with the days left to respond, and what lost ones took back', async () => {
  stubFetch((req) =>
    req.path === '/admin/api/orders/ORD%2F1'
      ? {
          body: {
            ...order(1, { order_no: 'ORD/1', status: 'paid', lost_in_disputes: '1.00' }),
            events: [{ at: '2024-05-02T10:00:00Z', type: 'dispute', detail: 'dispute D1 of 5.00 USD: opened' }],
            attempts: [],
            refunds: [],
            disputes: [
              {
                dispute_id: 'D1',
                order_no: 'ORD/1',
                transaction_id: 'T1',
                amount: '5.00',
                currency: 'USD',
                reason_code: '4837',
                reason: 'No cardholder authorisation',
                respond_by: '2024-05-09',
                days_left: 2,
                state: 'open',
                outcome: null,
                opened_at: '2024-05-02T10:00:00Z',
                closed_at: null,
              },
            ],
          },
        }
      : undefined,
  );
  render(<OrderDetail api={createAdminApi()} orderNo="ORD/1" />);
  const table = within(await screen.findByRole('region', { name: 'Disputes' }));
  expect(table.getByText('D1')).toBeTruthy();
  expect(table.getByText('open, 2 days left')).toBeTruthy();
  expect(screen.getByText('dispute D1 of 5.00 USD: opened')).toBeTruthy();
  expect(screen.getByText('Lost in disputes').nextElementSibling?.textContent).toBe('1.00');
});

test('each refund shows its state; a failed one shows why and is retried once from its Retry button', async () => {
  let retried = false;
  const refund = (seq: number, status: string, extra: Record<string, unknown> = {}) => ({
    seq,
    amount: '10.00',
    currency: 'USD',
    reason: 'returned',
    refund_reference: `o1.${seq}`,
    refund_reference_id: `T1-0${seq}`,
    status,
    message: status === 'failed' ? 'R0001:Refund failed: the issuer refused it' : null,
    retry_of: null,
    retried: false,
    created_at: '2024-05-01T10:06:00Z',
    updated_at: '2024-05-01T10:07:00Z',
    ...extra,
  });
  const { seen } = stubFetch((req) => {
    if (req.method === 'GET')
      return {
        body: {
          ...order(1, { order_no: 'ORD/1', status: 'paid' }),
          events: [],
          attempts: [],
          alerts: [],
          refunds: retried
            ? [refund(1, 'failed', { retried: true }), refund(2, 'received', { retry_of: 1 })]
            : [refund(1, 'failed')],
        },
      };
    retried = true;
    return { body: { order_no: 'ORD/1', ok: true, refund_state: 'received' } };
  });
  render(<OrderDetail api={createAdminApi()} orderNo="ORD/1" />);
  const table = within((await screen.findByRole('table', { name: 'Refunds' })) as HTMLElement);
  expect(table.getAllByRole('row')[1]!.textContent).toContain('Failed: Refund failed: the issuer refused it');
  expect(table.getByTitle('R0001').textContent).toBe('Refund failed: the issuer refused it');
  fireEvent.click(table.getByRole('button', { name: 'Retry refund 1' }));
  await screen.findByText('Refund 1 was sent again as a new refund; it succeeds or fails in a moment.');
  expect(seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
    '/admin/api/orders/ORD%2F1/refunds/1/retry',
  ]);
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
  const rows = within(screen.getByRole('table', { name: 'Refunds' })).getAllByRole('row');
  expect(rows[2]!.textContent).toContain('2 (retry of 1)');
  expect(rows[2]!.textContent).toContain('Received by the gateway');
  expect(screen.queryByRole('button', { name: /Retry refund/ })).toBeNull();
});

test('another order never shows the previous one’s data or Refund button while it loads, nor a late answer (issue #32)', async () => {
  const answers = new Map<string, (body: unknown) => void>();
  stubFetch(
    (req) =>
      new Promise((resolve) => {
        if (req.method !== 'GET' || !req.path.startsWith('/admin/api/orders/')) return resolve(undefined);
        const no = decodeURIComponent(req.path.split('/').pop()!);
        answers.set(no, (body) => resolve({ body }));
      }),
  );
  const paid = (no: string, amount: string, currency: string) => ({
    ...order(1, { order_no: no, status: 'paid', amount, currency }),
    events: [],
    attempts: [],
    refunds: [],
  });
  const api = createAdminApi();
  const { rerender } = render(<OrderDetail api={api} orderNo="A-1" />);
  await waitFor(() => expect(answers.has('A-1')).toBe(true));
  answers.get('A-1')!(paid('A-1', '425.98', 'USD'));
  await screen.findByRole('button', { name: 'Refund' });

  // B-2 is asked for; until it answers, nothing of A-1 is on the page
  rerender(<OrderDetail api={api} orderNo="B-2" />);
  await screen.findByRole('heading', { level: 1, name: 'Order B-2' });
  expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  expect(screen.queryByText(/425\.98/)).toBeNull();
  await screen.findByText('Loading order B-2…');

  // on to C-3 before B-2 answers: B-2's late answer does not show under C-3
  rerender(<OrderDetail api={api} orderNo="C-3" />);
  await waitFor(() => expect(answers.has('C-3')).toBe(true));
  answers.get('B-2')!(paid('B-2', '1.00', 'CNY'));
  expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  answers.get('C-3')!(paid('C-3', '300.00', 'JPY'));
  fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog');
  // the dialog names the order the money leaves from
  expect(within(dialog).getByRole('heading').textContent).toBe('Refund order C-3');
  expect(within(dialog).getByTestId('bulk-summary').textContent).toMatch(/^Refund order C-3, total JPY/);
});

test('an order under an open chargeback: the refund dialog warns, needs a confirmation and names the dispute', async () => {
  const { seen } = stubFetch((req) => {
    if (req.method === 'GET' && req.path === '/admin/api/orders/D-1')
      return {
        body: {
          ...order(1, { order_no: 'D-1', status: 'paid', amount: '257.86', currency: 'GBP' }),
          events: [],
          attempts: [],
          refunds: [],
          disputes: [
            {
              dispute_id: 'dp_9',
              amount: '257.86',
              currency: 'GBP',
              reason_code: '13.1',
              reason: 'Merchandise not received',
              respond_by: '2025-06-01',
              state: 'open',
              outcome: null,
              days_left: 4,
            },
          ],
        },
      };
    if (req.method === 'POST') return { body: { results: [{ order_no: 'D-1', ok: true, refund_state: 'received' }] } };
    return undefined;
  });
  render(<OrderDetail api={createAdminApi()} orderNo="D-1" />);
  fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('alert').textContent).toContain('open chargeback (dispute dp_9)');
  const confirm = within(dialog).getByRole('button', { name: 'Refund order D-1' }) as HTMLButtonElement;
  expect(confirm.disabled).toBe(true);
  fireEvent.click(within(dialog).getByLabelText(/Refund anyway, although dispute dp_9 is open/));
  fireEvent.click(confirm);
  // received by the gateway is not "done"
  await screen.findByText(/0 succeeded, 1 sent and not finished yet/);
  expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
    orders: [{ order_no: 'D-1', despite_dispute: 'dp_9' }],
  });
});

test("reads in the owner's words: a summary first, a timeline in sentences, the gateway's terms folded (#32)", async () => {
  stubFetch((req) =>
    req.method === 'GET' && req.path === '/admin/api/orders/JP-7'
      ? {
          body: {
            ...order(7, {
              order_no: 'JP-7',
              status: 'partially_refunded',
              amount: '14480',
              currency: 'JPY',
              captured: '14480',
              refunded: '2000',
            }),
            card: { brand: 'Visa', last4: '4242' },
            timeline: [
              { at: '2026-11-12T09:00:00Z', what: 'created', amount: '14480', currency: 'JPY' },
              { at: '2026-11-12T09:01:00Z', what: 'payment_started', attempt: 1, method: 'card' },
              { at: '2026-11-12T09:02:00Z', what: 'authorised', attempt: 1, amount: '14480', currency: 'JPY' },
              {
                at: '2026-11-13T10:00:00Z',
                what: 'captured',
                attempt: 1,
                by: 'user:owner@shop.example',
                amount: '14480',
                currency: 'JPY',
              },
              {
                at: '2026-11-14T10:00:00Z',
                what: 'refund_requested',
                by: 'key:ck_support_Ab12Cd34',
                amount: '2000',
                currency: 'JPY',
              },
              { at: '2026-11-14T10:05:00Z', what: 'refund_succeeded', amount: '2000', currency: 'JPY' },
              {
                at: '2026-11-15T10:00:00Z',
                what: 'refund_failed',
                amount: '500',
                currency: 'JPY',
                reason: 'R0001:Refund failed: the issuer refused it',
              },
            ],
            events: [{ at: '2026-11-13T10:00:00Z', type: 'ignored', detail: 'notification: PAYMENT 2000 same_status' }],
            attempts: [],
            refunds: [],
          },
        }
      : undefined,
  );
  render(<OrderDetail api={createAdminApi()} orderNo="JP-7" />);
  const summary = await screen.findByLabelText('Summary');
  expect(summary.textContent).toMatch(
    /^Visa •••• 4242, paid JPY 14,480, captured by owner@shop\.example on 13 Nov 2026, JPY 2,000 refunded$/,
  );
  const lines = within(screen.getByRole('list', { name: 'Timeline' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.timeline-text')?.textContent);
  expect(lines).toEqual([
    'Order created for JPY 14,480',
    'Payment 1 started with Card',
    'Authorised JPY 14,480: the money is held until it is captured',
    'Captured JPY 14,480 by owner@shop.example',
    'Refund of JPY 2,000 requested by API key ck_support_Ab12Cd34',
    'Refund of JPY 2,000 succeeded',
    'Refund of JPY 500 failed: Refund failed: the issuer refused it',
  ]);
  // the gateway engineers' words are there for support, folded under "Technical details"
  const technical = screen.getByText('Technical details').closest('details')!;
  expect(technical.open).toBe(false);
  expect(within(technical).getByText('notification: PAYMENT 2000 same_status', { exact: false })).toBeTruthy();
  expect(screen.getByRole('list', { name: 'Timeline' }).textContent).not.toMatch(/same_status|journalled|2000/);
});

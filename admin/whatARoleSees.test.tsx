// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import { permissionsOf, type StaffRole } from '../shared/contract/roles';
import type { AdminApi, OrderDetail } from './api/client';
import { App } from './App';
import { OrderRefunds } from './components/OrderRefunds';
import { PaymentAlerts } from './components/PaymentAlerts';
import { PermissionsContext } from './permissions';
import { order, pageOf, stubFetch } from './testing/stubFetch';

/**
 * Issue #32: a page the role may not open says so and names the role (an unknown page is still "not found"), and
 * a role is not offered a Pay, Refund, Retry, Send or Export button the backend would refuse it.
 */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const RECIPIENT = {
  id: 'rcp_1',
  name: 'Acme Supplies',
  payment_method: 'SWIFT',
  beneficiary: { bank_details: { iban: 'DE89370400440532013000', swift_code: 'COBADEFFXXX' } },
};

function signedInAs(role: StaffRole) {
  return stubFetch((req) => {
    if (req.path === '/admin/api/me')
      return {
        body: {
          kind: 'user',
          label: `${role}@shop.example`,
          role,
          permissions: permissionsOf(role),
          totp_enabled: true,
        },
      };
    if (req.path === '/admin/api/orders') return { body: pageOf([order(1)], req.query) };
    if (req.path === '/admin/api/recipients') return { body: { recipients: [RECIPIENT] } };
    if (req.path === '/admin/api/payouts') return { body: { payouts: [], next_cursor: null } };
    return { body: {} };
  });
}

test('a page the role may not open names the role and who to ask; an unknown page is not found', async () => {
  signedInAs('support');
  location.hash = '#/team';
  render(<App />);
  expect(await screen.findByRole('heading', { level: 1, name: "You don't have access to this page" })).toBeTruthy();
  expect(screen.getByText(/^You don't have access to this page \(your role: support\)\. Ask an owner\./)).toBeTruthy();
  expect(screen.queryByText('Page not found')).toBeNull();
  for (const hash of ['#/keys', '#/payouts', '#/payouts/new', '#/shop-events']) {
    location.hash = hash;
    await screen.findByRole('heading', { level: 1, name: "You don't have access to this page" });
  }
  location.hash = '#/no-such-page';
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
});

test('a viewer sees recipients and payouts but no Pay, Archive, add or New payout, and orders with no Export', async () => {
  signedInAs('viewer');
  location.hash = '#/recipients';
  render(<App />);
  expect(await screen.findByText('Acme Supplies')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Pay|Archive/ })).toBeNull();
  expect(screen.queryByRole('button', { name: /Save recipient|Add/ })).toBeNull();
  location.hash = '#/payouts';
  await screen.findByRole('heading', { level: 1, name: 'Payouts' });
  expect(screen.queryByRole('link', { name: 'New payout' })).toBeNull();
  location.hash = '#/orders';
  await screen.findByRole('link', { name: 'ORD-0001' });
  expect(screen.queryByRole('button', { name: /Export|Refund|Capture/ })).toBeNull();
});

test('the same recipients page offers Pay and Archive to finance', async () => {
  signedInAs('finance');
  location.hash = '#/recipients';
  render(<App />);
  expect(await screen.findByRole('button', { name: 'Pay Acme Supplies' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Archive Acme Supplies' })).toBeTruthy();
});

test("an order's failed refund and double payment offer Retry and Refund only to a role that may refund", () => {
  const detail = {
    order_no: 'ORD-1',
    currency: 'USD',
    refunds: [
      {
        seq: 1,
        amount: '5.00',
        currency: 'USD',
        reason: null,
        refund_reference: 'R1',
        refund_reference_id: null,
        status: 'failed',
        message: 'B0002:Refund amount over the refundable amount',
        retry_of: null,
        retried: false,
        created_at: '2024-05-01T10:00:00Z',
        updated_at: '2024-05-01T10:00:00Z',
      },
    ],
    alerts: [
      {
        id: 'al_1',
        kind: 'double_payment',
        attempt_id: 'att_2',
        gateway_order_no: 'G2',
        transaction_id: 'T2',
        other_attempt_id: 'att_1',
        created_at: '2024-05-01T10:00:00Z',
        refund: null,
      },
    ],
  } as unknown as OrderDetail;
  const as = (role: StaffRole) =>
    render(
      <PermissionsContext.Provider value={new Set(permissionsOf(role))}>
        <PaymentAlerts api={{} as AdminApi} order={detail} onChanged={() => {}} />
        <OrderRefunds api={{} as AdminApi} order={detail} onChanged={() => {}} />
      </PermissionsContext.Provider>,
    );
  as('viewer');
  expect(screen.getByText(/Paid twice/)).toBeTruthy();
  expect(screen.queryAllByRole('button')).toEqual([]);
  cleanup();
  as('support');
  expect(screen.getByRole('button', { name: 'Refund the extra payment' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Retry refund 1' })).toBeTruthy();
});

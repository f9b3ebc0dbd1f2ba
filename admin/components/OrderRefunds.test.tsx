// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, expect, test } from 'vitest';
import type { AdminApi, OrderDetail } from '../api/client';
import { OrderRefunds } from './OrderRefunds';

afterEach(cleanup);

const refund = (seq: number, status: string, message: string | null = null) => ({
  seq,
  amount: '5.00',
  currency: 'USD',
  reason: null,
  refund_reference: `R${seq}`,
  refund_reference_id: null,
  status,
  message,
  retry_of: null,
  retried: false,
  created_at: '2024-05-01T10:00:00Z',
  updated_at: '2024-05-01T10:00:00Z',
});

test('a refund sent without a clear answer (the gateway said 503) is "not known yet, being checked", with no Retry', () => {
  const order = {
    order_no: 'ORD-1',
    refunds: [refund(1, 'requested'), refund(2, 'failed', 'B0002:Refund amount over the refundable amount')],
  } as unknown as OrderDetail;
  render(<OrderRefunds api={{} as AdminApi} order={order} onChanged={() => {}} />);
  const [, first, second] = screen.getAllByRole('row');
  expect(first!.textContent).toContain('Not known yet, being checked');
  expect(first!.textContent).not.toMatch(/Failed|Error/);
  expect(first!.querySelector('button')).toBeNull();
  expect(second!.textContent).toContain('Failed: Refund amount over the refundable amount');
  expect(second!.textContent).toContain('Retry refund 2');
});

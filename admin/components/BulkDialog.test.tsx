// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import type { OrderRow } from '../api/client';
import { order } from '../testing/stubFetch';
import { BulkDialog } from './BulkDialog';
import { BulkResults } from './BulkResults';

afterEach(cleanup);

const orders = (n: number, status: string) =>
  Array.from({ length: n }, (_, i) => order(i + 1, { status })) as unknown as OrderRow[];

test('the review dialog has no default decision: the owner picks approve or reject before anything is sent', () => {
  const onConfirm = vi.fn();
  render(<BulkDialog action="review" orders={orders(2, 'review')} onConfirm={onConfirm} onCancel={() => {}} />);
  const dialog = screen.getByRole('dialog');
  const radios = within(dialog).getAllByRole('radio') as HTMLInputElement[];
  expect(radios.map((r) => r.checked)).toEqual([false, false]);
  const send = within(dialog).getByRole('button', { name: 'Review 2 orders' }) as HTMLButtonElement;
  expect(send.disabled).toBe(true);
  fireEvent.click(send);
  expect(onConfirm).not.toHaveBeenCalled();
  fireEvent.click(within(dialog).getByLabelText(/Reject/));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Reject 2 orders' }));
  expect(onConfirm).toHaveBeenCalledWith(
    expect.objectContaining({
      items: [expect.objectContaining({ approve: false }), expect.objectContaining({ approve: false })],
    }),
  );
});

test('the cancel dialog says "Keep orders" and "Cancel 5 orders", never two buttons called Cancel', () => {
  const onCancel = vi.fn();
  render(<BulkDialog action="cancel" orders={orders(5, 'authorised')} onConfirm={() => {}} onCancel={onCancel} />);
  const dialog = screen.getByRole('dialog');
  expect(
    within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Keep orders', 'Cancel 5 orders']);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Keep orders' }));
  expect(onCancel).toHaveBeenCalled();
});

test('a refund whose outcome is unknown (the gateway answered 503) is "not known yet, being checked", not failed', () => {
  render(
    <BulkResults
      action="refund"
      onClose={() => {}}
      results={[
        {
          order_no: 'ORD-1',
          ok: false,
          error: {
            code: 'outcome_unknown',
            message:
              'the gateway did not answer clearly (HTTP 503); it is checked by the next request, sync or reconcile',
          },
        },
        { order_no: 'ORD-2', ok: true },
      ]}
    />,
  );
  expect(screen.getByRole('status').textContent).toBe('1 succeeded, 0 failed, 1 not known yet (being checked), of 2.');
  const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('ORD-1'))!;
  expect(row.textContent).toContain('Not known yet, being checked');
  expect(row.textContent).not.toContain('Failed');
  expect(row.textContent).not.toContain('Error');
});

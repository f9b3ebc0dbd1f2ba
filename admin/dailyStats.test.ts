import { expect, test } from 'vitest';
import type { OrderRow } from './api/client';
import { approvalRate, datesBetween, statsFromOrders } from './dailyStats';
import { order } from './testing/stubFetch';

test('approval rate is approved over approved + declined, exact to one decimal', () => {
  const day = (status: string, count: number) =>
    ({ date: '2024-05-01', status, count, volume_minor: 0, currency: 'USD' }) as const;
  expect(approvalRate([day('paid', 2), day('refunded', 1), day('declined', 1), day('pending', 50)] as never)).toBe(
    '75.0%',
  );
  expect(approvalRate([day('paid', 2), day('declined', 1)] as never)).toBe('66.7%');
  expect(approvalRate([day('pending', 3)] as never)).toBeNull();
});

test('stats from orders group by UTC day, status and currency', () => {
  const rows = [
    order(1, { created_at: '2024-05-01T23:59:00Z', amount: '1.10' }),
    order(2, { created_at: '2024-05-01T01:00:00Z', amount: '2.20' }),
    order(3, { created_at: '2024-05-02T00:00:00Z', status: 'declined' }),
  ] as OrderRow[];
  expect(statsFromOrders(rows)).toEqual([
    { date: '2024-05-01', status: 'paid', count: 2, volume_minor: 330, currency: 'USD' },
    { date: '2024-05-02', status: 'declined', count: 1, volume_minor: 1000, currency: 'USD' },
  ]);
});

test('every day of the range is listed, across a month end', () => {
  expect(datesBetween('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  expect(datesBetween('2024-03-02', '2024-03-01')).toEqual([]);
});

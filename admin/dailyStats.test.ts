import { expect, test } from 'vitest';
import { approvalRate, datesBetween } from './dailyStats';

test('approval rate is approved over approved + declined, exact to one decimal', () => {
  const day = (status: string, count: number) =>
    ({ date: '2024-05-01', status, count, volume_minor: 0, currency: 'USD' }) as const;
  expect(approvalRate([day('paid', 2), day('refunded', 1), day('declined', 1), day('pending', 50)] as never)).toBe(
    '75.0%',
  );
  expect(approvalRate([day('paid', 2), day('declined', 1)] as never)).toBe('66.7%');
  expect(approvalRate([day('pending', 3)] as never)).toBeNull();
});

test('every day of the range is listed, across a month end', () => {
  expect(datesBetween('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  expect(datesBetween('2024-03-02', '2024-03-01')).toEqual([]);
});

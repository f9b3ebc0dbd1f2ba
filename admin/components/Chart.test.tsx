// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, expect, test } from 'vitest';
import { toChartDays } from '../dailyStats';
import { formatMinor } from '../formatMoney';
import { Chart } from './Chart';

afterEach(cleanup);

const stats = [
  {
    date: '2024-05-01',
    status: 'paid',
    count: 3,
    volume_minor: 3000,
    currency: 'USD',
  },
  {
    date: '2024-05-01',
    status: 'declined',
    count: 1,
    volume_minor: 1000,
    currency: 'USD',
  },
  {
    date: '2024-05-03',
    status: 'paid',
    count: 6,
    volume_minor: 6050,
    currency: 'USD',
  },
  {
    date: '2024-05-03',
    status: 'paid',
    count: 9,
    volume_minor: 900,
    currency: 'EUR',
  },
] as const;
const dates = ['2024-05-01', '2024-05-02', '2024-05-03'];

function bars(container: Element) {
  return [...container.querySelectorAll('rect.bar')].map((r) => ({
    date: r.getAttribute('data-date'),
    status: r.getAttribute('data-status'),
    height: Number(r.getAttribute('height')),
    y: Number(r.getAttribute('y')),
  }));
}

test('draws one stacked bar segment per day and status, sized to its value', () => {
  const { container } = render(
    <Chart
      title="Orders per day"
      days={toChartDays([...stats], dates, 'count')}
      statuses={['paid', 'declined']}
      format={String}
    />,
  );
  const b = bars(container);
  expect(b.map((x) => `${x.date} ${x.status}`)).toEqual(['2024-05-01 paid', '2024-05-01 declined', '2024-05-03 paid']);
  const [paid1, declined1, paid3] = b;
  // count across currencies: 6 + 9 = 15 is the tallest bar; 3 is a fifth of it, 1 a fifteenth
  expect(paid3!.height / paid1!.height).toBeCloseTo(5);
  expect(paid3!.height / declined1!.height).toBeCloseTo(15);
  // declined sits on top of paid in the same column
  expect(declined1!.y + declined1!.height).toBeCloseTo(paid1!.y);
  // a day without orders draws nothing
  expect(b.some((x) => x.date === '2024-05-02')).toBe(false);
  expect(screen.getByRole('img').getAttribute('aria-label')).toContain('Orders per day');
});

test('volume is per currency and the figures are in the table', () => {
  const { container } = render(
    <Chart
      title="USD volume"
      days={toChartDays([...stats], dates, 'volume', 'USD')}
      statuses={['paid', 'declined']}
      format={(v) => formatMinor(v, 'USD')}
    />,
  );
  expect(bars(container)).toHaveLength(3);
  const table = screen.getByRole('table');
  const rows = within(table)
    .getAllByRole('row')
    .map((r) => r.textContent);
  expect(rows).toEqual([
    'DatePaidDeclined',
    '2024-05-01USD 30.00USD 10.00',
    '2024-05-02USD 0.00USD 0.00',
    '2024-05-03USD 60.50USD 0.00',
  ]);
  expect(container.querySelector('rect[data-date="2024-05-03"] title')?.textContent).toBe('2024-05-03 Paid: USD 60.50');
});

test('an empty range draws no bars and still names the chart', () => {
  const { container } = render(
    <Chart title="Nothing" days={toChartDays([], dates, 'count')} statuses={['paid']} format={String} />,
  );
  expect(bars(container)).toHaveLength(0);
  expect(screen.getByRole('img')).toBeTruthy();
});

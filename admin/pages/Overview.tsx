import { useEffect, useState } from 'preact/hooks';
import type { OrderStatus } from '../../shared/gateway/status';
import type { AdminApi, DisputeSummary, OrderStats } from '../api/client';
import { Chart } from '../components/Chart';
import { Table } from '../components/Table';
import { NeedsAction } from '../components/NeedsAction';
import { approvalRate, datesBetween, overviewTotals, toChartDays } from '../dailyStats';
import { errorText } from '../errorText';
import { formatAmount, formatMinor } from '../formatMoney';
import { useTitle } from '../useTitle';

/** Bottom to top in each bar: money kept first, then what is still open, then what failed. */
const STACK: OrderStatus[] = [
  'paid',
  'partially_refunded',
  'refunded',
  'authorised',
  'review',
  'pending',
  'unknown',
  'created',
  'declined',
  'cancelled',
];

function isoDay(offset: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/**
 * For a chosen range (days in UTC): orders with a payment attempt, abandoned checkouts, the approval rate, the
 * money per currency (gross, refunded, lost in disputes, net), each amount on the day it moved, so a month's
 * figures stay as they were when one of its orders is refunded later; and volume and count per day by status.
 */
export function Overview({ api }: { api: AdminApi }) {
  useTitle('Overview');
  const [range, setRange] = useState({ from: isoDay(-29), to: isoDay(0) });
  const [draft, setDraft] = useState(range);
  const [rangeError, setRangeError] = useState<string>();
  const [stats, setStats] = useState<OrderStats | null>(null);
  const [error, setError] = useState<string>();
  const [metric, setMetric] = useState<'count' | 'volume'>('count');
  const [currency, setCurrency] = useState<string>('');
  const [disputes, setDisputes] = useState<DisputeSummary | null>(null);

  useEffect(() => {
    // the figures since the first dispute, not the range's: disputes arrive weeks after their payments
    api.disputeSummary().then(setDisputes, () => setDisputes(null));
  }, []);

  useEffect(() => {
    let live = true;
    setStats(null);
    setError(undefined);
    api.getStats(range.from, range.to).then(
      (s) => live && setStats(s),
      (e) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [range.from, range.to]);

  const days = stats?.days ?? [];
  const currencies = [...new Set(days.map((d) => d.currency))].sort();
  const shownCurrency = currencies.includes(currency) ? currency : (currencies[0] ?? '');
  const dates = datesBetween(range.from, range.to);
  const chartDays = toChartDays(days, dates, metric, shownCurrency);
  const totals = overviewTotals(days, stats?.money ?? []);
  const moneyCurrencies = Object.keys(totals.gross).sort();
  const rate = approvalRate(days);

  return (
    <>
      <h1 tabIndex={-1}>Overview</h1>
      <NeedsAction api={api} />
      <form
        class="filters"
        aria-label="Date range"
        onSubmit={(e) => {
          e.preventDefault();
          if (!draft.from || !draft.to || draft.from > draft.to)
            return setRangeError('Choose a start date on or before the end date.');
          setRangeError(undefined);
          setRange(draft);
        }}
      >
        <div class="field">
          <label for="range-from">From</label>
          <input
            id="range-from"
            type="date"
            value={draft.from}
            onInput={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
          />
        </div>
        <div class="field">
          <label for="range-to">To</label>
          <input
            id="range-to"
            type="date"
            value={draft.to}
            onInput={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
          />
        </div>
        <div class="actions">
          <button type="submit" class="primary">
            Show
          </button>
        </div>
        {rangeError && (
          <p class="field-error" role="alert">
            {rangeError}
          </p>
        )}
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!stats && !error && <p role="status">Loading…</p>}
      {stats && (
        <>
          <ul class="tiles" aria-label="Totals for the range">
            <li>
              <span class="tile-label">Orders</span>
              <span class="tile-value">{totals.attempted}</span>
              <span class="tile-hint">with a payment attempt</span>
            </li>
            <li>
              <span class="tile-label">Abandoned checkouts</span>
              <span class="tile-value">{totals.abandoned}</span>
              <span class="tile-hint">opened, never paid; they expire</span>
            </li>
            <li>
              <span class="tile-label">Approval rate</span>
              <span class="tile-value">{rate ?? '–'}</span>
              <span class="tile-hint">approved of approved + declined</span>
            </li>
            <li>
              <span class="tile-label">Disputed volume</span>
              <span class="tile-value">
                {(disputes?.disputed ?? []).map((d) => formatAmount(d.amount, d.currency)).join(', ') || '–'}
              </span>
              <span class="tile-hint">all time, {disputes?.open ?? 0} open</span>
            </li>
            <li>
              <span class="tile-label">Dispute rate</span>
              <span class="tile-value">
                {typeof disputes?.rate === 'number' ? `${(disputes.rate * 100).toFixed(2)}%` : '–'}
              </span>
              <span class="tile-hint">disputes per captured order, all time</span>
            </li>
          </ul>
          <h2>Money, {range.from === range.to ? range.from : `${range.from} to ${range.to}`}</h2>
          <p class="hint">
            Each amount on the day it moved: a payment on the day it was captured, a refund on the day it succeeded, a
            chargeback on the day it was lost.
          </p>
          <Table
            caption="Money per currency"
            hideCaption
            rows={moneyCurrencies}
            rowKey={(c) => c}
            empty="No money moved in this range."
            columns={[
              { key: 'currency', header: 'Currency', cell: (c) => c },
              { key: 'gross', header: 'Gross', class: 'num', cell: (c) => formatMinor(totals.gross[c] ?? 0, c) },
              {
                key: 'refunded',
                header: 'Refunded',
                class: 'num',
                cell: (c) => formatMinor(totals.refunded[c] ?? 0, c),
              },
              {
                key: 'lost',
                header: 'Lost in disputes',
                class: 'num',
                cell: (c) => formatMinor(totals.lost[c] ?? 0, c),
              },
              { key: 'net', header: 'Net', class: 'num', cell: (c) => formatMinor(totals.net[c] ?? 0, c) },
            ]}
          />
          <fieldset class="inline">
            <legend>Show</legend>
            <label class="choice">
              <input type="radio" name="metric" checked={metric === 'count'} onChange={() => setMetric('count')} />
              Number of orders
            </label>
            <label class="choice">
              <input
                type="radio"
                name="metric"
                checked={metric === 'volume'}
                onChange={() => setMetric('volume')}
                disabled={currencies.length === 0}
              />
              Volume
            </label>
            {metric === 'volume' && currencies.length > 1 && (
              <label class="choice">
                Currency{' '}
                <select value={shownCurrency} onChange={(e) => setCurrency(e.currentTarget.value)}>
                  {currencies.map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </select>
              </label>
            )}
          </fieldset>
          <Chart
            title={
              metric === 'count'
                ? `Orders per day by status, ${range.from} to ${range.to}`
                : `${shownCurrency} volume per day by status, ${range.from} to ${range.to}`
            }
            days={chartDays}
            statuses={STACK}
            format={metric === 'count' ? String : (v) => formatMinor(v, shownCurrency)}
          />
        </>
      )}
    </>
  );
}

import { useEffect, useState } from 'preact/hooks';
import type { AdminApi, AdminDispute } from '../api/client';
import { DateTime } from '../components/DateTime';
import { Table } from '../components/Table';
import { daysLeftText } from '../daysLeftText';
import { errorText } from '../errorText';
import { href, navigate } from '../route';
import { useTitle } from '../useTitle';
import { formatAmount } from '../formatMoney';

/** The page's filters and the API query each one asks. */
const VIEWS = {
  all: { label: 'Open first, then decided', queries: [{ state: 'open' }, { state: 'closed' }] },
  open: { label: 'Open', queries: [{ state: 'open' }] },
  due7: { label: 'Open, due within 7 days', queries: [{ state: 'open', due_within_days: '7' }] },
  won: { label: 'Won', queries: [{ state: 'won' }] },
  lost: { label: 'Lost', queries: [{ state: 'lost' }] },
} as const;
type View = keyof typeof VIEWS;

/** Chargebacks the gateway reported: the open ones first, soonest due first, with the days left to respond. */
export function Disputes({ api, query }: { api: AdminApi; query: URLSearchParams }) {
  useTitle('Disputes');
  const asked = query.get('view') ?? 'all';
  const view: View = asked in VIEWS ? (asked as View) : 'all';
  return (
    <>
      <h1 tabIndex={-1}>Disputes</h1>
      <div class="field">
        <label for="dispute-view">Show</label>
        <select
          id="dispute-view"
          value={view}
          onChange={(e) => navigate(href('disputes', { view: e.currentTarget.value }))}
        >
          {(Object.keys(VIEWS) as View[]).map((v) => (
            <option key={v} value={v}>
              {VIEWS[v].label}
            </option>
          ))}
        </select>
      </div>
      {VIEWS[view].queries.map((q) => (
        <DisputeList key={`${view}-${q.state}`} api={api} query={q} />
      ))}
    </>
  );
}

function DisputeList({ api, query }: { api: AdminApi; query: { state: string; due_within_days?: string } }) {
  const open = query.state === 'open';
  const caption = open ? 'Open disputes' : query.state === 'closed' ? 'Decided disputes' : `Disputes ${query.state}`;
  const [rows, setRows] = useState<AdminDispute[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string>();

  const load = (cursor?: string) =>
    api.listDisputes({ ...query, ...(cursor ? { cursor } : {}) }).then(
      (page) => {
        setRows((prev) => [...(cursor ? (prev ?? []) : []), ...page.disputes]);
        setNext(page.next_cursor);
      },
      (e) => setError(errorText(e)),
    );
  useEffect(() => {
    void load();
  }, []);

  return (
    <>
      <h2>{caption}</h2>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <Table
        caption={caption}
        hideCaption
        rows={rows ?? []}
        rowKey={(d) => d.dispute_id}
        empty={rows ? 'None.' : 'Loading…'}
        columns={[
          { key: 'id', header: 'Dispute', class: 'mono', cell: (d) => d.dispute_id },
          { key: 'order', header: 'Order', cell: (d) => <a href={href(['orders', d.order_no])}>{d.order_no}</a> },
          { key: 'amount', header: 'Amount', class: 'num', cell: (d) => formatAmount(d.amount, d.currency) },
          { key: 'reason', header: 'Reason', cell: (d) => `${d.reason_code} ${d.reason}` },
          { key: 'by', header: 'Respond by', cell: (d) => d.respond_by },
          open
            ? {
                key: 'left',
                header: 'Days left',
                cell: (d) => (
                  <span class={d.days_left !== null && d.days_left <= 2 ? 'urgent' : undefined}>
                    {d.days_left === null ? '–' : daysLeftText(d.days_left)}
                  </span>
                ),
              }
            : { key: 'outcome', header: 'Outcome', cell: (d) => d.outcome ?? 'open' },
          { key: 'opened', header: 'Opened', cell: (d) => <DateTime iso={d.opened_at} /> },
        ]}
      />
      {next && (
        <button type="button" onClick={() => void load(next)}>
          Load more
        </button>
      )}
    </>
  );
}

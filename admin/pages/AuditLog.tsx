import { useEffect, useState } from 'preact/hooks';
import type { AdminApi, AuditEvent } from '../api/client';
import { actorText } from '../actorText';
import { auditLinkOf } from '../auditLink';
import { auditAmount, auditOutcome, auditWhat, boundedDetail } from '../auditText';
import { DateTime } from '../components/DateTime';
import { Table } from '../components/Table';
import { errorText } from '../errorText';
import { href, navigate } from '../route';
import { useTitle } from '../useTitle';

type Who = 'people' | 'system' | 'all';
const WHO: { value: Who; label: string }[] = [
  { value: 'people', label: 'People' },
  { value: 'system', label: 'System' },
  { value: 'all', label: 'All' },
];

/**
 * Who did what, newest first: people's actions (a person, an API key, the admin token; sign-ins and exports too)
 * apart from the machine's (every call to the gateway, every notification, every status change), People first.
 * Each line reads as a sentence: who, what, on which order, the amount and how it ended; its recorded details
 * (secrets masked by the backend) fold under Details, bounded.
 */
export function AuditLog({ api, query }: { api: AdminApi; query: URLSearchParams }) {
  useTitle('Audit log');
  const orderNo = query.get('order_no') ?? '';
  const type = query.get('type') ?? '';
  const actor = query.get('actor') ?? '';
  const given = query.get('who');
  const who: Who = WHO.some((w) => w.value === given) ? (given as Who) : 'people';
  const [form, setForm] = useState({ order_no: orderNo, type, actor, who });
  const [events, setEvents] = useState<AuditEvent[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string>();

  const load = (cursor?: string) =>
    api
      .listEvents({
        order_no: orderNo || undefined,
        type: type || undefined,
        actor: actor || undefined,
        who,
        cursor,
      })
      .then(
        (page) => {
          setEvents((prev) => [...(cursor ? (prev ?? []) : []), ...page.events]);
          setNext(page.next_cursor ?? null);
        },
        (e) => setError(errorText(e)),
      );

  useEffect(() => {
    setEvents(null);
    setError(undefined);
    setForm({ order_no: orderNo, type, actor, who });
    void load();
  }, [orderNo, type, actor, who]);

  return (
    <>
      <h1 tabIndex={-1}>Audit log</h1>
      <search aria-label="Filter the audit log">
        <form
          class="filters"
          onSubmit={(e) => {
            e.preventDefault();
            navigate(linkOf(form));
          }}
        >
          <div class="field">
            <label for="events-who">Show</label>
            <select
              id="events-who"
              value={form.who}
              onChange={(e) => {
                const next = { ...form, who: e.currentTarget.value as Who };
                setForm(next);
                navigate(linkOf(next));
              }}
            >
              {WHO.map((w) => (
                <option key={w.value} value={w.value}>
                  {w.label}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="events-order">Order number</label>
            <input
              id="events-order"
              value={form.order_no}
              onInput={(e) => setForm({ ...form, order_no: e.currentTarget.value })}
            />
          </div>
          <div class="field">
            <label for="events-type">Event type</label>
            <input
              id="events-type"
              value={form.type}
              onInput={(e) => setForm({ ...form, type: e.currentTarget.value })}
            />
          </div>
          <div class="field">
            <label for="events-actor">Actor</label>
            <input
              id="events-actor"
              placeholder="key:ck_finance_… or user:…"
              value={form.actor}
              onInput={(e) => setForm({ ...form, actor: e.currentTarget.value })}
            />
          </div>
          <div class="actions">
            <button type="submit" class="primary">
              Apply
            </button>
          </div>
        </form>
      </search>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <Table
        caption="Audit log entries, newest first"
        hideCaption
        rows={(events ?? []).map((e, i) => ({ e, i }))}
        rowKey={(r) => String(r.i)}
        empty={events ? 'No entries.' : 'Loading…'}
        columns={[
          { key: 'at', header: 'When', cell: (r) => <DateTime iso={r.e.at} /> },
          {
            key: 'actor',
            header: 'Who',
            cell: (r) =>
              r.e.actor ? (
                <a href={href('events', { actor: r.e.actor })} title={r.e.actor}>
                  {actorText(r.e.actor)}
                </a>
              ) : (
                <span class="muted">System</span>
              ),
          },
          {
            key: 'what',
            header: 'What',
            cell: (r) => {
              const what = auditWhat(r.e);
              return (
                <>
                  <strong>{what.kind}</strong>
                  {what.text && <> {what.text}</>}
                </>
              );
            },
          },
          {
            key: 'order',
            header: 'Order',
            cell: (r) => {
              const link = auditLinkOf(r.e);
              return link ? <a href={href(link.parts)}>{link.label}</a> : '';
            },
          },
          { key: 'amount', header: 'Amount', class: 'num', cell: (r) => auditAmount(r.e) },
          { key: 'outcome', header: 'Outcome', cell: (r) => auditOutcome(r.e) },
          {
            key: 'detail',
            header: 'Details',
            cell: (r) =>
              r.e.detail === undefined || r.e.detail === null ? (
                ''
              ) : (
                <details>
                  <summary>Details</summary>
                  <pre class="detail-cell">{boundedDetail(r.e.detail)}</pre>
                </details>
              ),
          },
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

/** The log's address for these filters; People, the default, is left out of it. */
function linkOf(filters: { order_no: string; type: string; actor: string; who: Who }): string {
  return href('events', { ...filters, who: filters.who === 'people' ? undefined : filters.who });
}

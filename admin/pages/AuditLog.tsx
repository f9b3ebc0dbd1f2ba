import { useEffect, useState } from 'preact/hooks';
import type { AdminApi, AuditEvent } from '../api/client';
import { auditLinkOf } from '../auditLink';
import { DateTime } from '../components/DateTime';
import { show } from '../components/RecordTable';
import { Table } from '../components/Table';
import { errorText } from '../errorText';
import { href, navigate } from '../route';
import { useTitle } from '../useTitle';

/**
 * Every call to the gateway, every notification and every owner action, as the backend recorded them (secrets
 * masked there), with who did it: a person, an API key by its prefix, or nobody (the gateway, the reconcile loop).
 */
export function AuditLog({ api, query }: { api: AdminApi; query: URLSearchParams }) {
  useTitle('Audit log');
  const orderNo = query.get('order_no') ?? '';
  const type = query.get('type') ?? '';
  const actor = query.get('actor') ?? '';
  const [form, setForm] = useState({ order_no: orderNo, type, actor });
  const [events, setEvents] = useState<AuditEvent[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string>();

  const load = (cursor?: string) =>
    api.listEvents({ order_no: orderNo || undefined, type: type || undefined, actor: actor || undefined, cursor }).then(
      (page) => {
        setEvents((prev) => [...(cursor ? (prev ?? []) : []), ...page.events]);
        setNext(page.next_cursor ?? null);
      },
      (e) => setError(errorText(e)),
    );

  useEffect(() => {
    setEvents(null);
    setError(undefined);
    setForm({ order_no: orderNo, type, actor });
    void load();
  }, [orderNo, type, actor]);

  return (
    <>
      <h1 tabIndex={-1}>Audit log</h1>
      <search aria-label="Filter the audit log">
        <form
          class="filters"
          onSubmit={(e) => {
            e.preventDefault();
            navigate(href('events', form));
          }}
        >
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
          { key: 'type', header: 'Type', cell: (r) => r.e.type },
          {
            key: 'actor',
            header: 'Actor',
            cell: (r) =>
              r.e.actor ? (
                <a class="mono" href={href('events', { actor: r.e.actor })}>
                  {r.e.actor}
                </a>
              ) : (
                <span class="muted">gateway</span>
              ),
          },
          {
            key: 'order',
            header: 'Order',
            cell: (r) => {
              const link = auditLinkOf(r.e);
              return link ? <a href={href(link.parts)}>{link.label}</a> : '';
            },
          },
          { key: 'detail', header: 'Detail', cell: (r) => <span class="detail-cell">{show(r.e.detail)}</span> },
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

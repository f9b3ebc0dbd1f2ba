import { useEffect, useState } from 'preact/hooks';
import type { AdminApi, BulkAction, OrderPage, OrderRow } from '../api/client';
import { BulkActionBar, type BarAction } from '../components/BulkActionBar';
import { BulkDialog } from '../components/BulkDialog';
import { DateTime } from '../components/DateTime';
import { ExportOrders } from '../components/ExportOrders';
import { OrderFilters, type Filters } from '../components/OrderFilters';
import { RunStatus } from '../components/RunStatus';
import { StatusBadge } from '../components/StatusBadge';
import { SyncRange } from '../components/SyncRange';
import { Table } from '../components/Table';
import { errorText } from '../errorText';
import { href, navigate } from '../route';
import { useBulkRun } from '../useBulkRun';
import { useTitle } from '../useTitle';
import { formatAmount } from '../formatMoney';

const PAGE_SIZE = 50;
/** Loading "every matching order" stops here, so a mistaken click cannot pull a whole history into the tab. */
const MAX_SELECTION = 10_000;

/** The orders table: filters, cursor pages, a selection that survives paging, and bulk actions on it. */
export function Orders({ api, query }: { api: AdminApi; query: URLSearchParams }) {
  useTitle('Orders');
  const filters: Filters = {
    status: query.get('status') ?? '',
    from: query.get('from') ?? '',
    to: query.get('to') ?? '',
    q: query.get('q') ?? '',
  };
  const filterKey = JSON.stringify(filters);
  // The cursors of the pages before this one, kept per filter so a new filter starts on its first page.
  const [paging, setPaging] = useState<{ key: string; cursors: string[] }>({ key: filterKey, cursors: [] });
  const cursors = paging.key === filterKey ? paging.cursors : [];
  const cursor = cursors[cursors.length - 1];
  const [page, setPage] = useState<OrderPage | null>(null);
  const [loadError, setLoadError] = useState<string>();
  const [reload, setReload] = useState(0);
  // The selection belongs to the filter it was made under: a new filter starts with none, so no action is ever
  // run on orders the list no longer shows ("Review 6 orders" with 3 in view), and a "select all" that finishes
  // after the filter changed selects nothing
  const [selection, setSelection] = useState<{ key: string; orders: Map<string, OrderRow> }>({
    key: filterKey,
    orders: new Map(),
  });
  const selected = selection.key === filterKey ? selection.orders : new Map<string, OrderRow>();
  const setSelected = (orders: Map<string, OrderRow>, key = filterKey) => setSelection({ key, orders });
  const [selecting, setSelecting] = useState(false);
  const [dialog, setDialog] = useState<BulkAction | null>(null);
  const run = useBulkRun(api, () => {
    setSelected(new Map());
    setReload((n) => n + 1);
  });

  useEffect(() => {
    let live = true;
    setLoadError(undefined);
    api.listOrders({ ...filters, cursor, limit: PAGE_SIZE }).then(
      (p) => live && setPage(p),
      (e) => live && setLoadError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [filterKey, cursor, reload]);

  const rows = page?.orders ?? [];
  const allOnPage = rows.length > 0 && rows.every((o) => selected.has(o.order_no));
  const toggle = (orders: readonly OrderRow[], on: boolean) => {
    const next = new Map(selected);
    for (const o of orders) on ? next.set(o.order_no, o) : next.delete(o.order_no);
    setSelected(next);
  };

  async function selectAllMatching() {
    setSelecting(true);
    const next = new Map(selected);
    const madeFor = filterKey;
    try {
      let c: string | undefined;
      do {
        const p = await api.listOrders({ ...filters, cursor: c, limit: 100 });
        for (const o of p.orders) next.set(o.order_no, o);
        c = p.next_cursor ?? undefined;
      } while (c && next.size < MAX_SELECTION);
      setSelected(next, madeFor);
    } catch (e) {
      setLoadError(errorText(e));
    } finally {
      setSelecting(false);
    }
  }

  function onAction(action: BarAction) {
    if (action === 'sync')
      void run.run(
        'sync',
        [...selected.keys()].map((order_no) => ({ order_no })),
      );
    else setDialog(action);
  }

  const busy = run.progress !== null || selecting;
  return (
    <>
      <h1 tabIndex={-1}>Orders</h1>
      <OrderFilters key={filterKey} value={filters} onApply={(f) => navigate(href('orders', { ...f }))} />
      <SyncRange busy={busy} onSync={(from, to) => void run.syncRange(from, to)} />
      <BulkActionBar count={selected.size} busy={busy} onAction={onAction} onClear={() => setSelected(new Map())} />
      <RunStatus run={run} />
      {loadError && (
        <p class="error" role="alert">
          {loadError}
        </p>
      )}
      <div class="table-tools">
        {page && <span class="count">{page.total === 1 ? '1 order' : `${page.total} orders`}</span>}
        <button type="button" class="link" disabled={busy || !page} onClick={selectAllMatching}>
          {selecting ? 'Selecting…' : 'Select every order matching the filters'}
        </button>
        <ExportOrders api={api} filters={filters} disabled={!page} />
      </div>
      <Table
        caption={page ? 'Orders, newest first' : 'Orders (loading)'}
        hideCaption
        rowKey={(o) => o.order_no}
        rows={rows}
        empty={page ? 'No orders match these filters.' : 'Loading…'}
        columns={[
          {
            key: 'select',
            class: 'select',
            header: (
              <input
                type="checkbox"
                aria-label="Select all orders on this page"
                checked={allOnPage}
                onChange={(e) => toggle(rows, e.currentTarget.checked)}
              />
            ),
            cell: (o) => (
              <input
                type="checkbox"
                aria-label={`Select order ${o.order_no}`}
                checked={selected.has(o.order_no)}
                onChange={(e) => toggle([o], e.currentTarget.checked)}
              />
            ),
          },
          { key: 'order', header: 'Order', cell: (o) => <a href={href(['orders', o.order_no])}>{o.order_no}</a> },
          {
            key: 'status',
            header: 'Status',
            cell: (o) => (
              <>
                <StatusBadge status={o.status} />
                {o.alert && (
                  <strong class="error" title="See the order's payment alerts">
                    {' '}
                    {o.alert === 'double_payment' ? 'paid twice' : 'paid after expiry'}
                  </strong>
                )}
              </>
            ),
          },
          { key: 'amount', header: 'Amount', class: 'num', cell: (o) => formatAmount(o.amount, o.currency) },
          {
            key: 'method',
            header: 'Method',
            // an APM shows its id (pix, boleto); brand and last four are not known: the gateway's page takes the card
            cell: (o) => (o.method === 'card' ? 'Card' : (o.method ?? '')),
          },
          { key: 'email', header: 'Customer', cell: (o) => o.email ?? '' },
          { key: 'created', header: 'Created', cell: (o) => <DateTime iso={o.created_at} /> },
          { key: 'transaction', header: 'Transaction', class: 'mono', cell: (o) => o.transaction_id ?? '' },
        ]}
      />
      <nav class="pager" aria-label="Pages">
        <button
          type="button"
          disabled={cursors.length === 0}
          onClick={() => setPaging({ key: filterKey, cursors: cursors.slice(0, -1) })}
        >
          Previous page
        </button>
        <button
          type="button"
          disabled={!page?.next_cursor}
          onClick={() => page?.next_cursor && setPaging({ key: filterKey, cursors: [...cursors, page.next_cursor] })}
        >
          Next page
        </button>
      </nav>
      {dialog && (
        <BulkDialog
          action={dialog}
          orders={[...selected.values()]}
          onCancel={() => setDialog(null)}
          onConfirm={(plan) => {
            setDialog(null);
            void run.run(dialog, plan.items, plan.skipped);
          }}
        />
      )}
    </>
  );
}

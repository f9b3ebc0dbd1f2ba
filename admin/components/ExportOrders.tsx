import { useState } from 'preact/hooks';
import { ordersCsv } from '../../shared/csv/ordersCsv';
import type { AdminApi, OrderRow } from '../api/client';
import { downloadCsv } from '../downloadCsv';
import { errorText } from '../errorText';
import type { Filters } from './OrderFilters';

/**
 * "Export these orders as CSV": every order of the view's filter, not only the page on screen, fetched 100 at
 * a time by following the cursor, then one download. A failure part-way downloads nothing (half a list read as
 * the whole would be worse than none) and says how far it got.
 */
export function ExportOrders({ api, filters, disabled }: { api: AdminApi; filters: Filters; disabled: boolean }) {
  const [state, setState] = useState<{ busy: boolean; count: number; error?: string; done?: number }>({
    busy: false,
    count: 0,
  });

  async function run() {
    const rows: OrderRow[] = [];
    setState({ busy: true, count: 0 });
    try {
      let cursor: string | undefined;
      do {
        const page = await api.listOrders({ ...filters, cursor, limit: 100 });
        rows.push(...page.orders);
        cursor = page.next_cursor ?? undefined;
        setState({ busy: true, count: rows.length });
      } while (cursor);
    } catch (e) {
      setState({ busy: false, count: rows.length, error: errorText(e) });
      return;
    }
    downloadCsv(
      `${fileStem(filters)}-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}.csv`,
      ordersCsv(rows),
    );
    setState({ busy: false, count: rows.length, done: rows.length });
  }

  return (
    <>
      <button type="button" class="link" disabled={disabled || state.busy} onClick={run}>
        {state.busy ? `Exporting… ${state.count} orders` : 'Export these orders as CSV'}
      </button>
      <span role="status">
        {state.done !== undefined && `Exported ${state.done} ${state.done === 1 ? 'order' : 'orders'}.`}
      </span>
      {state.error && (
        <p class="error" role="alert">
          The export stopped after {state.count} orders and downloaded nothing: {state.error}
        </p>
      )}
    </>
  );
}

/** `orders-status-paid-q-ana`: the file says which view it holds. */
function fileStem(filters: Filters): string {
  const parts = Object.entries(filters).flatMap(([k, v]) =>
    v ? [`${k}-${v.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 40)}`] : [],
  );
  return ['orders', ...parts].join('-');
}

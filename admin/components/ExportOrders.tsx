import { useState } from 'preact/hooks';
import type { AdminApi } from '../api/client';
import { downloadCsv } from '../downloadCsv';
import { errorText } from '../errorText';
import { useCan } from '../permissions';
import type { Filters } from './OrderFilters';

/** The browser's language, as the owner's spreadsheet most likely reads numbers (de-DE: `1,50`, `;`). */
function ownerLocale(): string {
  return (typeof navigator !== 'undefined' && navigator.language) || 'en-US';
}

/**
 * "Export these orders as CSV": every order of the view's filter, not only the page on screen, written by the
 * backend in one answer (`GET /admin/api/orders/export`, which needs `orders.export` and records the export in the
 * audit log). Two files: plain CSV (what `npm run cli -- sync --csv` reads back), and one written for the owner's
 * spreadsheet in their locale (its separator and decimal mark, dates it reads as dates: shared/csv/ordersCsv.ts).
 * A failure downloads nothing and says why.
 */
export function ExportOrders({ api, filters, disabled }: { api: AdminApi; filters: Filters; disabled: boolean }) {
  const [state, setState] = useState<{ busy: boolean; error?: string; done?: number }>({ busy: false });
  const locale = ownerLocale();
  // a role without orders.export (a viewer) is refused by the backend: it is not offered the button
  if (!useCan()('orders.export')) return null;

  async function run(forSpreadsheet: boolean) {
    setState({ busy: true });
    try {
      const file = await api.exportOrders({ ...filters, ...(forSpreadsheet ? { locale } : {}) });
      const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
      downloadCsv(`${fileStem(filters)}${forSpreadsheet ? `-${locale}` : ''}-${stamp}.csv`, file.content);
      setState({ busy: false, done: file.rows });
    } catch (e) {
      setState({ busy: false, error: errorText(e) });
    }
  }

  return (
    <>
      <button type="button" class="link" disabled={disabled || state.busy} onClick={() => run(false)}>
        {state.busy ? 'Exporting…' : 'Export these orders as CSV'}
      </button>
      <button type="button" class="link" disabled={disabled || state.busy} onClick={() => run(true)}>
        {`Export for a spreadsheet in ${locale}`}
      </button>
      <span role="status">
        {state.done !== undefined && `Exported ${state.done} ${state.done === 1 ? 'order' : 'orders'}.`}
      </span>
      {state.error && (
        <p class="error" role="alert">
          The export downloaded nothing: {state.error}
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

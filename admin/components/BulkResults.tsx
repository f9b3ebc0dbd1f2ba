import type { BulkResult } from '../api/client';
import { toCsv } from '../../shared/csv/toCsv';
import { downloadCsv } from '../downloadCsv';
import { Table } from './Table';

interface Props {
  action: string;
  results: readonly BulkResult[];
  onClose: () => void;
}

function resultsCsv(action: string, results: readonly BulkResult[]): string {
  return toCsv(
    ['order_no', 'action', 'result', 'error_code', 'error_message'],
    results.map((r) => [r.order_no, action, outcome(r), r.ok ? '' : r.error.code, r.ok ? '' : r.error.message]),
  );
}

/** "ok", "failed", or "not_sent" for an order whose status ruled the action out before anything was sent. */
function outcome(r: BulkResult): string {
  return r.ok ? 'ok' : r.error.code === 'skipped' ? 'not_sent' : 'failed';
}

const OUTCOME_LABEL: Record<string, string> = { ok: 'Done', failed: 'Failed', not_sent: 'Not sent' };

/** The outcome of a bulk run, one row per order, failures first, and as a CSV file for the owner's records. */
export function BulkResults({ action, results, onClose }: Props) {
  const failed = results.filter((r) => !r.ok);
  const skipped = failed.filter((r) => outcome(r) === 'not_sent').length;
  const rows = [...failed, ...results.filter((r) => r.ok)];
  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
  return (
    <section class="results" aria-labelledby="results-title">
      <h2 id="results-title" tabIndex={-1}>
        {titleOf(action)} results
      </h2>
      <p role="status">
        {results.length - failed.length} succeeded, {failed.length - skipped} failed
        {skipped ? `, ${skipped} not sent` : ''}, of {results.length}.
      </p>
      <div class="actions">
        <button
          type="button"
          onClick={() => downloadCsv(`${action}-results-${stamp}.csv`, resultsCsv(action, results))}
        >
          Download CSV
        </button>
        <button type="button" class="link" onClick={onClose}>
          Close results
        </button>
      </div>
      <Table
        caption={`${titleOf(action)} result per order`}
        hideCaption
        columns={[
          { key: 'order', header: 'Order', cell: (r) => r.order_no },
          {
            key: 'result',
            header: 'Result',
            cell: (r) => <span class={r.ok ? 'ok' : 'fail'}>{OUTCOME_LABEL[outcome(r)]}</span>,
          },
          { key: 'error', header: 'Reason', cell: (r) => (r.ok ? '' : `${r.error.message} (${r.error.code})`) },
        ]}
        rows={rows}
        rowKey={(r) => r.order_no}
      />
    </section>
  );
}

function titleOf(action: string): string {
  return action.charAt(0).toUpperCase() + action.slice(1);
}

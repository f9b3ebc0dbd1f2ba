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

/**
 * "ok"; "not_sent" for an order whose status ruled the action out before anything was sent; "unknown" when the
 * gateway may have acted without a clear answer (a 503, a time-out): the backend checks it by query, so
 * calling it failed would invite sending it again; else "failed".
 */
function outcome(r: BulkResult): string {
  // a refund the gateway has only received (or accepted) may still fail: it is not "done" yet
  if (r.ok) return r.refund_state && r.refund_state !== 'succeeded' ? 'sent' : 'ok';
  if (r.error.code === 'skipped') return 'not_sent';
  return r.error.code === 'outcome_unknown' ? 'unknown' : 'failed';
}

const OUTCOME_LABEL: Record<string, string> = {
  ok: 'Done',
  sent: 'Sent, not finished yet: the gateway has received it',
  failed: 'Failed',
  not_sent: 'Not sent',
  unknown: 'Not known yet, being checked',
};

/** The outcome of a bulk run, one row per order, failures first, and as a CSV file for the owner's records. */
export function BulkResults({ action, results, onClose }: Props) {
  const failed = results.filter((r) => !r.ok);
  const skipped = failed.filter((r) => outcome(r) === 'not_sent').length;
  const unknown = failed.filter((r) => outcome(r) === 'unknown').length;
  const sent = results.filter((r) => outcome(r) === 'sent').length;
  const rows = [...failed, ...results.filter((r) => r.ok)];
  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
  return (
    <section class="results" aria-labelledby="results-title">
      <h2 id="results-title" tabIndex={-1}>
        {titleOf(action)} results
      </h2>
      <p role="status">
        {results.length - failed.length - sent} succeeded
        {sent ? `, ${sent} sent and not finished yet (see the order's refunds)` : ''},{' '}
        {failed.length - skipped - unknown} failed
        {skipped ? `, ${skipped} not sent` : ''}
        {unknown ? `, ${unknown} not known yet (being checked)` : ''}, of {results.length}.
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
            cell: (r) => (
              <span class={outcome(r) === 'ok' ? 'ok' : r.ok || outcome(r) === 'unknown' ? 'pending' : 'fail'}>
                {OUTCOME_LABEL[outcome(r)]}
              </span>
            ),
          },
          // the code on hover: the owner reads the words, support asks for the code
          {
            key: 'error',
            header: 'Reason',
            cell: (r) => (r.ok ? '' : <span title={r.error.code}>{r.error.message}</span>),
          },
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

import { useEffect, useState } from 'preact/hooks';
import type { AdminApi } from '../api/client';
import type { FailedRefundList } from '../../shared/contract/adminRefunds';
import { formatAmount } from '../formatMoney';
import { gatewayMessageText } from '../gatewayMessageText';
import { href } from '../route';

interface Waiting {
  capture: number;
  disputesDue: number;
  /** more disputes due than one page lists */
  moreDue: boolean;
  failed: FailedRefundList;
}

/** Failed refunds listed by name on the overview; the rest are counted. */
const SHOWN_REFUNDS = 5;

/**
 * The overview's first question (issue #32): what needs the owner now. Orders waiting for capture, open disputes
 * to answer within 7 days, and refunds that failed and were not sent again, each linking to where it is done.
 * A figure that cannot be read is left out, never shown as zero.
 */
export function NeedsAction({ api }: { api: AdminApi }) {
  const [waiting, setWaiting] = useState<Partial<Waiting>>({});
  useEffect(() => {
    let live = true;
    const keep = (part: Partial<Waiting>) => live && setWaiting((w) => ({ ...w, ...part }));
    // each figure on its own: one that fails (or is not what was expected) is left out, the others shown
    const ignore = () => {};
    api
      .listOrders({ status: 'authorised', limit: 1 })
      .then((p) => keep({ capture: p.total }))
      .catch(ignore);
    api
      .listDisputes({ state: 'open', due_within_days: '7' })
      .then((p) => keep({ disputesDue: p.disputes.length, moreDue: p.next_cursor !== null }))
      .catch(ignore);
    api
      .failedRefunds()
      .then((failed) => keep({ failed: { total: failed.total, refunds: [...failed.refunds] } }))
      .catch(ignore);
    return () => {
      live = false;
    };
  }, []);
  const { capture, disputesDue, moreDue, failed } = waiting;
  const nothing = capture === 0 && disputesDue === 0 && failed?.total === 0;
  return (
    <section class="card needs-action" aria-labelledby="needs-action-title">
      <h2 id="needs-action-title">Needs action</h2>
      {nothing ? (
        <p>Nothing is waiting for you.</p>
      ) : (
        <ul>
          {capture ? (
            <li>
              <a href={href('orders', { status: 'authorised' })}>
                {capture === 1 ? '1 order' : `${capture} orders`} waiting for capture
              </a>
            </li>
          ) : null}
          {disputesDue ? (
            <li>
              <a href={href('disputes', { view: 'due7' })}>
                {disputesDue === 1 && !moreDue ? '1 dispute' : `${disputesDue}${moreDue ? '+' : ''} disputes`} to answer
                within 7 days
              </a>
            </li>
          ) : null}
          {failed?.total ? (
            <li>
              {failed.total === 1 ? '1 refund' : `${failed.total} refunds`} failed and not sent again:
              <ul>
                {failed.refunds.slice(0, SHOWN_REFUNDS).map((r) => (
                  <li key={`${r.order_no}-${r.seq}`}>
                    <a href={href(['orders', r.order_no])}>{r.order_no}</a>: {formatAmount(r.amount, r.currency)}
                    {r.message ? `, ${gatewayMessageText(r.message).text}` : ''}
                  </li>
                ))}
                {failed.total > SHOWN_REFUNDS && <li>and {failed.total - SHOWN_REFUNDS} more</li>}
              </ul>
            </li>
          ) : null}
        </ul>
      )}
    </section>
  );
}

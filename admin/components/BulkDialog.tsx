import { useState } from 'preact/hooks';
import type { BulkAction, OrderRow } from '../api/client';
import { formatTotals } from '../formatMoney';
import { planBulk, type BulkOptions, type BulkPlan } from '../planBulk';
import { ConfirmDialog } from './ConfirmDialog';

interface Props {
  action: BulkAction;
  orders: readonly OrderRow[];
  /** the open chargeback of the one order: a refund must be confirmed against it (the backend refuses it otherwise) */
  openDispute?: { id: string; amount: string } | undefined;
  onConfirm: (plan: BulkPlan) => void;
  onCancel: () => void;
}

const VERB: Record<BulkAction, string> = { capture: 'Capture', cancel: 'Cancel', review: 'Review', refund: 'Refund' };

/**
 * Asks for the action's options and states exactly what will be sent: how many orders and what total, per
 * currency, before anything leaves the page.
 */
export function BulkDialog({ action, orders, openDispute, onConfirm, onCancel }: Props) {
  // no decision is preselected for a review: approving or rejecting someone's payment is always a choice
  const [options, setOptions] = useState<BulkOptions>({});
  const [partial, setPartial] = useState(false);
  const [despite, setDespite] = useState(false);
  const guarded = action === 'refund' && openDispute !== undefined;
  const planned = planBulk(action, orders, partial ? options : { ...options, amount: undefined });
  const plan =
    partial && !options.amount?.trim()
      ? { ...planned, problems: ['Enter the amount per order.', ...planned.problems] }
      : planned;
  const n = plan.items.length;
  // one order is named, so the owner sees which order the money leaves from
  const counted = (k: number) =>
    orders.length === 1 ? `order ${orders[0]!.order_no}` : k === 1 ? '1 order' : `${k} orders`;
  const what =
    action === 'review' && options.approve !== undefined ? (options.approve ? 'Approve' : 'Reject') : VERB[action];

  return (
    <ConfirmDialog
      title={`${VERB[action]} ${counted(orders.length)}`}
      confirmLabel={`${what} ${counted(n)}`}
      confirmDisabled={plan.problems.length > 0 || (guarded && !despite)}
      // "Cancel" beside "Cancel 5 orders" would read as the action itself
      {...(action === 'cancel' ? { dismissLabel: orders.length === 1 ? 'Keep order' : 'Keep orders' } : {})}
      onConfirm={() =>
        onConfirm(
          guarded ? { ...plan, items: plan.items.map((i) => ({ ...i, despite_dispute: openDispute.id })) } : plan,
        )
      }
      onCancel={onCancel}
    >
      {action === 'review' && (
        <fieldset>
          <legend>Decision</legend>
          <label class="choice">
            <input
              type="radio"
              name="approve"
              checked={options.approve === true}
              onChange={() => setOptions({ ...options, approve: true })}
            />
            Approve (the payment goes ahead)
          </label>
          <label class="choice">
            <input
              type="radio"
              name="approve"
              checked={options.approve === false}
              onChange={() => setOptions({ ...options, approve: false })}
            />
            Reject (the payment is cancelled)
          </label>
        </fieldset>
      )}
      {(action === 'refund' || action === 'capture') && (
        <fieldset>
          <legend>Amount</legend>
          <label class="choice">
            <input type="radio" name="amount-mode" checked={!partial} onChange={() => setPartial(false)} />
            {action === 'refund' ? 'Full refund of what is left on each order' : 'The full authorised amount'}
          </label>
          <label class="choice">
            <input type="radio" name="amount-mode" checked={partial} onChange={() => setPartial(true)} />A partial
            amount for each order
          </label>
          {partial && (
            <div class="field">
              <label for="bulk-amount">Amount per order{currencyHint(orders)}</label>
              <input
                id="bulk-amount"
                inputMode="decimal"
                autoComplete="off"
                value={options.amount ?? ''}
                onInput={(e) => setOptions({ ...options, amount: e.currentTarget.value })}
              />
            </div>
          )}
        </fieldset>
      )}
      {action === 'refund' && (
        <div class="field">
          <label for="bulk-reason">Reason (optional, up to 50 characters)</label>
          <input
            id="bulk-reason"
            maxLength={50}
            value={options.reason ?? ''}
            onInput={(e) => setOptions({ ...options, reason: e.currentTarget.value })}
          />
        </div>
      )}
      {guarded && (
        <div class="warning" role="alert">
          <p>
            {openDispute.amount} of this order is under an open chargeback (dispute {openDispute.id}). If the dispute is
            lost, the cardholder gets that money back as well as this refund. Answering the dispute is usually better.
          </p>
          <label class="choice">
            <input type="checkbox" checked={despite} onChange={(e) => setDespite(e.currentTarget.checked)} />
            Refund anyway, although dispute {openDispute.id} is open
          </label>
        </div>
      )}
      <p class="summary" data-testid="bulk-summary">
        {n === 0 ? 'Nothing will be sent.' : `${what} ${counted(n)}, total ${formatTotals(plan.totals)}.`}
      </p>
      {plan.skipped.length > 0 && (
        <p class="hint">
          {plan.skipped.length === 1 ? '1 selected order is' : `${plan.skipped.length} selected orders are`} in a status
          that does not allow this and will be listed as not sent.
        </p>
      )}
      {plan.problems.length > 0 && (
        <ul class="problems" role="alert">
          {plan.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </ConfirmDialog>
  );
}

function currencyHint(orders: readonly OrderRow[]): string {
  const currencies = [...new Set(orders.map((o) => o.currency))];
  return currencies.length === 1 ? ` (${currencies[0]})` : '';
}

import type { SubscriptionResultValue } from '../api/client';

const STATUS: Record<string, string> = { '1': 'Active', '0': 'Cancelled' };

/** The recurring contract the order's payment started: its id, status, period and next deduction date. */
export function SubscriptionResult({ result }: { result: SubscriptionResultValue }) {
  const rows: [string, string | undefined][] = [
    ['Contract', result.contract_name],
    ['Recurring id', result.recurring_id],
    [
      'Status',
      result.recurring_status === undefined ? undefined : (STATUS[result.recurring_status] ?? result.recurring_status),
    ],
    ['Period', result.recurring_deduction_period],
    ['Next deduction', result.recurring_deduction_time],
  ];
  return (
    <dl class="fields summary-fields">
      {rows
        .filter(([, v]) => v)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd class={label === 'Recurring id' ? 'mono' : undefined}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

import { useEffect, useState } from 'preact/hooks';
import type { AdminApi, Payout } from '../api/client';
import { DateTime } from '../components/DateTime';
import { PayoutStatus } from '../components/PayoutStatus';
import { Table } from '../components/Table';
import { errorText } from '../errorText';
import { useCan } from '../permissions';
import { href } from '../route';
import { useTitle } from '../useTitle';
import { formatAmount } from '../formatMoney';

function payoutId(p: Payout): string {
  return p.id ?? p.request_id ?? p.transaction_id ?? '';
}

/** Payouts sent from this shop, newest first, with their status at the gateway. */
export function Payouts({ api }: { api: AdminApi }) {
  const can = useCan();
  useTitle('Payouts');
  const [payouts, setPayouts] = useState<Payout[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string>();

  const load = (cursor?: string) =>
    api.listPayouts(cursor).then(
      (page) => {
        setPayouts((prev) => [...(cursor ? (prev ?? []) : []), ...page.payouts]);
        setNext(page.next_cursor ?? null);
      },
      (e) => setError(errorText(e)),
    );

  useEffect(() => {
    void load();
  }, []);

  return (
    <>
      <h1 tabIndex={-1}>Payouts</h1>
      {can('payouts.send') && (
        <p>
          <a class="button primary" href={href(['payouts', 'new'])}>
            New payout
          </a>{' '}
          <a class="button" href={href('recipients')}>
            Pay a saved recipient
          </a>
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <Table
        caption="Payouts"
        hideCaption
        rows={payouts ?? []}
        rowKey={payoutId}
        empty={payouts ? 'No payouts yet.' : 'Loading…'}
        columns={[
          {
            key: 'id',
            header: 'Payout',
            class: 'mono',
            cell: (p) => <a href={href(['payouts', payoutId(p)])}>{payoutId(p)}</a>,
          },
          { key: 'status', header: 'Status', cell: (p) => <PayoutStatus status={p.status} /> },
          {
            key: 'amount',
            header: 'Amount',
            class: 'num',
            cell: (p) =>
              p.payment_amount && p.payment_currency ? formatAmount(p.payment_amount, p.payment_currency) : '',
          },
          { key: 'to', header: 'Beneficiary', cell: (p) => beneficiaryName(p) },
          { key: 'created', header: 'Created', cell: (p) => <DateTime iso={p.created_at} /> },
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

function beneficiaryName(p: Payout): string {
  const b = p.beneficiary ?? {};
  return b.company_name || [b.first_name, b.last_name].filter(Boolean).join(' ');
}

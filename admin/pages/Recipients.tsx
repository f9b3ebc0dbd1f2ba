import { useEffect, useState } from 'preact/hooks';
import type { RecipientView } from '../../shared/contract/recipient';
import type { AdminApi } from '../api/client';
import { PayRecipient } from '../components/PayRecipient';
import { RecipientForm } from '../components/RecipientForm';
import { Table } from '../components/Table';
import { errorText } from '../errorText';
import { useCan } from '../permissions';
import { RECIPIENT_METHODS } from '../recipientFields';
import { useTitle } from '../useTitle';

/** Saved payout recipients: the list with "Pay" and "Archive" on each, and a form to add one. */
export function Recipients({ api }: { api: AdminApi }) {
  useTitle('Recipients');
  const [recipients, setRecipients] = useState<RecipientView[] | null>(null);
  const [paying, setPaying] = useState<RecipientView>();
  const [error, setError] = useState<string>();
  // a viewer reads recipients but may not pay, archive or add one (payouts.send): it is not offered those
  const maySend = useCan()('payouts.send');

  const load = () =>
    api.listRecipients().then(
      (r) => setRecipients(r.recipients),
      (e) => setError(errorText(e)),
    );
  useEffect(() => {
    void load();
  }, []);

  async function archive(r: RecipientView) {
    if (!confirm(`Archive ${r.name}? It can no longer be paid; past payouts stay.`)) return;
    try {
      await api.archiveRecipient(r.id);
      await load();
    } catch (e) {
      setError(errorText(e));
    }
  }

  const actions = {
    key: 'actions',
    header: 'Actions',
    cell: (r: RecipientView) => (
      <>
        <button type="button" class="primary" onClick={() => setPaying(r)} aria-label={`Pay ${r.name}`}>
          Pay
        </button>{' '}
        <button type="button" onClick={() => void archive(r)} aria-label={`Archive ${r.name}`}>
          Archive
        </button>
      </>
    ),
  };

  return (
    <>
      <h1 tabIndex={-1}>Recipients</h1>
      <p>Save who you pay once; then a payout is an amount, a currency and a reference.</p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <Table
        caption="Saved recipients"
        hideCaption
        rows={recipients ?? []}
        rowKey={(r) => r.id}
        empty={recipients ? 'No recipients yet: add one below.' : 'Loading…'}
        columns={[
          { key: 'name', header: 'Name', cell: (r) => r.name },
          { key: 'method', header: 'Sent by', cell: (r) => methodText(r.payment_method) },
          { key: 'account', header: 'Account', class: 'mono', cell: accountText },
          ...(maySend ? [actions] : []),
        ]}
      />
      {paying && <PayRecipient key={paying.id} api={api} recipient={paying} onClose={() => setPaying(undefined)} />}
      {maySend && (
        <RecipientForm
          api={api}
          onSaved={(r) => {
            setRecipients((prev) => [...(prev ?? []), r].sort((a, b) => a.name.localeCompare(b.name)));
          }}
        />
      )}
    </>
  );
}
function methodText(method: string | undefined): string {
  return RECIPIENT_METHODS.find((m) => m.value === (method ?? 'SWIFT'))?.label ?? method ?? '';
}

function accountText(r: RecipientView): string {
  const bank = r.beneficiary.bank_details ?? {};
  return [bank.iban ?? bank.account_number, bank.swift_code ?? bank.bank_code].filter(Boolean).join(' · ');
}

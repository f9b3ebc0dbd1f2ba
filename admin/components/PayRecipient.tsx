import { useState } from 'preact/hooks';
import type { FieldError } from '../../shared/contract/errors';
import type { RecipientView } from '../../shared/contract/recipient';
import type { AdminApi } from '../api/client';
import { fieldName, ownerWords } from '../errorText';
import { errorsFor } from '../nestFields';
import { usePayoutReview } from '../usePayoutReview';
import { TextField } from './TextField';

const LABELS: Record<string, string> = { amount: 'Amount', currency: 'Currency', reference: 'Reference' };

/**
 * "Pay" on a saved recipient: amount, currency and an optional reference. One Idempotency-Key per unchanged
 * form, so a double click or a retry after a time-out pays once; the created payout opens.
 */
export function PayRecipient({
  api,
  recipient,
  onClose,
}: {
  api: AdminApi;
  recipient: RecipientView;
  onClose: () => void;
}) {
  const [values, setValues] = useState({ amount: '', currency: '', reference: '' });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const payout = usePayoutReview(api, setErrors);
  const set = (field: keyof typeof values) => (value: string) => {
    payout.changed(); // another amount is another payout
    setValues({ ...values, [field]: value });
  };

  const body = () => ({
    recipient_id: recipient.id,
    amount: values.amount.trim(),
    currency: values.currency.trim().toUpperCase(),
    ...(values.reference.trim() ? { reference: values.reference.trim() } : {}),
  });

  /** "Review payout": the backend checks the payout and answers its fee and total; nothing is sent */
  function submit(e: Event) {
    e.preventDefault();
    setErrors([]);
    void payout.ask(body());
  }

  const other = errors.filter((e) => !(e.path in LABELS));
  return (
    <>
      <form class="pay-recipient" onSubmit={submit} noValidate aria-label={`Pay ${recipient.name}`}>
        <h3>Pay {recipient.name}</h3>
        {(payout.failure || other.length > 0) && (
          <p class="error" role="alert">
            {payout.failure ?? other.map((e) => `${fieldName(e.path)}: ${ownerWords(e.message)}`).join('; ')}
          </p>
        )}
        <div class="grid">
          <TextField
            name="amount"
            label="Amount (required)"
            hint="e.g. 250.00"
            inputMode="decimal"
            value={values.amount}
            onValue={set('amount')}
            error={errorsFor(errors, 'amount')}
          />
          <TextField
            name="currency"
            label="Currency (required)"
            hint="Three letters, e.g. EUR"
            value={values.currency}
            onValue={set('currency')}
            error={errorsFor(errors, 'currency')}
          />
          <TextField
            name="reference"
            label="Reference"
            hint="Shown to the recipient, e.g. the invoice number"
            value={values.reference}
            onValue={set('reference')}
            error={errorsFor(errors, 'reference')}
          />
        </div>
        <div class="actions">
          <button type="button" onClick={onClose}>
            Close
          </button>
          <button type="submit" class="primary" disabled={payout.busy}>
            {payout.submitText}
          </button>
        </div>
      </form>
      {payout.dialog(body)}
    </>
  );
}

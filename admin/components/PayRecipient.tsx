import { useRef, useState } from 'preact/hooks';
import type { FieldError } from '../../shared/contract/errors';
import type { PayoutReview } from '../../shared/contract/adminPayouts';
import type { RecipientView } from '../../shared/contract/recipient';
import { PayoutReviewDialog } from './PayoutReviewDialog';
import { ApiError, type AdminApi } from '../api/client';
import { errorText, fieldName, ownerWords } from '../errorText';
import { errorsFor } from '../nestFields';
import { href, navigate } from '../route';
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
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  /** the backend's review (amount, recipient, estimated fee, total), shown before anything is sent */
  const [review, setReview] = useState<PayoutReview>();
  const key = useRef<string | null>(null);
  const set = (field: keyof typeof values) => (value: string) => {
    key.current = null; // another amount is another payout
    setValues({ ...values, [field]: value });
  };

  const body = () => ({
    recipient_id: recipient.id,
    amount: values.amount.trim(),
    currency: values.currency.trim().toUpperCase(),
    ...(values.reference.trim() ? { reference: values.reference.trim() } : {}),
  });

  /** "Pay": the backend checks the payout and answers its fee and total, for the owner to review; nothing is sent */
  async function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    setFailure(undefined);
    setErrors([]);
    setBusy(true);
    try {
      setReview(await api.reviewPayout(body()));
    } catch (err) {
      if (err instanceof ApiError && err.fields.length) setErrors(err.fields);
      else setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  /** "Send payout" in the review: one key per unchanged form, so a double click or a retry pays once */
  async function send() {
    if (busy) return;
    setBusy(true);
    key.current ??= crypto.randomUUID();
    try {
      const payout = await api.createPayout(body(), key.current);
      key.current = null;
      navigate(href(['payouts', payout.id ?? payout.request_id ?? '']));
    } catch (err) {
      setReview(undefined);
      if (err instanceof ApiError && err.fields.length) setErrors(err.fields);
      else setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  const other = errors.filter((e) => !(e.path in LABELS));
  return (
    <>
      <form class="pay-recipient" onSubmit={submit} noValidate aria-label={`Pay ${recipient.name}`}>
        <h3>Pay {recipient.name}</h3>
        {(failure || other.length > 0) && (
          <p class="error" role="alert">
            {failure ?? other.map((e) => `${fieldName(e.path)}: ${ownerWords(e.message)}`).join('; ')}
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
          <button type="submit" class="primary" disabled={busy}>
            {busy && !review ? 'Checking…' : 'Review payout'}
          </button>
        </div>
      </form>
      {review && (
        <PayoutReviewDialog
          review={review}
          busy={busy}
          onSend={() => void send()}
          onBack={() => setReview(undefined)}
        />
      )}
    </>
  );
}

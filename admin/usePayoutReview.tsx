import { useRef, useState } from 'preact/hooks';
import type { PayoutReview } from '../shared/contract/adminPayouts';
import type { FieldError } from '../shared/contract/errors';
import { ApiError, type AdminApi } from './api/client';
import { PayoutReviewDialog } from './components/PayoutReviewDialog';
import { errorText } from './errorText';
import { href, navigate } from './route';

/**
 * The two steps of every payout form (a new payout, "Pay" on a saved recipient): "Review payout" asks the backend
 * to check the payout and answer its fee and total, nothing sent; "Send payout" in the review is the one call that
 * moves money, under one Idempotency-Key per unchanged form, so a double click or a retry after a time-out pays
 * once; the created payout then opens. Field errors go to `onFieldErrors`, anything else to `failure`.
 */
export function usePayoutReview(api: AdminApi, onFieldErrors: (fields: FieldError[]) => void) {
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [review, setReview] = useState<PayoutReview>();
  const key = useRef<string | null>(null);

  const fail = (err: unknown) => {
    if (err instanceof ApiError && err.fields.length) onFieldErrors(err.fields);
    else setFailure(errorText(err));
  };

  /** "Review payout", once the form has passed its own checks */
  async function ask(body: unknown) {
    if (busy) return;
    setFailure(undefined);
    setBusy(true);
    try {
      setReview(await api.reviewPayout(body));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function send(body: unknown) {
    if (busy) return;
    setBusy(true);
    key.current ??= crypto.randomUUID();
    try {
      const payout = await api.createPayout(body, key.current);
      key.current = null;
      const id = payout.id ?? payout.request_id ?? payout.transaction_id;
      navigate(id ? href(['payouts', id]) : href('payouts'));
    } catch (err) {
      setReview(undefined);
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    failure,
    setFailure,
    /** the form changed: it is another payout, under another key */
    changed: () => {
      key.current = null;
    },
    ask,
    /** the review dialog while there is a review to show */
    dialog: (body: () => unknown) =>
      review && (
        <PayoutReviewDialog
          review={review}
          busy={busy}
          onSend={() => void send(body())}
          onBack={() => setReview(undefined)}
        />
      ),
    /** the submit button's text */
    submitText: busy && !review ? 'Checking…' : 'Review payout',
  };
}

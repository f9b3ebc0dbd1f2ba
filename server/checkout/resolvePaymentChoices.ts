import { API_ERROR, describeFieldErrors, type FieldError } from '../../shared/contract/errors';
import type { CreatePaymentBody } from '../../shared/contract/payment';
import { ApiError } from '../apiError';
import type { Db } from '../store';
import { installmentPlansOf, type InstallmentPlan } from '../methods';
import type { PaymentMethod } from '../methods';
import { cardTokenSeal } from '../store';
import { findSavedCard } from './savedCards';
import type { SessionExtras } from './sessionExtras';
import type { SessionRow } from './sessions';

/** The shopper's choices that feed token_flag, token_id, installments and installments_id, checked. */
export interface PaymentChoices {
  installmentPlan: InstallmentPlan | undefined;
  /** `id`: ours, kept with the attempt; `token_id`: the gateway's, sent with the order */
  savedCard: { id: string; token_id: string } | undefined;
  saveCard: boolean;
}

/**
 * Checks the shopper's card choices against what the session and the method offer, and resolves them: an
 * installment count to the method's plan, a saved card id to its token (only among the session shopper's own
 * cards, so one shopper can never pay with another's). Anything not offered is a 400 naming the field.
 */
export async function resolvePaymentChoices(
  db: Db,
  session: SessionRow,
  extras: SessionExtras,
  method: PaymentMethod,
  body: CreatePaymentBody,
  /** TOKEN_KEY: opens the saved card's sealed token */
  tokenKey: string,
): Promise<PaymentChoices> {
  const errors: FieldError[] = [];
  const card = method.kind === 'card';

  let installmentPlan: InstallmentPlan | undefined;
  if (body.installments !== undefined) {
    const plans = card ? ((await installmentPlansOf(db, [method.id])).get(method.id) ?? []) : [];
    installmentPlan = plans.find((p) => p.count === body.installments);
    // paying at once needs no plan: 1 is always allowed and sends nothing
    if (!installmentPlan && body.installments !== 1)
      errors.push({ path: 'installments', message: `is not offered for ${method.id}` });
  }

  let savedCard: PaymentChoices['savedCard'];
  if (body.saved_card !== undefined) {
    const row =
      card && session.shopper_id
        ? await findSavedCard(db, cardTokenSeal(tokenKey), body.saved_card, session.shopper_id)
        : undefined;
    if (row) savedCard = row;
    else errors.push({ path: 'saved_card', message: 'is not a saved card of this shopper' });
  }

  const saveCard = body.save_card === true;
  if (saveCard && !(card && extras.allow_save_card && session.shopper_id))
    errors.push({ path: 'save_card', message: 'is not offered for this payment' });

  if (errors.length) throw new ApiError(400, API_ERROR.invalid_request, describeFieldErrors(errors), errors);
  return { installmentPlan, savedCard, saveCard };
}

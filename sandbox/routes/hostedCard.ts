import { passesLuhn } from '../../shared/card/luhn';
import { Hono } from 'hono';
import type { SandboxDeps, SandboxEnv } from '../app';
import { readFields, type Fields } from '../http/readFields';
import { renderCardPage } from '../pages/renderCardPage';
import { renderChallengePage } from '../pages/renderChallengePage';
import { amountText } from '../payments/amountText';
import { finishPayment, type Finish } from '../payments/finishPayment';
import { sendShopperBack } from '../payments/sendShopperBack';
import { cardBrand } from '../payments/cardBrand';
import { storedCardOf } from '../payments/storedCardOf';
import { cardOutcome, isExpiryValid, normaliseCardNumber, type CardOutcome } from '../payments/testCards';
import type { CardTokenRow } from '../store/cardTokens';
import { updateIfStatus, type TransactionPatch, type TransactionRow } from '../store/transactions';
import { loadPageTransaction } from './loadPageTransaction';

/** Card not yet submitted: the form may be posted. */
const cardOpen = (tx: TransactionRow) => tx.card_last4 === null;
/** Card submitted and waiting for its 3-D Secure challenge. */
export const challengeOpen = (tx: TransactionRow) => tx.card_last4 !== null && tx.is3ds === 1 && tx.settle_at === null;

/**
 * The hosted card page's form posts (`/hosted/card/:id`) and the 3-D Secure challenge (`/hosted/3ds/:id`).
 * Each ends with the shopper sent back to return_url (docs/protocol-decisions.md 7, `sendShopperBack`). The card
 * number is read here and only its last four digits, its brand and its test behaviour are kept. A checkout with a
 * token_id pays with that stored card: the page only asks to confirm it.
 */
export function hostedCardRoute(deps: SandboxDeps) {
  return new Hono<SandboxEnv>()
    .post('/card/:id', async (c) => {
      const form = await readFields(c, ['form']);
      const { tx, account } = await loadPageTransaction(deps, c.req.param('id'), form.token, 'checkout');
      c.set('accountId', account.account_id);
      const now = deps.now();
      const done = (row: TransactionRow) => sendShopperBack(c, account, row, deps.profile);
      if (tx.status !== '1000' || !cardOpen(tx)) return done(tx);
      if (form.action === 'cancel') {
        return done(
          await finishPayment(
            deps.db,
            account,
            tx.transaction_id,
            { kind: 'cancel', message: '5000:Cancelled by the shopper' },
            {},
            cardOpen,
            now,
            deps.profile,
          ),
        );
      }
      const request = JSON.parse(tx.request_json) as Fields;
      const is3ds = request.open3d === 'do3DS' ? 1 : 0;
      const saved = await storedCardOf(deps.db, tx);
      const paid = saved ? payWithStoredCard(saved, is3ds) : undefined;
      const problem = paid ? undefined : cardProblem(form, now);
      if (problem) {
        const page = renderCardPage({
          action: `${deps.publicUrl}/hosted/card/${tx.transaction_id}`,
          token: tx.page_token,
          website: String(request.website ?? ''),
          orderNo: tx.order_no,
          amountText: amountText(tx),
          error: problem,
          holder: typeof form.holder === 'string' ? form.holder : '',
        });
        return c.html(page, 400);
      }
      const { card, outcome } = paid ?? payWithTypedCard(normaliseCardNumber(String(form.card_number))!, is3ds);
      if (outcome.kind === 'challenge' && request.open3d === 'do3DS') {
        if (!(await updateIfStatus(deps.db, tx.transaction_id, '1000', { ...card, updated_at: now }))) return done(tx);
        return c.html(
          renderChallengePage({
            action: `${deps.publicUrl}/hosted/3ds/${tx.transaction_id}`,
            token: tx.page_token,
            amountText: amountText(tx),
            last4: card.card_last4,
          }),
        );
      }
      const finish: Finish =
        outcome.kind === 'decline'
          ? outcome
          : outcome.kind === 'review'
            ? outcome
            : outcome.kind === 'pending'
              ? { kind: 'pending', settleAt: now + deps.settleMs }
              : { kind: 'approve' };
      const row = await finishPayment(deps.db, account, tx.transaction_id, finish, card, cardOpen, now, deps.profile);
      deps.onEnqueued();
      return done(row);
    })
    .post('/3ds/:id', async (c) => {
      const form = await readFields(c, ['form']);
      const { tx, account } = await loadPageTransaction(deps, c.req.param('id'), form.token, 'checkout');
      c.set('accountId', account.account_id);
      const finish: Finish =
        form.result === 'pass'
          ? { kind: 'approve' }
          : { kind: 'decline', message: '4002:3-D Secure authentication failed' };
      const row = await finishPayment(
        deps.db,
        account,
        tx.transaction_id,
        finish,
        {},
        challengeOpen,
        deps.now(),
        deps.profile,
      );
      deps.onEnqueued();
      return sendShopperBack(c, account, row, deps.profile);
    });
}

interface CardPayment {
  card: TransactionPatch & { card_last4: string };
  outcome: CardOutcome;
}

/** The typed card: only its last four digits, brand and test behaviour are kept. */
function payWithTypedCard(digits: string, is3ds: number): CardPayment {
  const outcome = cardOutcome(digits);
  return {
    card: { card_last4: digits.slice(-4), card_brand: cardBrand(digits), card_outcome: JSON.stringify(outcome), is3ds },
    outcome,
  };
}

/** A stored card (token_id) pays as the card it was made from would. */
function payWithStoredCard(saved: CardTokenRow, is3ds: number): CardPayment {
  const card = {
    card_last4: saved.card_last4,
    card_brand: saved.card_brand,
    card_outcome: saved.outcome,
    token_id: saved.token_id,
    is3ds,
  };
  return { card, outcome: JSON.parse(saved.outcome) as CardOutcome };
}

/** What is wrong with the typed card, in words for the shopper; undefined when it can be charged. */
function cardProblem(form: Fields, now: number): string | undefined {
  const digits = typeof form.card_number === 'string' ? normaliseCardNumber(form.card_number) : undefined;
  if (!digits || !passesLuhn(digits)) return 'The card number is not valid. Check it and try again.';
  if (typeof form.expiry !== 'string' || !isExpiryValid(form.expiry, now))
    return 'The expiry date must be a month in the future, as MM/YY.';
  if (typeof form.cvv !== 'string' || !/^\d{3,4}$/.test(form.cvv.trim()))
    return 'The security code must be 3 or 4 digits.';
  return undefined;
}

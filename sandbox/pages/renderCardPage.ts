import { TEST_CARDS } from '../payments/testCards';
import { escapeHtml } from './escapeHtml';
import { POST_HEIGHT_SCRIPT } from './postHeightScript';
import { renderPage } from './renderPage';

export interface CardPage {
  action: string;
  token: string;
  website: string;
  orderNo: string;
  /** e.g. "$25.00", as the widget formats it (payments/amountText.ts) */
  amountText: string;
  error?: string;
  /** the holder name typed before an error; the card number is never echoed */
  holder?: string;
  /** paying with a stored card (token_id): the page asks only to confirm it */
  savedCard?: { brand: string; last4: string };
}

/**
 * The hosted payment page: a card form, and the sandbox's test cards so a person can pick an outcome; or, for
 * a payment with a stored card, that card and a Pay button.
 */
export function renderCardPage(p: CardPage): string {
  if (p.savedCard) return renderSavedCardPage(p, p.savedCard);
  return renderPage(
    'Pay by card',
    `<p class="badge">Sandbox: no real card is charged</p>
<h1>Pay ${escapeHtml(p.amountText)}</h1>
<p>${escapeHtml(p.website)} &middot; order <strong>${escapeHtml(p.orderNo)}</strong></p>
${p.error ? `<p class="error" role="alert" id="card-error">${escapeHtml(p.error)}</p>` : ''}
<form method="post" action="${escapeHtml(p.action)}" autocomplete="off">
<input type="hidden" name="token" value="${escapeHtml(p.token)}">
<label for="holder">Name on card</label>
<input id="holder" name="holder" autocomplete="cc-name" value="${escapeHtml(p.holder ?? '')}">
<label for="card_number">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required${p.error ? ' aria-describedby="card-error" aria-invalid="true"' : ''}>
<label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" placeholder="MM/YY" autocomplete="cc-exp" required>
<label for="cvv">Security code</label>
<input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit" name="action" value="pay">Pay ${escapeHtml(p.amountText)}</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
</form>
<h2>Test cards</h2>
<table>${TEST_CARDS.map((c) => `<tr><td><code>${escapeHtml(c.number.replace(/(\d{4})(?=\d)/g, '$1 '))}</code></td><td>${escapeHtml(c.label)}</td></tr>`).join('')}
<tr><td>any other valid number</td><td>approved</td></tr></table>${POST_HEIGHT_SCRIPT}`,
  );
}

function renderSavedCardPage(p: CardPage, card: { brand: string; last4: string }): string {
  const name = `${card.brand} •••• ${card.last4}`;
  return renderPage(
    'Pay by card',
    `<p class="badge">Sandbox: no real card is charged</p>
<h1>Pay ${escapeHtml(p.amountText)}</h1>
<p>${escapeHtml(p.website)} &middot; order <strong>${escapeHtml(p.orderNo)}</strong></p>
<form method="post" action="${escapeHtml(p.action)}">
<input type="hidden" name="token" value="${escapeHtml(p.token)}">
<p>Pay with ${escapeHtml(name)}</p>
<button type="submit" name="action" value="pay">Pay ${escapeHtml(p.amountText)}</button>
<button type="submit" name="action" value="cancel" class="secondary">Cancel</button>
</form>${POST_HEIGHT_SCRIPT}`,
  );
}

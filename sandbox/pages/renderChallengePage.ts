import { escapeHtml } from './escapeHtml';
import { renderPage } from './renderPage';

/** The simulated 3-D Secure challenge: the shopper decides whether authentication succeeds. */
export function renderChallengePage(p: { action: string; token: string; amountText: string; last4: string }): string {
  return renderPage(
    '3-D Secure verification',
    `<p class="badge">Sandbox issuer</p>
<h1>Verify your payment</h1>
<p>Confirm the payment of <strong>${escapeHtml(p.amountText)}</strong> with the card ending in ${escapeHtml(p.last4)}.</p>
<form method="post" action="${escapeHtml(p.action)}">
<input type="hidden" name="token" value="${escapeHtml(p.token)}">
<button type="submit" name="result" value="pass">Authenticate</button>
<button type="submit" name="result" value="fail" class="secondary">Fail authentication</button>
</form>`,
  );
}

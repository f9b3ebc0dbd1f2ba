import type { CheckoutForm } from '../gateway';
import { escapeHtml } from '../http/escapeHtml';
import { inlineHashes } from '../http/inlineHashes';
import { renderMessagePage } from './renderMessagePage';

// `submit` from the prototype: an input named "submit" (the gateway chooses the names) would shadow form.submit.
const SUBMIT_SCRIPT = `HTMLFormElement.prototype.submit.call(document.getElementById('gateway-form'));`;

/** The one script the card frame may run; a constant, so the CSP pins exactly it. */
export const FRAME_SCRIPT_HASH = inlineHashes(`<script>${SUBMIT_SCRIPT}</script>`, 'script')[0]!;

/**
 * The card frame's page, written by us from the loading page's parsed form (gateway/operations/readLoadingPage):
 * the gateway's hidden inputs, escaped, and our own auto-submit. No HTML of the gateway's reaches the browser,
 * so a script injected into the gateway's answer has nothing to run in.
 */
export function renderFramePage(form: CheckoutForm): string {
  const inputs = form.fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return renderMessagePage(
    'Loading...',
    'Loading the secure payment page...',
    `<form id="gateway-form" method="post" action="${escapeHtml(form.action)}">
${inputs}
<noscript><button type="submit">Continue to payment</button></noscript>
</form>
<script>${SUBMIT_SCRIPT}</script>`,
  );
}

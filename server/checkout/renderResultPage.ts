import type { WidgetMessage } from '../../shared/contract/payment';
import { inlineHashes } from '../http/inlineHashes';
import { renderMessagePage } from './renderMessagePage';

// Reads the result from a JSON data block (never executed, so the values cannot become code) and posts it to
// the widget's window, addressed to the shop's exact origin so no other page can read it.
const POST_SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById('checkout-result').textContent);
  var target = window.parent !== window ? window.parent : window.opener;
  if (target) target.postMessage(data.message, data.origin);
})();`;

const POST_SCRIPT_HASH = inlineHashes(`<script>${POST_SCRIPT}</script>`, 'script')[0]!;

/** JSON for a `<script type="application/json">` block: `<` escaped so the data cannot close the tag. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The return page inside the widget's iFrame: tells the widget the result by postMessage. */
export function renderResultPage(
  message: Extract<WidgetMessage, { type: 'result' }>,
  origin: string,
): { html: string; scriptHash: string } {
  const data = `<script type="application/json" id="checkout-result">${jsonForHtml({ message, origin })}</script>\n<script>${POST_SCRIPT}</script>`;
  const html = renderMessagePage(
    `Payment ${message.status}`,
    `Payment ${message.status}. You can close this window.`,
    data,
  );
  return { html, scriptHash: POST_SCRIPT_HASH };
}

import { escapeHtml } from './escapeHtml';
import { renderPage } from './renderPage';

/**
 * The shopper's return by POST (docs/protocol-decisions.md 7, the older engine's way): a page whose form posts
 * the return's fields to return_url as soon as it loads, as the loading page posts itself; with scripts off, its
 * button does the same.
 */
export function renderReturnPage(returnUrl: string, fields: readonly [string, string][]): string {
  const inputs = fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return renderPage(
    'Returning to the shop...',
    `<p role="status">Returning to the shop...</p>
<form id="return-form" method="post" action="${escapeHtml(returnUrl)}">
${inputs}
<noscript><button type="submit">Back to the shop</button></noscript>
</form>
<script>HTMLFormElement.prototype.submit.call(document.getElementById('return-form'));</script>`,
  );
}

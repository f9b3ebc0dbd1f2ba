import { escapeHtml } from './escapeHtml';
import { renderPage } from './renderPage';

export interface LoadingPage {
  /** `{base_url}/v1/checkout` */
  action: string;
  /** gateway routing inputs (docs/gateway-api.md 2.4, first group) */
  routing: readonly [string, string][];
  /** the submitted request fields under their own names */
  request: readonly [string, string][];
  /** alias names (spec 2.4, second group), also joined into `allParams` */
  aliases: readonly [string, string][];
}

/**
 * The checkout result page of spec 2.4: a loading page whose form posts itself to the gateway on load. The
 * inputs are rendered by the server (the spec's script only adds them), so the page also works as a plain
 * form with the button when scripts are off.
 */
export function renderLoadingPage(page: LoadingPage): string {
  const input = ([name, value]: readonly [string, string]) =>
    `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
  const allParams = page.aliases.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return renderPage(
    'Loading...',
    `<p role="status">Loading the secure payment page...</p>
<form id="gateway-form" method="post" action="${escapeHtml(page.action)}">
${page.routing.map(input).join('\n')}
${page.request.map(input).join('\n')}
${page.aliases.map(input).join('\n')}
${input(['allParams', allParams])}
<noscript><button type="submit">Continue to payment</button></noscript>
</form>
<script>HTMLFormElement.prototype.submit.call(document.getElementById('gateway-form'));</script>`,
  );
}

import type { Context } from 'hono';
import { escapeHtml } from '../pages/escapeHtml';
import { renderPage } from '../pages/renderPage';
import type { GatewayError } from './gatewayError';

/**
 * How a route answers errors (docs/protocol-decisions.md 2): JSON for most, XML for /v1/authorise, HTML for
 * /v1/checkout.
 */
export type ErrorFormat = 'json' | 'xml' | 'html';

export function renderGatewayError(c: Context, err: GatewayError, format: ErrorFormat): Response {
  const { code, source, text, status } = err;
  if (format === 'xml') {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<respon><code>${escapeHtml(code)}</code><source>${escapeHtml(source)}</source><message>${escapeHtml(text)}</message></respon>`;
    return c.body(xml, status, { 'Content-Type': 'application/xml; charset=utf-8' });
  }
  if (format === 'html') {
    const html = renderPage(
      'Payment request refused',
      `<h1>Payment request refused</h1>
<p class="error" role="alert"><strong>${escapeHtml(code)}</strong>: ${escapeHtml(text)}</p>
${source ? `<p>Field: <code>${escapeHtml(source)}</code></p>` : ''}`,
    );
    return c.html(html, status);
  }
  // both styles the gateway family uses, so either kind of client reads it
  return c.json({ return_status: '0', return_message: `${code}:${text}`, code, source, message: text }, status);
}

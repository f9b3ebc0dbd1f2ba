import { escapeHtml } from './escapeHtml';
import { renderPage } from './renderPage';

export const ISSUER_ACTIONS = [
  ['approve', 'Approve'],
  ['decline', 'Decline'],
  ['cancel', 'Cancel'],
  ['pending', 'Leave pending'],
] as const;
export type IssuerAction = (typeof ISSUER_ACTIONS)[number][0];

/** The APM issuer's page at `issuer_url`: a person picks the outcome of the payment. */
export function renderIssuerPage(p: {
  action: string;
  token: string;
  method: string;
  orderNo: string;
  amountText: string;
  website: string;
  done?: string;
}): string {
  return renderPage(
    `${p.method} payment`,
    `<p class="badge">Sandbox issuer</p>
<h1>${escapeHtml(p.method)}: pay ${escapeHtml(p.amountText)}</h1>
<p>${escapeHtml(p.website)} &middot; order <strong>${escapeHtml(p.orderNo)}</strong></p>
${
  p.done
    ? `<p role="status">${escapeHtml(p.done)}</p>`
    : `<form method="post" action="${escapeHtml(p.action)}">
<input type="hidden" name="token" value="${escapeHtml(p.token)}">
${ISSUER_ACTIONS.map(([value, label], i) => `<button type="submit" name="action" value="${value}"${i ? ' class="secondary"' : ''}>${label}</button>`).join('\n')}
</form>`
}`,
  );
}

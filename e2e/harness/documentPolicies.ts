/**
 * The Content-Security-Policy of every document a page loads (the page itself and every frame), from one
 * origin, so a test can check that each carries a policy and none lets inline or eval'd script run.
 */
import type { Page } from 'playwright-core';

export interface DocumentPolicy {
  url: string;
  csp: string | undefined;
}

export function recordDocumentPolicies(page: Page, origin: string): DocumentPolicy[] {
  const seen: DocumentPolicy[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() !== 'document' || new URL(response.url()).origin !== origin) return;
    // a redirect carries no page
    if (response.status() >= 300 && response.status() < 400) return;
    seen.push({ url: response.url(), csp: response.headers()['content-security-policy'] });
  });
  return seen;
}

/** The script-src (or default-src) of a policy, the directive that decides whether inline script may run. */
export function scriptSource(csp: string): string {
  const directives = csp.split(';').map((d) => d.trim());
  return (
    directives.find((d) => d.startsWith('script-src ')) ?? directives.find((d) => d.startsWith('default-src ')) ?? ''
  );
}

/**
 * Collects every Content-Security-Policy violation in a browser context: the `securitypolicyviolation` event of
 * every frame (the shop page, the card frame, the gateway's pages), and the console's "Refused to ..." lines,
 * which also cover what the event does not report (a frame refused by its parent's frame-src, for instance).
 * Install it before the context loads its first document. Never combine with `bypassCSP`: the point is to run
 * under the real policies.
 */
import type { BrowserContext, Page } from 'playwright-core';

interface CspViolation {
  source: 'event' | 'console';
  /** the document that reported it */
  url: string;
  text: string;
}

export interface CspWatch {
  /** what every page of the context reported so far */
  readonly violations: readonly CspViolation[];
}

const BINDING = '__e2eCspViolation';

export async function watchCsp(context: BrowserContext): Promise<CspWatch> {
  const violations: CspViolation[] = [];
  await context.exposeBinding(BINDING, (source, text: string) => {
    violations.push({ source: 'event', url: source.frame.url(), text });
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as Record<string, (t: string) => void>)[binding];
      report?.(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} (${e.disposition})`,
      );
    });
  }, BINDING);
  const watch = (page: Page) => {
    page.on('console', (message) => {
      const text = message.text();
      if (/Content[ -]Security[ -]Policy|Refused to /i.test(text))
        violations.push({ source: 'console', url: message.location().url, text });
    });
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
  return { violations };
}

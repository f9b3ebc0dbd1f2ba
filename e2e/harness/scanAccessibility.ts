/**
 * An axe-core scan of what the page shows now, against WCAG 2.1 A and AA, keeping the serious and critical
 * violations. axe is injected with `page.evaluate` (CDP), which the page's CSP does not govern; the contexts of
 * these scans use `bypassCSP` too, and never watch for CSP violations.
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface A11yViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** `include`: a CSS selector to scan only part of the page (the widget inside a shop page). */
export async function scanAccessibility(page: Page, include?: string): Promise<A11yViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ([selector, tags]) => {
      const w = window as unknown as { axe: typeof axe };
      const result = await w.axe.run(selector ? { include: [selector] } : document, {
        runOnly: { type: 'tag', values: tags },
        iframes: false,
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    },
    [include, TAGS] as const,
  );
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

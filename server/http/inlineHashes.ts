import { createHash } from 'node:crypto';

/**
 * CSP source expressions (`'sha256-...'`) for every inline `<script>` or `<style>` block of `html`, so a page
 * we did not write (the gateway's checkout page) can run exactly its own inline code and nothing injected.
 */
export function inlineHashes(html: string, tag: 'script' | 'style'): string[] {
  const hashes = new Set<string>();
  const re = new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'gi');
  for (const m of html.matchAll(re)) {
    if (tag === 'script' && /\bsrc\s*=/i.test(m[1] ?? '')) continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

/**
 * The backend that served this module. Its API, card frames, stylesheet and lazy chunks all live there, so the
 * widget needs no configuration beyond the script tag; `apiBase` overrides it (tests, a separate CDN).
 */
export function defaultApiBase(): string {
  try {
    const url = new URL(import.meta.url);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // not a URL: fall through
  }
  return typeof location === 'undefined' ? '' : location.origin;
}

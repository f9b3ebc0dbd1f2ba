/** Only http(s) URLs are followed or framed: a `javascript:` URL from a broken backend must not run here. */
export function isHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

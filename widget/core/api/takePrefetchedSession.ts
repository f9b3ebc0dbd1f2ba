/** A session call widget.js started before the entry loaded (loader.ts), waiting to be taken by getSession. */
export interface SessionPrefetch {
  url: string;
  secret: string;
  response: Promise<Response>;
}

/**
 * The answer widget.js already asked for, if it asked for this URL with this secret; each one is taken once (a
 * response body reads once, and a later call must see fresh data). The list hangs on `window` under a registered
 * symbol, no global name: the loader is a separate classic script and cannot import this module, so it writes
 * `Symbol.for('checkout.sessionPrefetch')` itself.
 */
export function takePrefetchedSession(url: string, secret: string): Promise<Response> | undefined {
  const list = (globalThis as unknown as Record<symbol, SessionPrefetch[] | undefined>)[
    Symbol.for('checkout.sessionPrefetch')
  ];
  const index = list?.findIndex((p) => p.url === url && p.secret === secret) ?? -1;
  return index < 0 ? undefined : list?.splice(index, 1)[0]?.response;
}

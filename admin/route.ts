import { useEffect, useState } from 'preact/hooks';

/**
 * Hash routing (`#/orders?status=paid`): the backend serves one index.html for every /admin path, and the hash
 * keeps the page's state (filters, the open order) in the address bar for the back button and bookmarks.
 */
export interface Route {
  /** path segments, decoded: `#/orders/A-1` -> ['orders', 'A-1'] */
  parts: string[];
  query: URLSearchParams;
}

function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [path = '', search = ''] = raw.split('?', 2);
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((p) => safeDecode(p));
  return { parts, query: new URLSearchParams(search) };
}

/** `href('orders', 'A 1')` -> `#/orders/A%201`; query values that are empty are left out. */
export function href(parts: string[] | string, query: Record<string, string | undefined> = {}): string {
  const path = (Array.isArray(parts) ? parts : [parts]).map(encodeURIComponent).join('/');
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  const s = params.toString();
  return `#/${path}${s ? `?${s}` : ''}`;
}

export function navigate(to: string): void {
  location.hash = to.replace(/^#/, '');
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseHash(location.hash));
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The widget's own first-party cookie on the shop's domain, the gateway's `cookie_old` / `cookie_new`
 * (docs/gateway-api.md 2.2: `name=value` pairs joined with `&`). `cookie_old` is what an earlier visit left, empty on a
 * first visit; `cookie_new` is what this checkout set, so a risk engine can tell a returning device from a new one.
 */
const DEVICE_ID = 'ck_did';
const LAST_SEEN = 'ck_seen';
const ONE_YEAR = 60 * 60 * 24 * 365;

/** The page's cookies by name (first-party: the widget runs in the shop's page). */
export function readCookies(doc: Document): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of doc.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return jar;
}

function pairs(values: readonly (readonly [string, string | undefined])[]): string {
  return values
    .filter((kv): kv is readonly [string, string] => !!kv[1])
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

export function exchangeDeviceCookie(
  doc: Document,
  now: Date,
  newId: () => string,
): { cookie_old: string; cookie_new: string } {
  const before = readCookies(doc);
  const old = pairs([
    [DEVICE_ID, before.get(DEVICE_ID)],
    [LAST_SEEN, before.get(LAST_SEEN)],
  ]);
  const id = before.get(DEVICE_ID) || newId();
  const seen = String(Math.floor(now.getTime() / 1000));
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  for (const [name, value] of [
    [DEVICE_ID, id],
    [LAST_SEEN, seen],
  ] as const) {
    doc.cookie = `${name}=${value}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure}`;
  }
  // Read back rather than assume: a browser that blocks cookies reports an empty cookie_new, which is the truth.
  const after = readCookies(doc);
  return {
    cookie_old: old,
    cookie_new: pairs([
      [DEVICE_ID, after.get(DEVICE_ID)],
      [LAST_SEEN, after.get(LAST_SEEN)],
    ]),
  };
}

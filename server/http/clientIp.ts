import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The shopper's IP address. Behind `trustedProxyHops` reverse proxies it is the address the outermost trusted
 * proxy saw, i.e. the entry that many places from the right of X-Forwarded-For: entries further left were
 * written by the client and can be forged.
 */
export function clientIp(c: Context, trustedProxyHops: number): string {
  if (trustedProxyHops > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const ip = hops[hops.length - trustedProxyHops];
    if (ip) return ip;
  }
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    // app.request() in unit tests has no socket
    return '';
  }
}

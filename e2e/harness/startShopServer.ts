/**
 * Another shop, on another origin than the backend (`http://localhost:<port>` while the backend is
 * `http://127.0.0.1:<port>`): it plays both the shop's server (it creates each checkout session with the shop
 * secret, so the secret never reaches the browser) and its pages, served under the Content-Security-Policy the
 * widget's README documents.
 *
 * - `GET /embed?locale=&country=&currency=&shopper=` creates a session (for `shopper`: with its shopper_id, cards
 *   may be saved) and serves `widget/demo/embed.html` with its
 *   placeholders filled; `GET /embed?order_no=...` (the shop's return_url, where the backend sends the shopper
 *   back from an APM issuer) shows the same session again. `&workers=refused` leaves `worker-src` out of the
 *   page's policy (the fingerprint then runs without its worker).
 * - `GET /framed?...` is a page that shows `/embed?...` in an iframe: the widget inside a framed page.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { CreateSessionResponse } from '../../shared/contract/session';
import { DEMO_CART } from '../../testing/shopClient';

export interface ShopServerOptions {
  backendUrl: string;
  gatewayUrl: string;
  shopSecret: string;
}

interface ShopSession extends CreateSessionResponse {
  locale: string;
}

export interface ShopServer {
  /** `http://localhost:<port>` */
  origin: string;
  /** every session this shop created, oldest first */
  readonly sessions: readonly ShopSession[];
  close(): Promise<void>;
}

const EMBED_PAGE = fileURLToPath(new URL('../../widget/demo/embed.html', import.meta.url));

/** The policy of widget/README.md "Content Security Policy", with this run's backend and gateway. */
export function shopCsp(backendUrl: string, gatewayUrl: string, workers = true): string {
  return [
    "default-src 'none'",
    `script-src 'self' ${backendUrl}`,
    `style-src 'self' ${backendUrl}`,
    `connect-src 'self' ${backendUrl}`,
    `frame-src 'self' ${backendUrl} ${gatewayUrl}`,
    "img-src 'self' data:",
    // the device fingerprint's worker (widget/device/fingerprintChunk.ts): a blob: module importing the widget's chunk
    ...(workers ? [`worker-src blob: ${backendUrl}`] : []),
    "base-uri 'none'",
  ].join('; ');
}

/**
 * `options` is read per request: the shop listens first, since the backend must be started with the shop's
 * origin among its ALLOWED_ORIGINS.
 */
export async function startShopServer(options: () => ShopServerOptions): Promise<ShopServer> {
  const template = readFileSync(EMBED_PAGE, 'utf8');
  const sessions: ShopSession[] = [];
  let origin = '';

  async function createSession(url: URL): Promise<ShopSession> {
    const opts = options();
    const locale = url.searchParams.get('locale') ?? '';
    const res = await fetch(`${opts.backendUrl}/api/sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${opts.shopSecret}` },
      body: JSON.stringify({
        ...DEMO_CART,
        currency: url.searchParams.get('currency') ?? DEMO_CART.currency,
        country: url.searchParams.get('country') ?? 'BR',
        // a signed-in shopper, whose cards may be saved and offered again
        ...(url.searchParams.get('shopper')
          ? { shopper_id: url.searchParams.get('shopper'), allow_save_card: true }
          : {}),
        // back to this page after an APM issuer; the backend adds order_no, status and payment_id
        return_url: `${origin}/embed`,
      }),
    });
    if (res.status !== 201) throw new Error(`shop: session not created: ${res.status} ${await res.text()}`);
    const session = { ...((await res.json()) as CreateSessionResponse), locale };
    sessions.push(session);
    return session;
  }

  async function embed(url: URL, res: ServerResponse): Promise<void> {
    const orderNo = url.searchParams.get('order_no');
    const session = orderNo ? sessions.find((s) => s.order_no === orderNo) : await createSession(url);
    if (!session) return send(res, 404, 'text/plain', `no session for order ${orderNo}`);
    const opts = options();
    const page = template
      .replaceAll('%BACKEND_URL%', opts.backendUrl)
      .replaceAll('%SESSION_ID%', session.id)
      .replaceAll('%CLIENT_SECRET%', session.client_secret)
      .replaceAll('%LOCALE%', session.locale);
    send(res, 200, 'text/html; charset=utf-8', page, url.searchParams.get('workers') !== 'refused');
  }

  function framed(url: URL, res: ServerResponse): void {
    const inner = `/embed${url.search}`;
    send(
      res,
      200,
      'text/html; charset=utf-8',
      `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A page that frames the shop</title></head>
<body><h1>Framed checkout</h1>
<iframe src="${inner.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}" title="Shop checkout" width="640" height="1400"></iframe>
</body></html>`,
    );
  }

  function send(res: ServerResponse, status: number, type: string, body: string, workers = true): void {
    const opts = options();
    res.writeHead(status, {
      'Content-Type': type,
      'Content-Security-Policy': shopCsp(opts.backendUrl, opts.gatewayUrl, workers),
      'Cache-Control': 'no-store',
    });
    res.end(body);
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    const route =
      url.pathname === '/embed'
        ? embed(url, res)
        : url.pathname === '/framed'
          ? framed(url, res)
          : send(res, 404, 'text/plain', 'not found');
    void Promise.resolve(route).catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain', String(e));
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // the same loopback server under another host name: a different origin for the browser
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    sessions,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CheckoutApiError, createCheckoutClient } from '../../packages/node/src/index';
import { z } from 'zod';
import { createSessionBody } from '../../shared/contract/session';
import type { AppDeps, AppEnv } from '../deps';
import { parseWith, readJson } from '../http/readJsonBody';
import { perClientPerMinute, rateLimit } from '../middleware/rateLimit';
import { demoShopEventRoutes } from './demoShopEvents';

const FALLBACK_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Demo shop</title><script src="/widget.js"></script></head>
<body><h1>Demo shop</h1><p>The demo page (widget/demo/index.html) is not there yet. The API runs: see README.md.</p></body></html>`;

/**
 * What the demo shop's page sends (widget/demo/demo.ts): its cart, and nothing a shop's server decides. The
 * visitor is anonymous, so whatever else a session can carry is the shop's own to set: a shopper_id with
 * allow_save_card would offer that shopper's saved cards to anyone who asked (#33), a return_url would make
 * this backend's return page an open redirect (#18). The backend checks these fields as it checks any shop's.
 */
const demoSessionBody = z.strictObject({
  amount: createSessionBody.shape.amount,
  currency: createSessionBody.shape.currency,
  country: createSessionBody.shape.country,
  items: createSessionBody.shape.items,
});

/**
 * The demo shop (only with DEMO=1, never in production): `GET /` serves its page, and its server part does what a shop's server
 * does with the typed client (packages/node/, @checkout/node): `POST /demo/sessions` creates the session with the shop secret, so the
 * browser never sees it, and `POST /demo/shop-events` receives the backend's signed order events
 * (demoShopEvents.ts). `shopApi` carries the client's calls into this same app, as a shop's server would reach the
 * backend over the network, without depending on PUBLIC_URL being reachable from inside.
 */
export function demoRoutes(deps: AppDeps, shopApi: typeof fetch) {
  const checkout = createCheckoutClient({
    baseUrl: deps.config.publicUrl,
    apiKey: deps.config.shopSecret,
    fetch: shopApi,
  });
  const gatewayOrigin = new URL(deps.config.gateway.baseUrl).origin;
  // open to any visitor, so limited like the shop's own session creation
  const limitCreation = rateLimit(perClientPerMinute(deps, 'demo-sessions', deps.config.rateLimit.sessionsPerMinute));
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const page = await readFile(deps.config.demoPage, 'utf8').catch(() => FALLBACK_PAGE);
      // the page has no inline code; the card frame is ours and then the gateway's hosted page; the device
      // fingerprint's worker is a blob: module importing the widget's chunk from here (widget/README.md)
      c.header(
        'Content-Security-Policy',
        `default-src 'self'; img-src 'self' data:; frame-src 'self' ${gatewayOrigin}; form-action 'self' ${gatewayOrigin}; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'none'`,
      );
      c.header('Cache-Control', 'no-store');
      return c.html(page);
    })
    .post('/demo/sessions', limitCreation, async (c) => {
      const body = parseWith(demoSessionBody, (await readJson(c)).value);
      try {
        // always back to the demo page: any other return_url would make this backend's return page an open redirect
        return c.json(await checkout.createSession({ ...body, return_url: `${deps.config.publicUrl}/` }), 201);
      } catch (e) {
        // the backend's refusal, passed on as it said it (a field error still names the field)
        if (!(e instanceof CheckoutApiError) || e.status < 400) throw e;
        const error = { code: e.code, message: e.message, ...(e.fields.length ? { fields: e.fields } : {}) };
        return c.json({ error }, e.status as ContentfulStatusCode);
      }
    })
    .route('/demo', demoShopEventRoutes(deps));
}

import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { inlineHashes } from '../http/inlineHashes';
import { takeFramePage } from '../payments/takeFramePage';
import { renderMessagePage } from './renderMessagePage';

/**
 * `GET /pay/frame/:token`: the gateway's checkout page, served once from our origin inside the widget's
 * iFrame. Its CSP lets only the shop origins frame it, only its own inline code run, and its form post only to
 * the gateway.
 */
export function frameRoutes(deps: AppDeps) {
  const gatewayOrigin = new URL(deps.config.gateway.baseUrl).origin;
  const frameAncestors = deps.config.allowedOrigins.join(' ') || "'none'";
  return new Hono<AppEnv>().get('/:token', async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    const taken = await takeFramePage(deps, c.req.param('token'));
    if (!taken || taken === 'expired') {
      c.header(
        'Content-Security-Policy',
        `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors ${frameAncestors}`,
      );
      return c.html(
        renderMessagePage(
          'Payment page expired',
          taken === 'expired'
            ? 'This checkout has expired. Please return to the shop to start again.'
            : 'This payment page was already opened or does not exist. Please start the payment again.',
        ),
        410,
      );
    }
    const scripts = inlineHashes(taken.html, 'script');
    const styles = inlineHashes(taken.html, 'style');
    c.header(
      'Content-Security-Policy',
      [
        "default-src 'none'",
        `script-src ${[...scripts, gatewayOrigin].join(' ')}`,
        `style-src ${[...styles, gatewayOrigin].join(' ')}`,
        `img-src ${gatewayOrigin} data:`,
        `form-action ${gatewayOrigin}`,
        "base-uri 'none'",
        `frame-ancestors ${frameAncestors}`,
      ].join('; '),
    );
    return c.html(taken.html);
  });
}

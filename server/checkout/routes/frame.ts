import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../deps';
import type { CheckoutForm } from '../../gateway';
import { takeFramePage } from '../takeFramePage';
import { FRAME_SCRIPT_HASH, renderFramePage } from '../renderFramePage';
import { renderMessagePage } from '../renderMessagePage';

/**
 * `GET /pay/frame/:token`: the card frame, served once inside the widget's iFrame: our own page carrying the
 * gateway's form (renderFramePage). Its CSP lets only the shop origins frame it, only our one auto-submit script
 * run, and the form post only to the gateway. `sandbox` without `allow-same-origin` gives the page an opaque
 * origin: it shares no cookies or storage with the admin page or anything else on the backend's origin, and a
 * message it posts comes from origin "null", which the widget ignores.
 */
export function frameRoutes(deps: AppDeps) {
  const gatewayOrigin = new URL(deps.config.gateway.baseUrl).origin;
  // form-action also governs the redirects of the form's post (Chromium checks every hop): a checkout reopened
  // after the card was sent (a reload during 3-D Secure, or after it) is answered by the gateway with its 303 to
  // our return page (docs/protocol-decisions.md 7), which must not be blocked, or the frame stays on "Loading..." for
  // good
  const formTargets = [...new Set([gatewayOrigin, new URL(deps.config.publicUrl).origin])].join(' ');
  const frameAncestors = deps.config.allowedOrigins.join(' ') || "'none'";
  const common = `base-uri 'none'; frame-ancestors ${frameAncestors}; sandbox allow-forms allow-scripts`;
  return new Hono<AppEnv>().get('/:token', async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    const taken = await takeFramePage(deps, c.req.param('token'));
    if (!taken || taken === 'expired') {
      c.header('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; ${common}`);
      return c.html(
        renderMessagePage(
          'Payment page expired',
          'This payment page was already opened or does not exist. Please start the payment again.',
        ),
        410,
      );
    }
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; script-src ${FRAME_SCRIPT_HASH}; style-src 'unsafe-inline'; form-action ${formTargets}; ${common}`,
    );
    return c.html(renderFramePage(JSON.parse(taken.form) as CheckoutForm));
  });
}

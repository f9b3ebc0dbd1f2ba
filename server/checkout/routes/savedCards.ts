import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../deps';
import { clientSecretOf } from '../../http/clientSecretOf';
import { perClientPerMinute, rateLimit } from '../../middleware/rateLimit';
import { removeSavedCard } from '../removeSavedCard';

/** `DELETE /api/sessions/:id/saved-cards/:cardId`: the widget removes one of the shopper's saved cards. */
export function savedCardRoutes(deps: AppDeps) {
  // a wrong secret or card id costs a try from the same budget as a payment: ids cannot be swept from one client
  const limitByIp = rateLimit(perClientPerMinute(deps, 'cards-ip', deps.config.rateLimit.paymentsPerMinute));
  return new Hono<AppEnv>().delete('/:id/saved-cards/:cardId', limitByIp, async (c) => {
    await removeSavedCard(deps, {
      sessionId: c.req.param('id'),
      clientSecret: clientSecretOf(c),
      cardId: c.req.param('cardId'),
      requestId: c.get('requestId'),
    });
    c.header('Cache-Control', 'no-store');
    return c.body(null, 204);
  });
}

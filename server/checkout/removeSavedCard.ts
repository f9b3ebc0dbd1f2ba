import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';
import type { AppDeps } from '../deps';
import { secretMatchesHash } from '../ids';
import { writeAuditEvent } from '../orders';
import { deleteSavedCard } from './savedCards';
import { findSession } from './sessions';

/**
 * The shopper removes one of their saved cards from the widget (issue #19): `cardId` must be a card of the
 * session's shopper, whose client secret authorises the call.
 *
 * A missing or wrong secret and an unknown session get the same 401 (which session ids exist stays unknown);
 * unlike `GET /api/sessions/:id`, which answers 404 for both, this route keeps 404 for the card, so the widget can
 * tell "your session is not valid" from "that card is already gone". Another shopper's card, an unknown one and
 * one removed before are all the same 404: the answer never says whose a card id is. After the session's expiry
 * its secret removes nothing (410), as it pays for nothing.
 */
export async function removeSavedCard(
  deps: Pick<AppDeps, 'store' | 'now'>,
  req: { sessionId: string; clientSecret: string | undefined; cardId: string; requestId?: string | undefined },
): Promise<void> {
  const { db } = deps.store;
  const session = await findSession(db, req.sessionId);
  if (!secretMatchesHash(req.clientSecret, session?.client_secret_hash ?? '0'.repeat(64)) || !session) {
    throw new ApiError(401, API_ERROR.unauthorized, 'no session with this id and client_secret');
  }
  const now = deps.now();
  if (now.toISOString() >= session.expires_at) {
    throw new ApiError(
      410,
      API_ERROR.session_expired,
      'this checkout session has expired; the shop must create a new one',
    );
  }
  const removed = session.shopper_id ? await deleteSavedCard(db, req.cardId, session.shopper_id) : false;
  if (!removed) throw new ApiError(404, API_ERROR.not_found, 'no saved card with this id for this shopper');
  await writeAuditEvent(
    db,
    {
      kind: 'saved_card_removed',
      summary: `the shopper removed saved card ${req.cardId}`,
      order_no: session.order_no,
      request_id: req.requestId ?? null,
      detail: { session_id: session.id, card_id: req.cardId },
    },
    now.toISOString(),
  );
}

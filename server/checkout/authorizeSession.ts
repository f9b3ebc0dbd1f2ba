import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';
import { secretMatchesHash } from '../ids';
import type { Db } from '../store';
import { findOrder, type OrderRow } from '../orders';
import { findSession, type SessionRow } from './sessions';

/**
 * The session `id` with its order, if `clientSecret` is its secret. An unknown id and a wrong secret get the
 * same answer, so the API does not tell which session ids exist.
 */
export async function authorizeSession(
  db: Db,
  id: string,
  clientSecret: string | undefined,
): Promise<{ session: SessionRow; order: OrderRow }> {
  const session = await findSession(db, id);
  const ok = secretMatches(session, clientSecret);
  const order = session && ok ? await findOrder(db, session.order_id) : undefined;
  return authorized(session, ok, order);
}

/**
 * authorizeSession's rule for a session and order read already (createPayment reads them with everything else a
 * payment needs, in one statement): the same 404 for an unknown id, a wrong secret and a missing order.
 */
export function authorizeSessionRows(
  session: SessionRow | undefined,
  order: OrderRow | undefined,
  clientSecret: string | undefined,
): { session: SessionRow; order: OrderRow } {
  return authorized(session, secretMatches(session, clientSecret), order);
}

/** Compared in constant time, and against a stand-in hash when there is no session, so both take as long. */
function secretMatches(session: SessionRow | undefined, clientSecret: string | undefined): boolean {
  return secretMatchesHash(clientSecret, session?.client_secret_hash ?? '0'.repeat(64));
}

function authorized(
  session: SessionRow | undefined,
  ok: boolean,
  order: OrderRow | undefined,
): { session: SessionRow; order: OrderRow } {
  if (!session || !ok || !order) {
    throw new ApiError(404, API_ERROR.not_found, 'no session with this id and client_secret');
  }
  return { session, order };
}

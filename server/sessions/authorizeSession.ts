import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';
import { secretMatchesHash } from '../ids';
import type { Db } from '../store/db';
import { findOrder, type OrderRow } from '../store/orders';
import { findSession, type SessionRow } from '../store/sessions';

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
  const ok = secretMatchesHash(clientSecret, session?.client_secret_hash ?? '0'.repeat(64));
  const order = session && ok ? await findOrder(db, session.order_id) : undefined;
  if (!session || !ok || !order) {
    throw new ApiError(404, API_ERROR.not_found, 'no session with this id and client_secret');
  }
  return { session, order };
}

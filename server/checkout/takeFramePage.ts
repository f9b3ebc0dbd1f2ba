import type { AppDeps } from '../deps';
import { sessionOfFrameToken, takeFrameForm } from '../orders';
import { findSession } from './sessions';
import { FRAME_LINK_GRACE_MS, pastExpiry } from './sessionExpiry';

/**
 * The card page behind a one-time frame link, claimed once; `expired` when the attempt's session is past its
 * expiry and the link's grace (sessionExpiry.ts): the link is then refused unclaimed, and no new card page
 * reaches the shopper. Undefined when the link was used or never existed.
 */
export async function takeFramePage(
  deps: Pick<AppDeps, 'store' | 'now'>,
  token: string,
): Promise<{ form: string } | 'expired' | undefined> {
  const { db } = deps.store;
  const now = deps.now();
  const sessionId = await sessionOfFrameToken(db, token);
  if (!sessionId) return undefined;
  const session = await findSession(db, sessionId);
  if (!session || pastExpiry(session.expires_at, now, FRAME_LINK_GRACE_MS)) return 'expired';
  const taken = await takeFrameForm(db, token, now.toISOString());
  return taken && { form: taken.form };
}

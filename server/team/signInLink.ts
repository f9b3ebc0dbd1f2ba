import { hashSecret, newSecret } from '../ids';
import type { Db } from '../store';
import { insertSignInLink } from './signInLinks';

/** How long a welcome or password-reset link works; it works once. */
const SIGN_IN_LINK_TTL_MS = 24 * 3_600_000;

/**
 * A one-time link that lets `userId` set a password (the first owner from the CLI, a new teammate, a reset):
 * `PUBLIC_URL/admin/#/welcome?token=...`. The token is in the fragment, which the browser never sends to a server
 * or a Referer; the store keeps only its hash. A new link replaces the user's earlier ones.
 */
export async function issueSignInLink(
  db: Db,
  userId: string,
  publicUrl: string,
  now: Date,
): Promise<{ url: string; expiresAt: string }> {
  const token = newSecret('sil');
  const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_TTL_MS).toISOString();
  await insertSignInLink(db, { id: hashSecret(token), userId, createdAt: now.toISOString(), expiresAt });
  return { url: `${publicUrl}/admin/#/welcome?token=${encodeURIComponent(token)}`, expiresAt };
}

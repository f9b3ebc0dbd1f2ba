import type { Db } from '../store';

export async function insertSignInLink(
  db: Db,
  link: { id: string; userId: string; createdAt: string; expiresAt: string },
): Promise<void> {
  // a new link replaces the user's earlier ones: only the last one handed out works
  await db.deleteFrom('sign_in_links').where('user_id', '=', link.userId).where('used_at', 'is', null).execute();
  await db
    .insertInto('sign_in_links')
    .values({
      id: link.id,
      user_id: link.userId,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      used_at: null,
    })
    .execute();
}

/**
 * Spends a link: the user's id if the link (by the hash of its token) exists, is unused and not expired at
 * `at`, else undefined. One conditional update, so two uses at once spend it once.
 */
export async function takeSignInLink(db: Db, id: string, at: string): Promise<string | undefined> {
  const row = await db
    .updateTable('sign_in_links')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** The user an unspent, unexpired link is for (checked before a password is accepted, then spent). */
export async function findOpenSignInLink(db: Db, id: string, at: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sign_in_links')
    .select('user_id')
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return row?.user_id;
}

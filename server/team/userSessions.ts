import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../store';
import type { UserSessionTable } from '../store';

export type UserSessionRow = Selectable<UserSessionTable>;

export async function insertUserSession(db: Db, session: Insertable<UserSessionTable>): Promise<void> {
  await db.insertInto('user_sessions').values(session).execute();
}

export function findUserSession(db: Db, id: string): Promise<UserSessionRow | undefined> {
  return db.selectFrom('user_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchUserSession(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('user_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function setUserSessionPurpose(db: Db, id: string, purpose: UserSessionRow['purpose']): Promise<void> {
  await db.updateTable('user_sessions').set({ purpose }).where('id', '=', id).execute();
}

export async function deleteUserSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('user_sessions').where('id', '=', id).execute();
}

/** Ends every session of a user (sign out everywhere, a new password, a role change, disabling). */
export async function deleteSessionsOfUser(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('user_sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

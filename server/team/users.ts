import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../store';
import type { UserTable } from '../store';

export type UserRow = Selectable<UserTable>;

/** E-mails are one account whatever their case: kept and looked up in lower case, trimmed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('email').execute();
}

export async function insertUser(db: Db, user: Insertable<UserTable>): Promise<void> {
  await db
    .insertInto('users')
    .values({ ...user, email: normalizeEmail(user.email) })
    .execute();
}

export async function updateUser(db: Db, id: string, patch: Updateable<UserTable>): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

/** Owners who can still sign in: the last of them may not be demoted or disabled. */
export async function countEnabledOwners(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

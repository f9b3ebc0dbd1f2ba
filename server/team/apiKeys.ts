import type { Selectable } from 'kysely';
import type { Db } from '../store';
import type { ApiKeyTable } from '../store';

export type ApiKeyRow = Selectable<ApiKeyTable>;

/** `last_used_at` is written when it is older than this: a busy script must not make every request a write. */
const LAST_USED_RESOLUTION_MS = 60_000;

export async function insertApiKey(db: Db, row: ApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/** The key with this prefix that is not revoked, to check the presented key against its hash. */
export async function findActiveApiKey(db: Db, prefix: string): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('prefix', '=', prefix)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Every key, revoked ones too (the owner sees what was revoked and when), newest first. */
export async function listApiKeys(db: Db): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** The key named by its id or its prefix, revoked or not. */
export async function findApiKey(db: Db, idOrPrefix: string): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrPrefix), eb('prefix', '=', idOrPrefix)]))
    .executeTakeFirst();
}

/** Revokes the key unless it is already; true when this call revoked it. */
export async function revokeApiKey(db: Db, id: string, by: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: at, revoked_by: by })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a use of the key, unless one was recorded within the last minute (`last_used_at` is read first). */
export async function touchApiKey(db: Db, key: ApiKeyRow, now: Date): Promise<void> {
  if (key.last_used_at && now.getTime() - Date.parse(key.last_used_at) < LAST_USED_RESOLUTION_MS) return;
  await db.updateTable('api_keys').set({ last_used_at: now.toISOString() }).where('id', '=', key.id).execute();
}

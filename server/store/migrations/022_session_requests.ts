import type { Kysely, Migration } from 'kysely';

/**
 * Issue #34: `POST /api/sessions` with an Idempotency-Key answers a repeat with the session it first created.
 * `session_requests` holds, per key, the body's hash (another body under the key is refused, 422), the session,
 * and its client secret sealed under a key derived from the Idempotency-Key (AES-256-GCM): the database alone
 * does not give the secret away, the caller who knows the key gets it back. The key itself is stored hashed.
 */
export const sessionRequests: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('session_requests')
      .addColumn('key_hash', 'text', (c) => c.primaryKey())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('sealed_client_secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};

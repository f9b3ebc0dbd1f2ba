import type { Kysely, Migration } from 'kysely';
import type { StoreDialect } from '../dialect';

/**
 * Issues #21 and #22: API keys with a role, the audit log's actor, and the support role's refund limit.
 *
 * `api_keys` keeps a key's SHA-256 only (a key is 190 random bits, so a fast hash is enough: nothing to
 * brute-force) and its `prefix`, the part that is shown, listed and looked up (unique). `last_used_at` is
 * written at most once a minute per key, so a busy script does not turn every request into a write.
 * `audit_events.actor` names who did it (`user:<email>`, `key:<prefix>`, `env:ADMIN_TOKEN`); null on the
 * rows written before it and on what the gateway or the reconcile loop did by itself. Indexed with the id, as
 * the log is filtered by actor and read newest first.
 * `support_refund_limits`: the most one refund of the support role may be, per currency, in minor units; a
 * currency without a row is one support cannot refund in.
 */
export function apiKeys(dialect: StoreDialect): Migration {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull().unique())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .addColumn('revoked_by', 'text')
        .execute();
      await db.schema.alterTable('audit_events').addColumn('actor', 'text').execute();
      await db.schema.createIndex('audit_events_actor').on('audit_events').columns(['actor', 'id']).execute();
      await db.schema
        .createTable('support_refund_limits')
        .addColumn('currency', 'text', (c) => c.primaryKey())
        .addColumn('max_minor', money, (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

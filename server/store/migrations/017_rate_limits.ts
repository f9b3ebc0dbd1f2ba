import type { Kysely, Migration } from 'kysely';
import type { StoreDialect } from '../dialect';

/**
 * Issue #24: the rate limits and the failed-authentication throttle shared by every backend process on
 * PostgreSQL (server/limits/postgresLimitCounter.ts). The layout is rate-limiter-flexible's own (it is told the
 * table exists, `tableCreated: true`, so no process creates it at start-up): `key` is the limit's name and the
 * client's key, `points` the count in the window, `expire` the window's end in ms since the epoch, indexed for
 * the sweep of finished windows. SQLite counts in the process's memory and gets no table.
 */
export function rateLimits(dialect: StoreDialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
        .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expire', 'bigint')
        .execute();
      await db.schema.createIndex('rate_limits_expire').on('rate_limits').column('expire').execute();
    },
  };
}

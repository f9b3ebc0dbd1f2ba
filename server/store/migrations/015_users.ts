import type { Kysely, Migration } from 'kysely';

/**
 * Issue #22: people who sign in to the admin page instead of one shared token.
 *
 * `users.email` is kept in lower case and unique, so `A@B.shop` and `a@b.shop` are one account on both stores.
 * `password_hash` is `scrypt$N$r$p$salt$hash` (server/team/passwordHash.ts), null until the person sets one through a
 * one-time link. The TOTP secret is sealed with a key derived from TOKEN_KEY, as saved-card tokens are: a copy of
 * the database must not hand out second factors. `totp_pending` holds the secret of an enrolment not yet confirmed;
 * `totp_last_step` the last time step accepted, so one code never signs in twice. Recovery codes are kept as a JSON
 * list of SHA-256 hashes, each removed when used. `failed_sign_ins` counts failures since the last success;
 * `locked_until` is set every `lockAfter` of them (server/team/signIn.ts).
 *
 * `user_sessions.id` is the SHA-256 of the cookie's value (the value itself is only in the browser); `purpose` is
 * `full`, or `enrol` for an owner in production who has no second factor yet and may only set one up.
 * `sign_in_links` are one-time links (welcome, password reset), stored by the hash of their token.
 */
export const users: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('totp_secret', 'text')
      .addColumn('totp_pending', 'text')
      .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('totp_last_step', 'integer')
      .addColumn('recovery_codes', 'text')
      .addColumn('failed_sign_ins', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', 'text')
      .addColumn('last_sign_in_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('disabled_at', 'text')
      .execute();
    await db.schema
      .createTable('user_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema.createIndex('user_sessions_user').on('user_sessions').column('user_id').execute();
    await db.schema
      .createTable('sign_in_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('sign_in_links_user').on('sign_in_links').column('user_id').execute();
  },
};

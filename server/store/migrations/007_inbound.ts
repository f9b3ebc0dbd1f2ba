import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue #18, "no way in for strangers". Saved cards keep their token sealed and hashed instead of in clear
 * (server/store/cardTokenSeal.ts): the table is rebuilt with `token_hash` (unique: one token, one shopper) and
 * `token_sealed`; a token saved before this migration waits in `legacy_token` until the next start seals it
 * (sealLegacyCardTokens), because the key is configuration, which a migration does not see. `attempt_marks`
 * records, per attempt, what must happen at most once (an audit line per return status) or at most once per
 * interval (a confirmation query), shared by every process.
 */
export const inbound: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('saved_cards_sealed')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('shopper_id', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text')
      .addColumn('token_sealed', 'text')
      .addColumn('legacy_token', 'text')
      .addColumn('label', 'text')
      .addColumn('attempt_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await sql`insert into saved_cards_sealed (id, shopper_id, legacy_token, label, attempt_id, created_at)
      select id, shopper_id, token_id, label, attempt_id, created_at from saved_cards`.execute(db);
    await db.schema.dropTable('saved_cards').execute();
    await db.schema.alterTable('saved_cards_sealed').renameTo('saved_cards').execute();
    await db.schema.createIndex('saved_cards_token_hash').on('saved_cards').column('token_hash').unique().execute();
    await db.schema
      .createIndex('saved_cards_shopper')
      .on('saved_cards')
      .columns(['shopper_id', 'created_at'])
      .execute();
    await db.schema.createIndex('saved_cards_attempt').on('saved_cards').column('attempt_id').execute();

    await db.schema
      .createTable('attempt_marks')
      .addColumn('attempt_id', 'text', (c) => c.notNull())
      .addColumn('mark', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('attempt_marks_pk', ['attempt_id', 'mark'])
      .execute();
  },
};

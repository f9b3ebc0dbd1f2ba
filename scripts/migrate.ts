/**
 * `npm run migrate`: brings the merchant backend's database (DATABASE_URL, else SQLITE_FILE) up to date and
 * says which migrations ran. A production start does not migrate; run this first, once per release, from one
 * place (a deploy job, an init container). Running it again, or from two places at once on PostgreSQL, is safe.
 */
import { ConfigError, loadConfig } from '../server/config';
import { openStore, StoreNotMigratedError } from '../server/store/db';

/** The database's location without its password, for the output. */
function describe(database: ReturnType<typeof loadConfig>['database']): string {
  if (database.kind === 'sqlite') return `SQLite ${database.file}`;
  const url = new URL(database.url);
  if (url.password) url.password = '***';
  return `PostgreSQL ${url.toString()}`;
}

let config: ReturnType<typeof loadConfig>;
try {
  // migrating needs only the database's location, not the secrets a production start insists on
  config = loadConfig({ ...process.env, NODE_ENV: 'development' });
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  console.error(`migrate: the configuration is invalid:\n${e.message}`);
  process.exit(1);
}

const target = describe(config.database);
try {
  const current = await openStore(config.database, { migrate: false });
  await current.close();
  console.log(`migrate: ${target} is up to date, nothing to do`);
} catch (e) {
  if (!(e instanceof StoreNotMigratedError)) {
    console.error(`migrate: ${target}: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
  const migrated = await openStore(config.database).catch((err: unknown) => {
    console.error(`migrate: ${target}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
  await migrated.close();
  console.log(`migrate: ${target} migrated: ${e.pending.join(', ')}`);
}

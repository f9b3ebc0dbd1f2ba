import pg from 'pg';

/** The server CI and developer machines run (docs/architecture.md 4: PostgreSQL tests run when DATABASE_URL is set). */
const LOCAL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * DATABASE_URL, or the local server when one answers on loopback; undefined when there is none, and the
 * PostgreSQL half of a benchmark is reported as not measured.
 */
export async function findPostgres(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL || LOCAL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

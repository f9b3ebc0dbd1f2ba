import pg from 'pg';

/** Drops a test's PostgreSQL schema with a connection of its own (the store's pool is closed by then). */
export async function dropSchema(schema: string, url = process.env.DATABASE_URL): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

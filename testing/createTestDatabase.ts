/**
 * A PostgreSQL database of its own for a test that runs backend processes (which take a DATABASE_URL, not a
 * schema), created on the server DATABASE_URL points at and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function onServer(databaseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(databaseUrl: string, prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await onServer(databaseUrl, `create database ${name}`);
  const url = Object.assign(new URL(databaseUrl), { pathname: `/${name}` }).toString();
  return { url, drop: () => onServer(databaseUrl, `drop database if exists ${name} with (force)`) };
}

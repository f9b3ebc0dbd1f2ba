import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Socket } from 'node:net';
import pg from 'pg';
import { openStore } from '../store';
import { dropSchema } from './dropSchema';

/**
 * The PostgreSQL schemas of test backends (startBackend.ts), reused within a test process: creating one ran every
 * migration, and dropping it took as long again, about 2.5 s of the shared 2-core machine per backend on PostgreSQL
 * (most of the unit project's files start one or more). A closed backend's schema is emptied instead and kept for
 * the next backend of the process, as it was when first migrated: the rows the migrations seeded are put back and
 * the sequences restarted. One whose tables, columns, constraints, indexes, triggers or privileges a test changed is
 * dropped, never reused.
 *
 * The names carry the machine and the process id (`tp<host>_<pid>_...`): the schemas a test process of this machine
 * left when it exited are dropped by the next test process to use this.
 */
interface Migrated {
  /** every table but the migrator's own, tables that others reference last */
  deleteOrder: string[];
  /** the rows the migrations left, by table (JSON arrays) */
  seeds: Map<string, string>;
  sequences: string[];
}

/** each schema's fingerprintOf when it was made: one that differs at close was changed by its test */
const fingerprints = new Map<string, string>();
/** this process's emptied schemas, ready for a backend */
const free: string[] = [];
/** what a freshly migrated schema holds, taken from the first this process made */
let migrated: Promise<Migrated> | undefined;
let collected: Promise<void> | undefined;

/** `tp<host>_<pid>_`: the schemas of this machine's test processes (another machine's pids say nothing here) */
const HOST = createHash('sha256').update(hostname()).digest('hex').slice(0, 6);
const OURS = new RegExp(`^tp${HOST}_(\\d+)_`);

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A migrated schema for a new backend: an emptied one of this process, or a new one. */
export async function takeSchema(url: string): Promise<string> {
  const reused = free.pop();
  if (reused) return reused;
  collected ??= dropSchemasOfEndedProcesses(url).catch(() => {});
  await collected;
  const schema = `tp${HOST}_${process.pid}_${randomBytes(6).toString('hex')}`;
  // migrated here rather than by the backend (which then finds nothing to run), to see what migrations leave
  const store = await openStore({ kind: 'postgres', url, schema }, { onWarning: () => {} });
  await store.close();
  migrated ??= withClient(url, (client) => describe(client, schema));
  await migrated.catch(() => {});
  const fingerprint = await withClient(url, (client) => fingerprintOf(client, schema)).catch(() => undefined);
  if (fingerprint) fingerprints.set(schema, fingerprint);
  return schema;
}

/** Empties a closed backend's schema for the next one, or drops it when a test changed more than its rows. */
export async function giveBackSchema(url: string, schema: string): Promise<void> {
  const made = fingerprints.get(schema);
  const reset = await withClient(url, async (client) => {
    const want = await migrated?.catch(() => undefined);
    if (!want || !made || (await fingerprintOf(client, schema)) !== made) return false;
    const statements = [
      ...want.deleteOrder.map((t) => `delete from ${quote(schema)}.${quote(t)}`),
      ...[...want.seeds].map(
        ([t, rows]) =>
          `insert into ${quote(schema)}.${quote(t)} select * from json_populate_recordset(null::${quote(schema)}.${quote(t)}, ${literal(rows)})`,
      ),
      ...want.sequences.map((s) => `select setval(${literal(`${quote(schema)}.${quote(s)}`)}, 1, false)`),
    ];
    await client.query(`begin; ${statements.join('; ')}; commit`);
    return true;
  }).catch(() => false);
  if (reset) free.push(schema);
  else {
    fingerprints.delete(schema);
    await dropSchema(schema, url);
  }
}

/** this process's connection for the work above, kept open: a new one spends most of a query warming its caches */
let connection: Promise<pg.Client> | undefined;

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  connection ??= (async () => {
    const client = new pg.Client({ connectionString: url });
    // a connection the server ends is opened again at the next use
    client.on('error', () => {
      connection = undefined;
    });
    await client.connect();
    // it never keeps the test process from exiting
    (client as unknown as { connection: { stream: Socket } }).connection.stream.unref();
    return client;
  })();
  const open = connection;
  const client = await open.catch((e: unknown) => {
    if (connection === open) connection = undefined;
    throw e;
  });
  try {
    return await use(client);
  } catch (e) {
    // whatever state a failed statement left, the next use starts on a fresh connection
    if (connection === open) connection = undefined;
    await client.end().catch(() => {});
    throw e;
  }
}

async function describe(client: pg.Client, schema: string): Promise<Migrated> {
  const tables = (
    await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = $1 and tablename not like 'kysely\\_%' order by 1`,
      [schema],
    )
  ).rows.map((r) => r.name);
  const references = (
    await client.query<{ child: string; parent: string }>(
      `select c.relname as child, p.relname as parent from pg_constraint k
         join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       where k.contype = 'f' and k.connamespace = $1::regnamespace and k.conrelid <> k.confrelid`,
      [schema],
    )
  ).rows;
  // a table's rows go before those of the tables it references
  const deleteOrder: string[] = [];
  const left = new Set(tables);
  while (left.size) {
    const next = [...left].filter((t) => !references.some((r) => r.parent === t && left.has(r.child)));
    if (!next.length) throw new Error(`postgresSchemas: a cycle of foreign keys among ${[...left].join(', ')}`);
    for (const t of next) {
      deleteOrder.push(t);
      left.delete(t);
    }
  }
  const seeds = new Map<string, string>();
  for (const t of tables) {
    const { rows } = await client.query<{ rows: unknown[] | null }>(
      `select json_agg(t) as rows from ${quote(schema)}.${quote(t)} t`,
    );
    if (rows[0]?.rows) seeds.set(t, JSON.stringify(rows[0].rows));
  }
  const sequences = (
    await client.query<{ name: string }>('select sequencename as name from pg_sequences where schemaname = $1', [
      schema,
    ])
  ).rows.map((r) => r.name);
  return { deleteOrder, seeds, sequences };
}

async function fingerprintOf(client: pg.Client, schema: string): Promise<string> {
  // the catalog's own rows, object ids included: compared with the same schema's when it was made
  const { rows } = await client.query<{ fingerprint: string | null }>(
    `with n as (select oid, nspacl from pg_namespace where nspname = $1),
     c as (select oid, relname, relkind, relacl from pg_class where relnamespace = (select oid from n))
     select md5(concat_ws('|',
       (select nspacl::text from n),
       (select string_agg(concat_ws(':', oid, relname, relkind, relacl), ',' order by oid) from c),
       (select string_agg(concat_ws(':', attrelid, attnum, attname, atttypid, atttypmod, attnotnull, attisdropped), ','
          order by attrelid, attnum) from pg_attribute where attrelid in (select oid from c) and attnum > 0),
       (select string_agg(concat_ws(':', adrelid, adnum, adbin), ',' order by adrelid, adnum)
          from pg_attrdef where adrelid in (select oid from c)),
       (select string_agg(concat_ws(':', oid, conname, contype, conkey, confkey, confrelid, convalidated), ',' order by oid)
          from pg_constraint where connamespace = (select oid from n)),
       (select string_agg(concat_ws(':', indexrelid, indrelid, indkey, indisunique, indpred), ',' order by indexrelid)
          from pg_index where indrelid in (select oid from c)),
       (select string_agg(concat_ws(':', oid, tgname, tgenabled), ',' order by oid)
          from pg_trigger where tgrelid in (select oid from c)),
       (select string_agg(concat_ws(':', oid, proname, md5(prosrc)), ',' order by oid)
          from pg_proc where pronamespace = (select oid from n))
     )) as fingerprint`,
    [schema],
  );
  return rows[0]?.fingerprint ?? '';
}

/** Drops the pooled schemas of test processes that no longer run. */
async function dropSchemasOfEndedProcesses(url: string): Promise<void> {
  const names = await withClient(url, async (client) =>
    (
      await client.query<{ name: string }>(`select nspname as name from pg_namespace where nspname like 'tp%'`)
    ).rows.map((r) => r.name),
  );
  for (const name of names) {
    const pid = Number(OURS.exec(name)?.[1]);
    if (!pid) continue;
    if (pid !== process.pid && !isRunning(pid)) await dropSchema(name, url).catch(() => {});
  }
}

/** Whether process `pid` of this machine still runs. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

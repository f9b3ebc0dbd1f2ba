import type pg from 'pg';

/** A stored key's window after a counted event: the event's own count in it and when the window ends (ms epoch). */
interface StoredHit {
  count: number;
  expire: number;
}

/** Counts one event for a stored key (the limit's name and the client's key) in a window of `windowMs`. */
export type HitWindow = (storedKey: string, windowMs: number) => Promise<StoredHit>;

/**
 * Every key of the batch in one statement: the rows of rate-limiter-flexible's table (migration 017), the same
 * fixed windows as its upsert (RateLimiterPostgres `_upsert`): a row whose window has ended (`expire <= now`)
 * starts a new one with this event's points and `expire = now + window`; otherwise the points are added and
 * `expire` stays. So rows written by processes of the previous release (one upsert per event) and of this one
 * agree during a rolling deploy, and the library's `get` (the counters' peek) reads them as before.
 *
 * The keys come as arrays (`unnest`), so the text is the same for any number of keys: one prepared statement
 * (the store's `nameStatements`), not one per batch size.
 */
const UPSERT = `insert into rate_limits (key, points, expire)
select * from unnest($1::varchar[], $2::integer[], $3::bigint[])
on conflict (key) do update set
  points = case when rate_limits.expire <= $4 then excluded.points else rate_limits.points + excluded.points end,
  expire = case when rate_limits.expire <= $4 then excluded.expire else rate_limits.expire end
returning key, points, expire`;

interface Pending {
  windowMs: number;
  hits: { resolve: (hit: StoredHit) => void; reject: (error: unknown) => void }[];
}

/** one batcher per pool, so that the counters of every limit on that pool share the statement */
const byPool = new WeakMap<pg.Pool, HitWindow>();

/**
 * Counts events in the shared table, all the events asked for in one synchronous run in ONE statement
 * (`insert ... select unnest(...) on conflict (key) do update ... returning`): a payment's limits per IP and per
 * session are started together by `rateLimit` and cost one round trip, not two.
 *
 * Batched by `setImmediate`: the batch is every event started in this turn of the event loop, sent when the turn's
 * I/O callbacks are done. Under load one turn reads several requests, and they share one round trip (issue #36: a
 * round trip costs the backend about 75 us of CPU); a lone request waits for nothing but the end of its own turn.
 * A timer would wait a fixed time on every request; `queueMicrotask` sent each request's events on their own.
 *
 * PostgreSQL refuses a statement that updates one row twice, so equal keys are combined: the key is counted `n`
 * times and each event gets its own count (the window's total minus the events after it). The keys go in sorted
 * order, so two processes' statements lock common rows in the same order and cannot deadlock. When the statement
 * fails, every event of the batch gets the error (each counter then counts it in memory).
 */
export function windowHits(pool: pg.Pool): HitWindow {
  const known = byPool.get(pool);
  if (known) return known;
  let batch = new Map<string, Pending>();

  async function flush(): Promise<void> {
    const pending = batch;
    batch = new Map();
    const keys = [...pending.keys()].sort();
    const now = Date.now();
    try {
      const { rows } = await pool.query<{ key: string; points: number; expire: string | number }>(UPSERT, [
        keys,
        keys.map((key) => pending.get(key)!.hits.length),
        keys.map((key) => now + pending.get(key)!.windowMs),
        now,
      ]);
      for (const row of rows) {
        const { hits } = pending.get(row.key)!;
        pending.delete(row.key);
        const before = row.points - hits.length;
        for (const [i, hit] of hits.entries()) hit.resolve({ count: before + i + 1, expire: Number(row.expire) });
      }
      if (pending.size) throw new Error(`rate limits: no row returned for ${pending.size} key(s)`);
    } catch (e) {
      for (const { hits } of pending.values()) for (const hit of hits) hit.reject(e);
    }
  }

  const hit: HitWindow = (storedKey, windowMs) =>
    new Promise((resolve, reject) => {
      if (batch.size === 0) setImmediate(() => void flush());
      let pending = batch.get(storedKey);
      if (!pending) {
        pending = { windowMs, hits: [] };
        batch.set(storedKey, pending);
      }
      pending.hits.push({ resolve, reject });
    });
  byPool.set(pool, hit);
  return hit;
}

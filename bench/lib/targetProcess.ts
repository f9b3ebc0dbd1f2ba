/**
 * Entry of the process under load (started by `startTarget.ts`, never imported): the real merchant backend
 * (`startBackend`, BENCH_TARGET=backend) or the bare forwarder (BENCH_TARGET=forwarder). It runs apart from the
 * load generator so that the generator's work is not counted as the backend's. It prints one line,
 * `target listening on <url>`, answers `{type:'memory'}` messages with its memory use, and exits cleanly on
 * SIGTERM (so that `--cpu-prof` can write its profile).
 *
 * Env: BENCH_TARGET, BENCH_GATEWAY_URL, BENCH_STORE (sqlite | postgres), BENCH_BACKEND_ENV (JSON object of extra
 * backend environment), DATABASE_URL for postgres (BENCH_PG_SCHEMA: a schema shared by several targets), BENCH_STEP_TIMERS=1 to time SQLite and gateway calls
 * (stepTimers.ts; `{type:'steps'}` reads the totals and resets them), BENCH_GATEWAY_FETCH=1 to send
 * the gateway calls through the global fetch, BENCH_INLINE_CHECKPOINTS=1 to checkpoint SQLite's WAL inside
 * commits as SQLite does by default (experiments of the payment benchmark). `{type:'clock'}` answers the CPU profile's clock.
 */
import { sql } from 'kysely';
import { serveOnLoopback } from '../../server/testing/serveOnLoopback';
import { startBackend } from '../../server/testing/startBackend';
import { forwarderApp } from './forwarderApp';
import { takeStepTotals, timeGatewayCalls, timeSqlite } from './stepTimers';

interface Running {
  url: string;
  close(): Promise<void>;
}

function startForwarder(gatewayUrl: string): Promise<Running> {
  return serveOnLoopback(forwarderApp(gatewayUrl).fetch);
}

async function main(): Promise<void> {
  const gatewayUrl = process.env.BENCH_GATEWAY_URL;
  if (!gatewayUrl) throw new Error('BENCH_GATEWAY_URL is required');
  const target = process.env.BENCH_TARGET;
  let running: Running;
  if (target === 'forwarder') {
    running = await startForwarder(gatewayUrl);
  } else if (target === 'backend') {
    const env = JSON.parse(process.env.BENCH_BACKEND_ENV || '{}') as Record<string, string>;
    const timers = process.env.BENCH_STEP_TIMERS === '1';
    if (timers) {
      timeSqlite();
      timeGatewayCalls();
    }
    const backend = await startBackend({
      gatewayUrl,
      store: process.env.BENCH_STORE === 'postgres' ? 'postgres' : 'sqlite',
      ...(process.env.BENCH_PG_SCHEMA ? { schema: process.env.BENCH_PG_SCHEMA } : {}),
      env,
      // the gateway client as it was before it had its own http transport: through fetch (an experiment)
      ...(process.env.BENCH_GATEWAY_FETCH === '1'
        ? { gatewayFetch: (input: string | URL | Request, init?: RequestInit) => fetch(input, init) }
        : {}),
    });
    if (process.env.BENCH_INLINE_CHECKPOINTS === '1') {
      // SQLite's default: the commit that passes 1,000 WAL pages checkpoints, on the event loop (an experiment)
      await backend.store.walCheckpointer?.stop();
      await sql.raw('PRAGMA wal_autocheckpoint = 1000').execute(backend.store.db);
    }
    running = backend;
  } else {
    throw new Error(`BENCH_TARGET must be backend or forwarder, got ${JSON.stringify(target)}`);
  }

  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'memory') {
      // a collection first (with --expose-gc), so the sample shows what is kept, not what awaits collection
      (globalThis as { gc?: () => void }).gc?.();
      process.send?.({ type: 'memory', ...process.memoryUsage() });
    } else if (message?.type === 'clock') {
      // the monotonic clock of V8's CPU profile, in microseconds: marks the timed window in a --cpu-prof profile
      process.send?.({ type: 'clock', us: Number(process.hrtime.bigint() / 1000n) });
    } else if (message?.type === 'steps') {
      process.send?.({ type: 'steps', ...takeStepTotals() });
    }
  });
  let stopping = false;
  process.on('SIGTERM', () => {
    if (stopping) return;
    stopping = true;
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  process.stdout.write(`target listening on ${running.url}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`target failed to start: ${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});

/**
 * The merchant backend as a process (`server/main.ts`, the entry `npm start` and production run, bundled once by
 * tsx's esbuild rather than loaded file by file under tsx: `compiled` in testing/spawnService.ts) on a free
 * loopback port that is also its PUBLIC_URL, so the gateway's notifications and the shopper's returns reach it.
 * A test can stop it, kill it with SIGKILL and start it again: the port stays (the notify and return URLs the
 * gateway already holds must not move) and so does the store, so a restart keeps nothing but what is stored.
 *
 * @example
 * const backend = await startBackendProcess({
 *   gatewayUrl: sandbox.url,
 *   logFile: join(dir, 'backend.log'),
 *   env: { SQLITE_FILE: join(dir, 'merchant.db') },
 * });
 * try { await fetch(`${backend.url}/healthz`) } finally { await backend.stop() }
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { freePort } from './freePort';
import { spawnService, type RunningService } from './spawnService';
import { standInBuild } from './standInBuild';

export interface StartBackendProcessOptions {
  /** the gateway's URL; a function is read at every start (a restarted sandbox may have moved) */
  gatewayUrl: string | (() => string);
  /** every line the process writes, across restarts: the first place to look when a test fails */
  logFile: string;
  /**
   * The store, `SQLITE_FILE` or `DATABASE_URL` (required: a test never writes to ./data/), and anything else:
   * `GATEWAY_TIMEOUT_MS`, `RECONCILE_INTERVAL_MS`, ...
   */
  env: Record<string, string>;
  /** shop origins allowed besides the backend's own two spellings (127.0.0.1 and localhost) */
  extraOrigins?: readonly string[];
}

export interface BackendProcess {
  /** e.g. http://127.0.0.1:41234, the same across restarts */
  readonly url: string;
  /** the current run's process id */
  readonly pid: number | undefined;
  /** a run was started and has not exited */
  readonly running: boolean;
  /** the current run's exit code (null when a signal ended it) */
  readonly exited: Promise<number | null>;
  /** starts it (again); `env` adds to or overrides the options' env for this run only */
  start(env?: Record<string, string>): Promise<void>;
  /** sends a signal and returns at once, e.g. two SIGTERMs in a row */
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM, the graceful shutdown, and waits for the exit (SIGKILL after 5 s) */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown code runs, requests in flight are cut */
  kill9(): Promise<void>;
  /** what it wrote so far, stdout and stderr of every run */
  output(): string;
}

/** The line `server/main.ts` logs once it listens; its group is the address. */
const LISTENING = /"url":"(http:\/\/[^"]+)"[^\n]*"msg":"merchant backend listening"/;
/** the first start tries another port when one was taken between freePort() and the listen */
const PORT_ATTEMPTS = 3;

export async function startBackendProcess(opts: StartBackendProcessOptions): Promise<BackendProcess> {
  if (!opts.env.SQLITE_FILE && !opts.env.DATABASE_URL)
    throw new Error('startBackendProcess: name the store (env SQLITE_FILE or DATABASE_URL)');
  writeFileSync(opts.logFile, '');
  // beside the log file, which the caller removes with its temp dir
  const builtDir = join(dirname(opts.logFile), `built-${randomUUID().slice(0, 8)}`);
  mkdirSync(builtDir);
  let port = 0;
  let service: RunningService | undefined;
  const gatewayUrl = () => (typeof opts.gatewayUrl === 'function' ? opts.gatewayUrl() : opts.gatewayUrl);

  async function launch(env: Record<string, string>): Promise<RunningService> {
    appendFileSync(opts.logFile, `--- start ${new Date().toISOString()}\n`);
    const url = `http://127.0.0.1:${port}`;
    return spawnService({
      name: 'merchant backend',
      entry: 'server/main.ts',
      compiled: true,
      ready: LISTENING,
      logFile: opts.logFile,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        GATEWAY_BASE_URL: gatewayUrl(),
        DATABASE_URL: '',
        ALLOWED_ORIGINS: [url, `http://localhost:${port}`, ...(opts.extraOrigins ?? [])].join(','),
        // tests pay many times from one loopback address within a minute
        RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000000',
        RATE_LIMIT_SESSIONS_PER_MINUTE: '1000000',
        RATE_LIMIT_HOOKS_PER_MINUTE: '1000000',
        RATE_LIMIT_RETURNS_PER_MINUTE: '1000000',
        // a test that wants the reconcile loop says how often
        RECONCILE_INTERVAL_MS: '600000',
        ...standInBuild(builtDir),
        ...opts.env,
        ...env,
      },
    });
  }

  const handle: BackendProcess = {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get pid() {
      return service?.child.pid;
    },
    get running() {
      return service !== undefined && service.child.exitCode === null && service.child.signalCode === null;
    },
    get exited() {
      return service?.exited ?? Promise.resolve(null);
    },
    async start(env = {}) {
      if (handle.running) throw new Error('startBackendProcess: already running');
      service = await launch(env);
    },
    signal(signal) {
      service?.child.kill(signal);
    },
    async stop() {
      await service?.stop();
    },
    async kill9() {
      if (!service) return;
      service.child.kill('SIGKILL');
      await service.exited;
    },
    output: () => readFileSync(opts.logFile, 'utf8'),
  };

  let lastError: unknown;
  for (let i = 0; i < PORT_ATTEMPTS; i++) {
    port = await freePort();
    try {
      await handle.start();
      return handle;
    } catch (e) {
      if (!String(e).includes('EADDRINUSE')) throw e;
      lastError = e;
    }
  }
  throw lastError;
}

/**
 * The merchant backend as a process (`server/main.ts`, as production runs it) that a test can kill with SIGKILL
 * and start again on the same port and the same store: a crash and a restart, with nothing kept in memory. The
 * port is fixed once, because PUBLIC_URL (the notify and return URLs the gateway already holds) must not move.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { BACKEND_LISTENING, backendEnv } from '../../harness/backendEnv';
import { freePort } from '../../harness/freePort';
import { spawnService, type RunningService } from '../../harness/spawnService';

export interface BackendProcessOptions {
  /** the gateway's URL, read at every start (a restarted sandbox may have moved) */
  gatewayUrl: () => string;
  /** every line the process writes, across restarts */
  logFile: string;
  /** the store and anything else: `SQLITE_FILE` or `DATABASE_URL`, `GATEWAY_TIMEOUT_MS`, ... */
  env: Record<string, string>;
}

export interface BackendProcess {
  readonly url: string;
  readonly running: boolean;
  /** starts it (again); `env` adds to or overrides the options' env for this run only */
  start(env?: Record<string, string>): Promise<void>;
  /** SIGKILL: no shutdown code runs, requests in flight are cut */
  kill9(): Promise<void>;
  /** SIGTERM: the graceful shutdown */
  stop(): Promise<void>;
  /** what it wrote so far (stdout and stderr of every run) */
  output(): string;
}

export async function backendProcess(opts: BackendProcessOptions): Promise<BackendProcess> {
  writeFileSync(opts.logFile, '');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let service: RunningService | undefined;
  let exited: Promise<void> = Promise.resolve();

  const handle: BackendProcess = {
    url,
    get running() {
      return service !== undefined;
    },
    async start(env = {}) {
      if (service) throw new Error('backendProcess: already running');
      appendFileSync(opts.logFile, `--- start ${new Date().toISOString()}\n`);
      const started = await spawnService({
        name: 'merchant backend',
        entry: 'server/main.ts',
        ready: BACKEND_LISTENING,
        logFile: opts.logFile,
        env: {
          ...backendEnv(port, opts.gatewayUrl()),
          RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000000',
          RATE_LIMIT_SESSIONS_PER_MINUTE: '1000000',
          RECONCILE_INTERVAL_MS: '600000',
          ...opts.env,
          ...env,
        },
      });
      service = started;
      exited = new Promise<void>((resolve) => {
        if (started.child.exitCode !== null || started.child.signalCode !== null) resolve();
        else started.child.once('exit', () => resolve());
      });
    },
    async kill9() {
      if (!service) return;
      service.child.kill('SIGKILL');
      await exited;
      service = undefined;
    },
    async stop() {
      if (!service) return;
      await service.stop();
      service = undefined;
    },
    output: () => readFileSync(opts.logFile, 'utf8'),
  };
  await handle.start();
  return handle;
}

import { readFileSync, writeFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { BACKEND_LISTENING, backendEnv } from '../../../e2e/harness/backendEnv';
import { freePort } from '../../../e2e/harness/freePort';
import { spawnService } from '../../../e2e/harness/spawnService';

export interface SpawnedBackend {
  url: string;
  child: ChildProcess;
  /** the exit code (null when killed by a signal) */
  exited: Promise<number | null>;
  /** everything it wrote so far, stdout and stderr */
  output(): string;
}

/**
 * Starts `server/main.ts` as a process, as production runs it, on a free loopback port that is also its
 * PUBLIC_URL (so the gateway's notifications reach it). `env` adds to a test configuration on demo secrets.
 */
export async function spawnBackend(opts: {
  gatewayUrl: string;
  logFile: string;
  env: Record<string, string>;
}): Promise<SpawnedBackend> {
  writeFileSync(opts.logFile, '');
  let lastError: unknown;
  for (let i = 0; i < 3; i++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    try {
      const service = await spawnService({
        name: 'merchant backend',
        entry: 'server/main.ts',
        ready: BACKEND_LISTENING,
        logFile: opts.logFile,
        env: {
          ...backendEnv(port, opts.gatewayUrl),
          RATE_LIMIT_PAYMENTS_PER_MINUTE: '100000',
          RATE_LIMIT_SESSIONS_PER_MINUTE: '100000',
          RECONCILE_INTERVAL_MS: '600000',
          ...opts.env,
        },
      });
      const child = service.child;
      const exited = new Promise<number | null>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
        else child.once('exit', (code) => resolve(code));
      });
      return { url, child, exited, output: () => readFileSync(opts.logFile, 'utf8') };
    } catch (e) {
      // most likely another process took the port between freePort() and the listen
      lastError = e;
    }
  }
  throw lastError;
}

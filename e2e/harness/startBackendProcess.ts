/**
 * Starts the merchant backend as a process (`server/main.ts`, exactly as `npm start` runs it) on a free loopback
 * port, with SQLite in `dataDir`. PUBLIC_URL is the address it listens on, so the gateway's notifications and the
 * shopper's returns reach it.
 */
import { join } from 'node:path';
import { BACKEND_LISTENING, backendEnv } from './backendEnv';
import { freePort } from './freePort';
import { spawnService, type RunningService } from './spawnService';

export interface StartBackendProcessOptions {
  gatewayUrl: string;
  /** folder for the SQLite file */
  dataDir: string;
  /** shop origins besides the backend's own two spellings (127.0.0.1 and localhost) */
  extraOrigins?: readonly string[];
  /** more environment (RECONCILE_INTERVAL_MS, ...) */
  env?: Record<string, string>;
  logFile?: string;
}

export interface BackendProcess {
  url: string;
  stop(): Promise<void>;
}

const ATTEMPTS = 3;

export async function startBackendProcess(opts: StartBackendProcessOptions): Promise<BackendProcess> {
  let lastError: unknown;
  for (let i = 0; i < ATTEMPTS; i++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let service: RunningService;
    try {
      service = await spawnService({
        name: 'merchant backend',
        entry: 'server/main.ts',
        ready: BACKEND_LISTENING,
        ...(opts.logFile ? { logFile: opts.logFile } : {}),
        env: {
          ...process.env,
          ...backendEnv(port, opts.gatewayUrl),
          ALLOWED_ORIGINS: [url, `http://localhost:${port}`, ...(opts.extraOrigins ?? [])].join(','),
          SQLITE_FILE: join(opts.dataDir, 'merchant.db'),
          // the journeys pay many times from one loopback address within a minute
          RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000',
          RATE_LIMIT_SESSIONS_PER_MINUTE: '1000',
          ...opts.env,
        },
      });
    } catch (e) {
      // most likely another process took the port between freePort() and the listen: try another one
      lastError = e;
      continue;
    }
    return { url, stop: service.stop };
  }
  throw lastError;
}

import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseProfile, type GatewayProfile } from '../shared/gateway/profile';
import { BUILT_IN_ACCOUNTS, loadAccounts, type Account } from '../sandbox/accounts';
import { startServer } from '../sandbox/startServer';
import type { StartSandboxOptions } from './startSandboxProcess';

export interface SandboxInProcess {
  url: string;
  /** the SQLite file it keeps its transactions in */
  dbFile: string;
  /** the clock the sandbox reads; tests move it forward with `advance` */
  advance(ms: number): void;
  logs: { message: string; detail?: Record<string, unknown> }[];
  close(): Promise<void>;
}

/**
 * The sandbox in-process, on a free loopback port, with a temp SQLite file (or `dbFile`) and a clock the test
 * controls (starting at the real time). Notifications run on the fast schedule unless `notifyScale` says otherwise.
 * For the sandbox's own tests, which move its clock and read its logs. A test of the backend uses `startSandbox`
 * (below); a test about the sandbox's process itself (a restart, a crash) uses `startSandboxProcess`.
 */
export async function startSandboxInProcess(
  opts: {
    accounts?: readonly Account[];
    notifyScale?: number;
    settleMs?: number;
    disputeMs?: number;
    profile?: GatewayProfile;
    publicUrl?: string;
    dbFile?: string;
    /** also write each log line there, as JSON lines like the sandbox process's own output */
    logFile?: string;
  } = {},
): Promise<SandboxInProcess> {
  const dir = opts.dbFile ? undefined : mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  const dbFile = opts.dbFile ?? join(dir!, 'sandbox.db');
  let offset = 0;
  const logs: SandboxInProcess['logs'] = [];
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    dbFile,
    accounts: opts.accounts ?? BUILT_IN_ACCOUNTS,
    notifyScale: opts.notifyScale ?? 0.01,
    settleMs: opts.settleMs ?? 200,
    disputeMs: opts.disputeMs ?? 200,
    ...(opts.profile ? { profile: opts.profile } : {}),
    ...(opts.publicUrl ? { publicUrl: opts.publicUrl } : {}),
    now: () => Date.now() + offset,
    log: (message, detail) => {
      const line = { message, ...(detail ? { detail } : {}) };
      logs.push(line);
      if (opts.logFile)
        appendFileSync(
          opts.logFile,
          `${JSON.stringify({ time: new Date().toISOString(), msg: message, ...detail })}\n`,
        );
    },
  });
  // the first line of the process's output, so that a log file tells when and where it ran
  if (opts.logFile) appendFileSync(opts.logFile, `sandbox listening on ${server.url}\n`);
  return {
    url: server.url,
    dbFile,
    advance: (ms) => {
      offset += ms;
    },
    logs,
    async close() {
      await server.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What a test of the backend needs of the sandbox: where it is, and how to stop it. */
export type Sandbox = Pick<SandboxInProcess, 'url' | 'dbFile' | 'close'>;

/**
 * The gateway sandbox for a test of the backend, served from the test's own process: the options and defaults
 * of `startSandboxProcess` (notifications at 0.01, the pending card settling and the dispute card disputed after
 * 500 ms), the same `startServer` wiring as `sandbox/main.ts`, without starting tsx and a second Node process
 * (about a second of CPU each on a 2-core machine). The backend still reaches it only over HTTP: no code of one is
 * imported by the other. A test about the sandbox's process (restart, crash, two processes) uses
 * `startSandboxProcess`.
 *
 * @example
 * const sandbox = await startSandbox();
 * const backend = await startBackend({ gatewayUrl: sandbox.url });
 */
export function startSandbox(opts: StartSandboxOptions = {}): Promise<Sandbox> {
  return startSandboxInProcess({
    notifyScale: opts.notifyScale ?? 0.01,
    settleMs: opts.settleMs ?? 500,
    disputeMs: opts.disputeMs ?? 500,
    accounts: loadAccounts(opts.accountsFile || undefined),
    ...(opts.profileFile ? { profile: parseProfile(readFileSync(opts.profileFile, 'utf8')) } : {}),
    ...(opts.publicUrl ? { publicUrl: opts.publicUrl } : {}),
    ...(opts.dbFile ? { dbFile: opts.dbFile } : {}),
    ...(opts.logFile ? { logFile: opts.logFile } : {}),
  });
}

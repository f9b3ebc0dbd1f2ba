/**
 * Starts the gateway sandbox as a child process for tests (a process, not an import: the merchant backend must
 * never import the sandbox). Each call gets its own free port and, unless `dbFile` is given, its own SQLite file
 * in a fresh temp dir. `restart()` stops the process and starts it again on the same database (and the same
 * port when it is still free), for tests of durability. It runs `sandbox/main.ts` bundled (`compiled` in
 * testing/spawnService.ts), which starts in a third of the CPU time tsx takes.
 *
 * @example
 * const sandbox = await startSandboxProcess({ notifyScale: 0.01 });
 * try { await fetch(`${sandbox.url}/v1/retrievalTrans`, ...) } finally { await sandbox.close() }
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnService, type RunningService } from './spawnService';

export interface StartSandboxOptions {
  /** SANDBOX_NOTIFY_SCALE: 0.01 makes the 1 s first notification retry 10 ms (default 0.01) */
  notifyScale?: number;
  /** SANDBOX_SETTLE_MS: when the 0077 pending card settles (default 500) */
  settleMs?: number;
  /** SANDBOX_DISPUTE_MS: when the dispute card's payments are disputed, and then lost (default 500) */
  disputeMs?: number;
  /** SANDBOX_ACCOUNTS: JSON file with more accounts */
  accountsFile?: string;
  /** SANDBOX_GATEWAY_PROFILE: a gateway profile override file (default: the built-in profile) */
  profileFile?: string;
  /** SANDBOX_PUBLIC_URL: the base URL the sandbox puts in issuer_url and its pages (a fault proxy's URL) */
  publicUrl?: string;
  /** SQLite file; default a new temp dir that close() removes */
  dbFile?: string;
  /** where its output goes (JSON log lines), besides the tail kept for a failed start */
  logFile?: string;
}

export interface RunningSandbox {
  /** base URL, e.g. http://127.0.0.1:41234 (may change after restart() if the old port was taken) */
  readonly url: string;
  readonly dbFile: string;
  /** the process id (changes with restart()), e.g. to read its CPU time */
  readonly pid: number;
  close(): Promise<void>;
  restart(): Promise<void>;
}

const LISTENING = /sandbox listening on (http:\/\/\S+)/;

export async function startSandboxProcess(opts: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const tempDir = opts.dbFile ? undefined : mkdtempSync(join(tmpdir(), 'sandbox-'));
  const dbFile = opts.dbFile ?? join(tempDir!, 'sandbox.db');
  let service: RunningService | undefined;
  let url = '';

  async function launch(port: number): Promise<void> {
    service = await spawnService({
      name: 'sandbox',
      entry: 'sandbox/main.ts',
      compiled: true,
      ready: LISTENING,
      ...(opts.logFile ? { logFile: opts.logFile } : {}),
      env: {
        ...process.env,
        SANDBOX_PORT: String(port),
        SANDBOX_HOST: '127.0.0.1',
        SANDBOX_DB: dbFile,
        SANDBOX_NOTIFY_SCALE: String(opts.notifyScale ?? 0.01),
        SANDBOX_SETTLE_MS: String(opts.settleMs ?? 500),
        SANDBOX_DISPUTE_MS: String(opts.disputeMs ?? 500),
        SANDBOX_ACCOUNTS: opts.accountsFile ?? '',
        SANDBOX_PUBLIC_URL: opts.publicUrl ?? '',
        SANDBOX_GATEWAY_PROFILE: opts.profileFile ?? '',
      },
    });
    url = service.url;
  }

  async function stop(): Promise<void> {
    await service?.stop();
    service = undefined;
  }

  await launch(0);
  return {
    get url() {
      return url;
    },
    get pid() {
      return service?.child.pid ?? 0;
    },
    dbFile,
    async close() {
      await stop();
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    },
    async restart() {
      const port = Number(new URL(url).port);
      await stop();
      try {
        await launch(port);
      } catch {
        await launch(0);
      }
    },
  };
}

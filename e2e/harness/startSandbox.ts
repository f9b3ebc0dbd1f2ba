/**
 * Starts the gateway sandbox as a child process for tests (a process, not an import: the merchant backend must
 * never import the sandbox). Each call gets its own free port and, unless `dbFile` is given, its own SQLite file
 * in a fresh temp dir. `restart()` stops the process and starts it again on the same database (and the same
 * port when it is still free), for tests of durability.
 *
 * @example
 * const sandbox = await startSandbox({ notifyScale: 0.01 });
 * try { await fetch(`${sandbox.url}/v1/retrievalTrans`, ...) } finally { await sandbox.close() }
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface StartSandboxOptions {
  /** SANDBOX_NOTIFY_SCALE: 0.01 makes the 1 s first notification retry 10 ms (default 0.01) */
  notifyScale?: number;
  /** SANDBOX_SETTLE_MS: when the 0077 pending card settles (default 500) */
  settleMs?: number;
  /** SANDBOX_ACCOUNTS: JSON file with more accounts */
  accountsFile?: string;
  /** SQLite file; default a new temp dir that close() removes */
  dbFile?: string;
}

export interface RunningSandbox {
  /** base URL, e.g. http://127.0.0.1:41234 (may change after restart() if the old port was taken) */
  readonly url: string;
  readonly dbFile: string;
  close(): Promise<void>;
  restart(): Promise<void>;
}

const MAIN = fileURLToPath(new URL('../../sandbox/main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 5_000;
const LISTENING = /sandbox listening on (http:\/\/\S+)/;

/** Children still running, killed if the test process exits without closing them. */
const live = new Set<ChildProcess>();
let exitHookInstalled = false;

export async function startSandbox(opts: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const tempDir = opts.dbFile ? undefined : mkdtempSync(join(tmpdir(), 'sandbox-'));
  const dbFile = opts.dbFile ?? join(tempDir!, 'sandbox.db');
  let child: ChildProcess | undefined;
  let url = '';

  async function launch(port: number): Promise<void> {
    const started = await spawnSandbox({
      ...process.env,
      SANDBOX_PORT: String(port),
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_DB: dbFile,
      SANDBOX_NOTIFY_SCALE: String(opts.notifyScale ?? 0.01),
      SANDBOX_SETTLE_MS: String(opts.settleMs ?? 500),
      SANDBOX_ACCOUNTS: opts.accountsFile ?? '',
      SANDBOX_PUBLIC_URL: '',
    });
    child = started.child;
    url = started.url;
  }

  async function stop(): Promise<void> {
    if (child) await stopChild(child);
    child = undefined;
  }

  await launch(0);
  return {
    get url() {
      return url;
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

function spawnSandbox(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const c of live) c.kill('SIGKILL');
    });
  }
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  child.once('exit', () => live.delete(child));
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    // keep the tail only: enough to explain a failed start
    stderr = (stderr + chunk).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`sandbox did not start: ${why}\n--- stderr ---\n${stderr}`));
    };
    const timer = setTimeout(() => fail(`no "sandbox listening on" line within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const m = LISTENING.exec(stdout);
      if (m) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        child.once('exit', () => live.delete(child));
        resolve({ child, url: m[1]! });
      }
    });
    child.once('exit', (code, signal) => fail(`exited early with ${signal ?? `code ${code}`}`));
    child.once('error', (e) => fail(String(e)));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

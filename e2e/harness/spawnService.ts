/**
 * Starts one of the project's servers (sandbox, merchant backend) as a child process under tsx and waits until a
 * line of its stdout says it listens. Processes, not imports: the backend and the sandbox never share memory, as
 * in production. Children still running when the test process exits are killed, so a failed test leaves no
 * server behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface SpawnServiceOptions {
  /** for error messages, e.g. "sandbox" */
  name: string;
  /** the TypeScript entry, relative to the repository root */
  entry: string;
  env: NodeJS.ProcessEnv;
  /** a stdout line that means "ready"; its first group is the service's URL */
  ready: RegExp;
  /** every line of stdout and stderr is appended here (logs of a failed run, and the secrets check) */
  logFile?: string;
  startTimeoutMs?: number;
}

export interface RunningService {
  child: ChildProcess;
  /** what the ready line's first group captured */
  url: string;
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const STOP_TIMEOUT_MS = 5_000;

/** Children still running, killed if the test process exits without stopping them. */
const live = new Set<ChildProcess>();
let exitHookInstalled = false;

export function spawnService(opts: SpawnServiceOptions): Promise<RunningService> {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const c of live) c.kill('SIGKILL');
    });
  }
  const startTimeoutMs = opts.startTimeoutMs ?? 20_000;
  const child = spawn(process.execPath, ['--import', 'tsx', opts.entry], {
    cwd: ROOT,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  // keep the tail only: enough to explain a failed start
  let tail = '';
  const keep = (chunk: string) => {
    tail = (tail + chunk).slice(-4000);
    if (opts.logFile) appendFileSync(opts.logFile, chunk);
  };
  child.stderr!.setEncoding('utf8').on('data', keep);

  return new Promise((resolve, reject) => {
    let stdout = '';
    let started = false;
    const fail = (why: string) => {
      if (started) return;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${opts.name} did not start: ${why}\n--- output ---\n${tail}`));
    };
    const timer = setTimeout(() => fail(`not ready within ${startTimeoutMs} ms`), startTimeoutMs);
    // stdout is read to the end even after the ready line: a full pipe would block the child's logging
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      keep(chunk);
      if (started) return;
      stdout += chunk;
      const m = opts.ready.exec(stdout);
      if (m) {
        started = true;
        clearTimeout(timer);
        resolve({ child, url: m[1]!, stop: () => stopChild(child) });
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

/**
 * Starts one of the project's servers (sandbox, merchant backend, a benchmark target) as a child process under tsx
 * and waits until a line of its stdout says it listens. Processes, not imports: the backend and the sandbox never share memory, as
 * in production. Children still running when the test process exits are killed, so a failed test leaves no
 * server behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface SpawnServiceOptions {
  /** for error messages, e.g. "sandbox" */
  name: string;
  /** the TypeScript entry, relative to `cwd` (default the repository root) */
  entry: string;
  /**
   * the directory the child runs in and resolves `entry` (and tsx) from, e.g. another checkout of the repository
   * (a benchmark comparing commits); default this repository's root
   */
  cwd?: string;
  env: NodeJS.ProcessEnv;
  /** a stdout line that means "ready"; its first group is the service's URL */
  ready: RegExp;
  /** every line of stdout and stderr is appended here (logs of a failed run, and the secrets check) */
  logFile?: string;
  startTimeoutMs?: number;
  /** how long stop() waits after SIGTERM before SIGKILL (default 5 s) */
  stopTimeoutMs?: number;
  /** node's own flags, e.g. `--expose-gc`, `--cpu-prof` */
  nodeArgs?: readonly string[];
  /** open an IPC channel (`child.send`, `child.on('message')`) */
  ipc?: boolean;
}

export interface RunningService {
  child: ChildProcess;
  /** what the ready line's first group captured */
  url: string;
  /** the exit code once it exits (null when a signal ended it) */
  exited: Promise<number | null>;
  /** the tail of what it wrote, stdout and stderr: enough to explain a failure */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited after `stopTimeoutMs` */
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TAIL_CHARS = 8000;

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
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', opts.entry], {
    cwd: opts.cwd ?? ROOT,
    env: opts.env,
    stdio: opts.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      live.delete(child);
      resolve(code);
    }),
  );
  let tail = '';
  const keep = (chunk: string) => {
    tail = (tail + chunk).slice(-TAIL_CHARS);
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
        resolve({
          child,
          url: m[1]!,
          exited,
          output: () => tail,
          stop: () => stopChild(child, exited, opts.stopTimeoutMs ?? 5_000),
        });
      }
    });
    // 'close', not 'exit': by then its stderr is read to the end, and the reason it gave is in the message
    child.once('close', (code, signal) => fail(`exited early with ${signal ?? `code ${code}`}`));
    child.once('error', (e) => fail(String(e)));
  });
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

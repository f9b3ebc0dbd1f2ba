import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { StepTotals } from './stepTimers';

export interface StartTargetOptions {
  kind: 'backend' | 'forwarder';
  gatewayUrl: string;
  store?: 'sqlite' | 'postgres';
  /** PostgreSQL to use with `store: 'postgres'` (the backend makes a fresh schema in it and drops it at close) */
  databaseUrl?: string;
  /** extra backend environment (rate limits, account) */
  backendEnv?: Record<string, string>;
  /** a directory: run the process with `--cpu-prof` and write the profile there when it stops */
  cpuProfileDir?: string;
  /** time SQLite and gateway calls inside the backend (stepTimers.ts) */
  stepTimers?: boolean;
  /** the backend's gateway client sends through the global `fetch` instead of Node's http client (an experiment) */
  gatewayFetch?: boolean;
  /** the backend's SQLite checkpoints its WAL inside commits, as SQLite does by default, not in its worker (an experiment) */
  inlineCheckpoints?: boolean;
}

export interface RunningTarget {
  url: string;
  pid: number;
  /** the process's memory use after a garbage collection */
  memory(): Promise<NodeJS.MemoryUsage>;
  /** SQLite and gateway time since the last call (with `stepTimers`) */
  steps(): Promise<StepTotals>;
  /** the process's CPU-profile clock, in microseconds (see ProfileWindow) */
  clock(): Promise<number>;
  /** the tail of what the process wrote (logs, errors), to explain a failure */
  output(): string;
  close(): Promise<void>;
}

const ENTRY = fileURLToPath(new URL('./targetProcess.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

/** Starts the backend or the bare forwarder in its own process (see targetProcess.ts) on a free loopback port. */
export async function startTarget(options: StartTargetOptions): Promise<RunningTarget> {
  const flags = [
    '--expose-gc',
    ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : []),
  ];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      BENCH_TARGET: options.kind,
      BENCH_GATEWAY_URL: options.gatewayUrl,
      BENCH_STORE: options.store ?? 'sqlite',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      BENCH_BACKEND_ENV: JSON.stringify(options.backendEnv ?? {}),
      BENCH_STEP_TIMERS: options.stepTimers ? '1' : '',
      BENCH_GATEWAY_FETCH: options.gatewayFetch ? '1' : '',
      BENCH_INLINE_CHECKPOINTS: options.inlineCheckpoints ? '1' : '',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let tail = '';
  const keep = (chunk: string) => {
    tail = (tail + chunk).slice(-8000);
  };
  child.stdout!.setEncoding('utf8').on('data', keep);
  child.stderr!.setEncoding('utf8').on('data', keep);
  const url = await waitForUrl(child, () => tail);
  return {
    url,
    pid: child.pid!,
    memory: () => ask<NodeJS.MemoryUsage>(child, 'memory'),
    steps: () => ask<StepTotals>(child, 'steps'),
    clock: async () => (await ask<{ us: number }>(child, 'clock')).us,
    output: () => tail,
    async close() {
      process.removeListener('exit', killOnExit);
      // the backend logs only errors (backendEnv.ts): whatever it logged explains a failed request
      const errors = tail.split('\n').filter((line) => /"level":(50|60)/.test(line));
      if (errors.length)
        process.stderr.write(
          `${options.kind} logged ${errors.length} error(s), the last ones:\n${errors.slice(-3).join('\n')}\n`,
        );
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

function waitForUrl(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`benchmark target did not start: ${why}\n--- output ---\n${output()}`));
    };
    const timer = setTimeout(() => fail(`no listening line within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    const onExit = (code: number | null, signal: string | null) =>
      fail(`exited early with ${signal ?? `code ${code}`}`);
    child.once('exit', onExit);
    const onData = (chunk: string) => {
      stdout += chunk;
      const m = /target listening on (http:\/\/\S+)/.exec(stdout);
      if (m) {
        clearTimeout(timer);
        child.removeListener('exit', onExit);
        child.stdout!.removeListener('data', onData);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
  });
}

/** One question over the IPC channel; the answer is the first message of the same type. */
function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} answer within 10 s`)), 10_000);
    const onMessage = (m: { type?: string } & T) => {
      if (m?.type !== type) return;
      clearTimeout(timer);
      child.removeListener('message', onMessage);
      resolve(m);
    };
    child.on('message', onMessage);
    child.send({ type });
  });
}

import type { ChildProcess } from 'node:child_process';
import { spawnService } from '../../testing/spawnService';
import type { StepTotals } from './stepTimers';

export interface StartTargetOptions {
  kind: 'backend' | 'forwarder';
  gatewayUrl: string;
  store?: 'sqlite' | 'postgres';
  /** PostgreSQL to use with `store: 'postgres'` (the backend makes a fresh schema in it and drops it at close) */
  databaseUrl?: string;
  /** with `store: 'postgres'`: a schema shared with other targets (scale-out), kept at close; default a fresh one */
  schema?: string;
  /** extra backend environment (rate limits, account) */
  backendEnv?: Record<string, string>;
  /** a directory: run the process with `--cpu-prof` and write the profile there when it stops */
  cpuProfileDir?: string;
  /** time SQLite and gateway calls inside the backend (stepTimers.ts) */
  stepTimers?: boolean;
  /** the backend's gateway client sends through the global `fetch` instead of Node's http client (an experiment) */
  gatewayFetch?: boolean;
  /**
   * run the target from this checkout of the repository (bench/lib/checkoutAt.ts): its own
   * bench/lib/targetProcess.ts and server code, in that directory. Such an entry may be older than this file:
   * only the environment targetProcess.ts read at b346f1c is relied on (all of what this function sends).
   */
  checkoutDir?: string;
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

const START_TIMEOUT_MS = 30_000;
// with --cpu-prof the process writes its profile on the way out
const STOP_TIMEOUT_MS = 10_000;

/** Starts the backend or the bare forwarder in its own process (see targetProcess.ts) on a free loopback port. */
export async function startTarget(options: StartTargetOptions): Promise<RunningTarget> {
  const service = await spawnService({
    name: 'benchmark target',
    entry: 'bench/lib/targetProcess.ts',
    ...(options.checkoutDir ? { cwd: options.checkoutDir } : {}),
    ready: /target listening on (http:\/\/\S+)/,
    nodeArgs: [
      '--expose-gc',
      ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : []),
    ],
    ipc: true,
    startTimeoutMs: START_TIMEOUT_MS,
    stopTimeoutMs: STOP_TIMEOUT_MS,
    env: {
      ...process.env,
      BENCH_TARGET: options.kind,
      BENCH_GATEWAY_URL: options.gatewayUrl,
      BENCH_STORE: options.store ?? 'sqlite',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      BENCH_PG_SCHEMA: options.schema ?? '',
      BENCH_BACKEND_ENV: JSON.stringify(options.backendEnv ?? {}),
      BENCH_STEP_TIMERS: options.stepTimers ? '1' : '',
      BENCH_GATEWAY_FETCH: options.gatewayFetch ? '1' : '',
      BENCH_INLINE_CHECKPOINTS: options.inlineCheckpoints ? '1' : '',
    },
  });
  const { child } = service;
  return {
    url: service.url,
    pid: child.pid!,
    memory: () => ask<NodeJS.MemoryUsage>(child, 'memory'),
    steps: () => ask<StepTotals>(child, 'steps'),
    clock: async () => (await ask<{ us: number }>(child, 'clock')).us,
    output: service.output,
    async close() {
      // the backend logs only errors (backendEnv.ts): whatever it logged explains a failed request
      const errors = service
        .output()
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line));
      if (errors.length)
        process.stderr.write(
          `${options.kind} logged ${errors.length} error(s), the last ones:\n${errors.slice(-3).join('\n')}\n`,
        );
      await service.stop();
    },
  };
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

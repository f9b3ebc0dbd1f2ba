import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker copies the WAL into the database file. */
const CHECKPOINT_INTERVAL_MS = 250;

/**
 * A safety net, in WAL pages (4 KiB each): if the worker ever stops, the backend's own connection checkpoints
 * once the WAL is this long (about 40 MB), as SQLite does by default at 1,000 pages.
 */
export const FALLBACK_CHECKPOINT_PAGES = 10_000;

export interface WalCheckpointer {
  /** checkpoints made so far (for tests and metrics) */
  checkpoints(): Promise<number>;
  stop(): Promise<void>;
}

// The worker is plain CommonJS evaluated from a string, so it runs the same under tsx, vitest and a build.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
let count = 0;
let failing = false;
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    count++;
    failing = false;
  } catch (e) {
    // a busy or failing checkpoint is tried again at the next tick; the first failure of a run is reported
    if (!failing) parentPort.postMessage({ type: 'error', message: String(e && e.message || e) });
    failing = true;
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'count') parentPort.postMessage({ type: 'count', count });
  if (message === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.postMessage({ type: 'stopped' });
  }
});
`;

/**
 * Copies the WAL of the SQLite file `file` into the database from a worker thread, every
 * CHECKPOINT_INTERVAL_MS, with its own connection. SQLite's automatic checkpoint runs inside a commit, on the
 * event loop: every thousand pages one commit copied 4 MB and waited for two fsyncs while no request could run
 * (with `synchronous = NORMAL` a checkpoint is the only time SQLite syncs). A PASSIVE checkpoint never blocks the
 * backend's writes or reads, and the next write after a complete one starts the WAL over. The backend's
 * connection keeps a far automatic checkpoint (FALLBACK_CHECKPOINT_PAGES) in case the worker dies.
 */
export function startWalCheckpointer(
  file: string,
  onError: (message: string) => void,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): WalCheckpointer {
  // the same SQLite library as the store's own connection (db.ts): two copies of SQLite in one process do not see
  // each other's POSIX locks on the file, and closing one's connection can drop the other's
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs } });
  // a checkpoint in progress must not keep the process alive, nor the worker's death take it down
  worker.unref();
  let exited = false;
  const waiting = new Map<string, ((value: number) => void)[]>();
  const settle = (type: string, value: number) => {
    for (const resolve of waiting.get(type) ?? []) resolve(value);
    waiting.delete(type);
  };
  const ask = (message: string, answer: string) =>
    new Promise<number>((resolve) => {
      if (exited) return resolve(-1);
      waiting.set(answer, [...(waiting.get(answer) ?? []), resolve]);
      worker.postMessage(message);
    });
  worker.on('message', (m: { type: string; count?: number; message?: string }) => {
    if (m.type === 'error') onError(m.message ?? 'unknown error');
    else settle(m.type, m.count ?? 0);
  });
  worker.on('error', (e) => onError(e.message));
  worker.on('exit', () => {
    exited = true;
    settle('count', -1);
    settle('stopped', 0);
  });
  return {
    checkpoints: () => ask('count', 'count'),
    async stop() {
      if (exited) return;
      await ask('stop', 'stopped');
      await worker.terminate();
    },
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_IN_ACCOUNTS, type Account } from '../accounts';
import { startServer } from '../startServer';

export interface TestSandbox {
  url: string;
  /** the clock the sandbox reads; tests move it forward with `advance` */
  advance(ms: number): void;
  logs: { message: string; detail?: Record<string, unknown> }[];
  close(): Promise<void>;
}

/**
 * The sandbox in-process, on a free loopback port, with a temp SQLite file and a clock the test controls
 * (starting at the real time). Notifications run on the fast schedule unless `notifyScale` says otherwise.
 */
export async function startTestSandbox(
  opts: { accounts?: Account[]; notifyScale?: number; settleMs?: number } = {},
): Promise<TestSandbox> {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  let offset = 0;
  const logs: TestSandbox['logs'] = [];
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    dbFile: join(dir, 'sandbox.db'),
    accounts: opts.accounts ?? BUILT_IN_ACCOUNTS,
    notifyScale: opts.notifyScale ?? 0.01,
    settleMs: opts.settleMs ?? 200,
    now: () => Date.now() + offset,
    log: (message, detail) => void logs.push({ message, ...(detail ? { detail } : {}) }),
  });
  return {
    url: server.url,
    advance: (ms) => {
      offset += ms;
    },
    logs,
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatewayProfile } from '../shared/gateway/profile';
import { BUILT_IN_ACCOUNTS, type Account } from '../sandbox/accounts';
import { startServer } from '../sandbox/startServer';

export interface SandboxInProcess {
  url: string;
  /** the clock the sandbox reads; tests move it forward with `advance` */
  advance(ms: number): void;
  logs: { message: string; detail?: Record<string, unknown> }[];
  close(): Promise<void>;
}

/**
 * The sandbox in-process, on a free loopback port, with a temp SQLite file and a clock the test controls
 * (starting at the real time). Notifications run on the fast schedule unless `notifyScale` says otherwise.
 * For the sandbox's own tests, which move its clock and read its logs; a test of the backend starts the sandbox
 * as a process (`startSandboxProcess`), as the two never share memory in production.
 */
export async function startSandboxInProcess(
  opts: {
    accounts?: Account[];
    notifyScale?: number;
    settleMs?: number;
    disputeMs?: number;
    profile?: GatewayProfile;
  } = {},
): Promise<SandboxInProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  let offset = 0;
  const logs: SandboxInProcess['logs'] = [];
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    dbFile: join(dir, 'sandbox.db'),
    accounts: opts.accounts ?? BUILT_IN_ACCOUNTS,
    notifyScale: opts.notifyScale ?? 0.01,
    settleMs: opts.settleMs ?? 200,
    disputeMs: opts.disputeMs ?? 200,
    ...(opts.profile ? { profile: opts.profile } : {}),
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

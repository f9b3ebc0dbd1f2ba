/**
 * `npm run sandbox`: the gateway sandbox as a process. Reads the environment and starts the server; prints
 * exactly one line once it listens: `sandbox listening on http://127.0.0.1:<port>`. SIGTERM and SIGINT stop it
 * cleanly (in-flight notification attempts finish; unfinished ones are retried on the next start).
 *
 * Env: SANDBOX_PORT (4010; 0 picks a free port), SANDBOX_HOST (127.0.0.1), SANDBOX_DB (./data/sandbox.db),
 * SANDBOX_PUBLIC_URL (http://<host>:<port>), SANDBOX_ACCOUNTS (JSON file), SANDBOX_NOTIFY_SCALE (1),
 * SANDBOX_SETTLE_MS (5000), SANDBOX_DISPUTE_MS (5000), SANDBOX_GATEWAY_PROFILE (a gateway profile override file, as the backend's
 * GATEWAY_PROFILE_FILE).
 */
import { readFileSync } from 'node:fs';
import { parseProfile } from '../shared/gateway/profile';
import { loadAccounts } from './accounts';
import { startServer } from './startServer';

function numberEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`${name} must be a non-negative number, got ${JSON.stringify(raw)}`);
  return n;
}

// logs go to stderr as JSON lines, so stdout carries only the listening line that harnesses wait for
function log(message: string, detail?: Record<string, unknown>): void {
  process.stderr.write(JSON.stringify({ time: new Date().toISOString(), msg: message, ...detail }) + '\n');
}

async function main(): Promise<void> {
  const server = await startServer({
    host: process.env.SANDBOX_HOST || '127.0.0.1',
    port: numberEnv('SANDBOX_PORT', 4010),
    dbFile: process.env.SANDBOX_DB || './data/sandbox.db',
    accounts: loadAccounts(process.env.SANDBOX_ACCOUNTS || undefined),
    ...(process.env.SANDBOX_PUBLIC_URL ? { publicUrl: process.env.SANDBOX_PUBLIC_URL } : {}),
    notifyScale: numberEnv('SANDBOX_NOTIFY_SCALE', 1),
    settleMs: numberEnv('SANDBOX_SETTLE_MS', 5000),
    disputeMs: numberEnv('SANDBOX_DISPUTE_MS', 5000),
    ...(process.env.SANDBOX_GATEWAY_PROFILE
      ? { profile: parseProfile(readFileSync(process.env.SANDBOX_GATEWAY_PROFILE, 'utf8')) }
      : {}),
    log,
  });
  process.stdout.write(`sandbox listening on ${server.url}\n`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        log('sandbox did not stop cleanly', { error: String(e) });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((e: unknown) => {
  log('sandbox failed to start', { error: e instanceof Error ? e.stack : String(e) });
  process.exit(1);
});

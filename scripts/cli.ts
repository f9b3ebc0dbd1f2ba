/**
 * `npm run cli -- <command>`: the admin API from a terminal, for owners who work from spreadsheets.
 *
 *   refund  --csv refunds.csv  [--out results.csv]   columns: order_no (or transaction_id), amount, reason
 *   capture --csv captures.csv [--out results.csv]   columns: order_no (or transaction_id), amount
 *   cancel  --csv orders.csv   [--out results.csv]   columns: order_no (or transaction_id)
 *   review  --csv reviews.csv  [--out results.csv]   columns: order_no (or transaction_id), approve (true/false)
 *   sync    --csv orders.csv | --from 2025-01-01 --to 2025-01-31   [--out results.csv]
 *   orders  [--status paid] [--from D] [--to D] [--q text]         [--out orders.csv]
 *   payout  --json payout.json --key <Idempotency-Key>
 *   keys add --role owner|finance|support|viewer|shop --name "month-end script"   prints the new key, once
 *   keys list | keys revoke <id|prefix>                                            (owners only)
 *   gateway check [--apm PIX] [--currency USD]     the gateway account and profile, with calls that move no money
 *   gateway check --watch [--port 4020] [--host 127.0.0.1] [--notify-url URL] [--count 1] [--timeout 600]
 *                    then shows each notification that arrives on that port as the profile reads it
 *   endpoints list                                                 the shop's event endpoints
 *   endpoints add --url URL [--types order.paid,order.refunded]    prints the new secret once
 *   endpoints roll --id ID [--overlap-hours 24]                    a new secret; the old one signs for the overlap
 *   endpoints test --id ID                                         sends an endpoint.test event to it
 *   endpoints remove --id ID
 *   users add --role owner|finance|support|viewer --email E    a person, with a one-time link to set a password
 *   users reset-password --email E                            a new one-time link; clears a lock-out
 *   events listen --forward-to http://localhost:3000/hook [--secret whsec_...] [--count N] [--timeout S]
 *                    pulls the backend's new events (a laptop cannot be pushed to) and posts each to the URL, signed
 *                    as a push is with a local secret printed once at start; one line per event with the answer
 *   events trigger order.paid     makes that event happen for real in the sandbox (a session, a payment, the
 *                    owner's capture, refund or cancel, a dispute) and prints it once the backend lists it; also
 *                    order.authorised, .declined, .cancelled, .partially_refunded, .refunded, .refund_failed,
 *                    .dispute_opened, .dispute_closed
 *
 * Which backend: `--backend URL` (any command), else CHECKOUT_URL (or ADMIN_URL, its older name), else the backend's
 * own HOST and PORT (defaults 127.0.0.1 and 4000), so a shell that starts a second backend with PORT=4001 reaches
 * that one; the CLI writes "backend: URL (from ...)" to stderr before its first request. API_KEY (an API key) or
 * else ADMIN_TOKEN (default the demo token) says as whom: each command needs a key whose role may do it, and the
 * audit log names the key. `events` reads the events as the shop's server does, with SHOP_SECRET (default the demo
 * one); `events trigger` also pays as the widget and acts as the owner (API_KEY or ADMIN_TOKEN).
 * `gateway check` instead reads the backend's own variables (GATEWAY_BASE_URL, MERCHANT_ID, ACCOUNT_ID, SIGN_KEY,
 * GATEWAY_PROFILE_FILE, ...) and calls the gateway directly; every "✗" names the profile key or variable to change;
 * exit 0 when every part works, 1 otherwise. `users`
 * works on the backend's database directly (DATABASE_URL or SQLITE_FILE, and PUBLIC_URL for the link), so the
 * first owner can be added before anyone can sign in.
 * Paths are relative to the folder the command is run in. Progress goes to stderr, results (CSV) to --out or
 * stdout; a row that cannot be sent is named by its line in the file. Exit code 0: every order succeeded (also
 * --help); 1: some did not (see the results); 2: the command or its input is wrong (a missing file, no header
 * line, a column the command does not take, semicolons instead of commas, a quote never closed, a JSON file
 * that does not parse), said in one line; 3: the backend refused or could not be reached.
 */
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { BulkResult } from '../shared/contract/admin';
import { ApiError } from '../shared/contract/ApiError';
import { toCsv } from '../shared/csv/toCsv';
import { adminRequest } from './cli/adminRequest';
import { checkGateway, readGatewayCheckArgs } from './cli/checkGateway';
import { InputError } from './cli/InputError';
import type { CliIo } from './cli/io';
import { runKeys } from './cli/keys';
import { progressBar } from './cli/progressBar';
import { BULK_COLUMNS, invalidRow, readBulkCsv, type CliAction, type CliItem } from './cli/readBulkCsv';
import { readCsvFile } from './cli/readCsvFile';
import { fromInvocationDir } from './cli/readInputFile';
import { readJsonFile } from './cli/readJsonFile';
import { resolveBackend } from './cli/resolveBackend';
import { runEndpoints } from './cli/runEndpoints';
import { listenForEvents } from './cli/eventsListen';
import { eventPuller } from './cli/eventsPull';
import { triggerEvent } from './cli/eventsTrigger';
import { sendBulk } from './cli/sendBulk';
import { usersCommand, UsersUsageError } from './cli/users';

const BULK: readonly string[] = ['capture', 'cancel', 'review', 'refund'];

class UsageError extends Error {}

type Call = <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<T>;

function usage(): string {
  const doc = readFileSync(new URL(import.meta.url), 'utf8');
  return /\/\*\*([\s\S]*?)\*\//
    .exec(doc)![1]!
    .replace(/^ \* ?/gm, '')
    .trim();
}

function output(io: CliIo, path: string | undefined, text: string): void {
  if (path) writeFileSync(fromInvocationDir(path, io.env), text);
  else io.stdout.write(text);
}

function resultsCsv(action: string, results: readonly BulkResult[]): string {
  return toCsv(
    ['order_no', 'action', 'result', 'status', 'error_code', 'error_message'],
    results.map((r) => [
      r.order_no,
      action,
      r.ok ? 'ok' : r.error.code === 'invalid_row' ? 'not_sent' : 'failed',
      (r as { status?: string }).status ?? '',
      r.ok ? '' : r.error.code,
      r.ok ? '' : r.error.message,
    ]),
  );
}

/** Writes the results CSV and a one-line summary; the exit code says whether every order succeeded. */
function report(io: CliIo, action: string, results: readonly BulkResult[], out: string | undefined): number {
  output(io, out, resultsCsv(action, results));
  const failed = results.filter((r) => !r.ok).length;
  io.stderr.write(`${action}: ${results.length - failed} ok, ${failed} not done${out ? `; results in ${out}` : ''}\n`);
  return failed ? 1 : 0;
}

/**
 * Sends the rows, and reports every row in the file's order: a row the backend refused unsent (its check of
 * each row, e.g. a reason too long) is named by its line, as the rows refused here are.
 */
async function runBulk(
  io: CliIo,
  call: Call,
  action: string,
  items: CliItem[],
  lines: number[],
  refused: { line: number; result: BulkResult }[],
  out: string | undefined,
): Promise<number> {
  const bar = progressBar(action, items.length, io.stderr);
  bar.update(0);
  const path = action === 'sync' ? '/orders/sync' : `/orders/${action}`;
  const results = await sendBulk(
    items,
    (chunk) =>
      call<{ results: BulkResult[] }>(
        'POST',
        path,
        action === 'sync' ? { order_nos: chunk.map((i) => i.order_no ?? '') } : { orders: chunk },
      ),
    (done) => bar.update(done),
  );
  bar.finish();
  const answered = results.map((r, i) => ({
    line: lines[i]!,
    result:
      !r.ok && r.position !== undefined && r.error.code === 'invalid_request'
        ? invalidRow(r.order_no, lines[i]!, r.error.message)
        : r,
  }));
  const all = [...answered, ...refused].sort((a, b) => a.line - b.line);
  return report(
    io,
    action,
    all.map((r) => r.result),
    out,
  );
}

async function run(args: string[], io: CliIo): Promise<number> {
  const { backend, argv } = resolveBackend(args, io.env, (message) => new UsageError(message));
  const token = io.env.API_KEY || io.env.ADMIN_TOKEN || 'demo-admin-token';
  let named = false;
  const announce = () => {
    if (!named) io.stderr.write(`backend: ${backend.url} (from ${backend.from})\n`);
    named = true;
  };
  const call: Call = (method, path, body, headers) => {
    announce();
    return adminRequest(backend.url, token, method, path, body, headers);
  };
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help' || rest.includes('--help')) {
    io.stdout.write(`${usage()}\n`);
    return 0;
  }
  if (command === 'gateway') {
    if (rest[0] !== 'check') throw new UsageError('gateway takes one subcommand: check');
    return checkGateway(
      io.env,
      readGatewayCheckArgs(rest.slice(1), (message) => new UsageError(message)),
      (text) => io.stdout.write(text),
    );
  }
  if (command === 'keys') return runKeys(call, rest, (message) => new UsageError(message), io);
  if (command === 'users') return usersCommand(rest, (line) => io.stdout.write(`${line}\n`), io.env);
  const { values } = parseArgs({
    args: rest,
    options: {
      csv: { type: 'string' },
      out: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      status: { type: 'string' },
      q: { type: 'string' },
      json: { type: 'string' },
      key: { type: 'string' },
      url: { type: 'string' },
      types: { type: 'string' },
      id: { type: 'string' },
      'overlap-hours': { type: 'string' },
      'forward-to': { type: 'string' },
      secret: { type: 'string' },
      count: { type: 'string' },
      timeout: { type: 'string' },
    },
    strict: true,
    allowPositionals: command === 'endpoints' || command === 'events',
  });
  if (command === 'events') return runEvents(io, backend.url, announce, call, rest, values);
  if (command && BULK.includes(command)) {
    if (!values.csv) throw new UsageError(`${command} needs --csv FILE`);
    const columns = BULK_COLUMNS[command as CliAction];
    const records = readCsvFile(values.csv, { needs: ['order_no', 'transaction_id'], takes: columns }, io.env);
    const { items, lines, refused } = readBulkCsv(records, command as CliAction);
    return runBulk(io, call, command, items, lines, refused, values.out);
  }
  if (command === 'sync') {
    if (values.csv) {
      const rows = readCsvFile(values.csv, { needs: ['order_no'], takes: ['order_no'], others: true }, io.env).filter(
        (r) => r.record.order_no,
      );
      return runBulk(
        io,
        call,
        'sync',
        rows.map((r) => ({ order_no: r.record.order_no! })),
        rows.map((r) => r.line),
        [],
        values.out,
      );
    }
    if (!values.from || !values.to) throw new UsageError('sync needs --csv FILE, or --from and --to');
    // the backend finds and syncs the range's orders in one request
    io.stderr.write(`sync: orders created from ${values.from} to ${values.to}...\n`);
    return report(
      io,
      'sync',
      (await call<{ results: BulkResult[] }>('POST', '/orders/sync', { from: values.from, to: values.to })).results,
      values.out,
    );
  }
  if (command === 'orders') {
    // written by the backend, which checks orders.export and records the export in the audit log
    const q = new URLSearchParams();
    for (const k of ['status', 'from', 'to', 'q'] as const) if (values[k]) q.set(k, values[k]);
    const csv = await call<string>('GET', `/orders/export${q.size ? `?${q}` : ''}`, undefined, { accept: 'text/csv' });
    output(io, values.out, csv);
    return 0;
  }
  if (command === 'payout') {
    if (!values.json || !values.key) throw new UsageError('payout needs --json FILE and --key IDEMPOTENCY-KEY');
    const payout = await call<Record<string, unknown>>('POST', '/payouts', readJsonFile(values.json, io.env), {
      'idempotency-key': values.key,
    });
    io.stdout.write(`${JSON.stringify(payout, null, 2)}\n`);
    return payout.status === 'FAILED' ? 1 : 0;
  }
  if (command === 'endpoints') {
    try {
      return await runEndpoints(call, rest[0], values, io);
    } catch (e) {
      if (e instanceof ApiError) throw e;
      throw new UsageError((e as Error).message);
    }
  }
  throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
}

/** `events listen | trigger`: the shop's events on a developer's laptop. */
async function runEvents(
  io: CliIo,
  backendUrl: string,
  announce: () => void,
  call: Call,
  rest: string[],
  values: { 'forward-to'?: string | undefined; secret?: string | undefined; count?: string; timeout?: string },
): Promise<number> {
  const whole = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new UsageError(`--${name} must be a whole number >= 1`);
    return Number(value);
  };
  const puller = eventPuller(backendUrl, io.env.SHOP_SECRET || 'demo-shop-secret');
  announce();
  if (rest[0] === 'listen') {
    const forwardTo = values['forward-to'];
    if (!forwardTo || !URL.canParse(forwardTo) || !/^https?:$/.test(new URL(forwardTo).protocol))
      throw new UsageError('events listen needs --forward-to URL, e.g. --forward-to http://localhost:3000/hook');
    if (values.secret !== undefined && !/^whsec_[A-Za-z0-9_-]{32,200}$/.test(values.secret))
      throw new UsageError('--secret must be whsec_ followed by 32 to 200 letters, digits, _ or -');
    const stop = new AbortController();
    const onSigint = () => stop.abort();
    process.once('SIGINT', onSigint);
    try {
      return await listenForEvents(
        puller,
        {
          forwardTo,
          secret: values.secret,
          count: whole('count', values.count),
          timeoutSeconds: whole('timeout', values.timeout),
          signal: stop.signal,
        },
        io,
      );
    } finally {
      process.off('SIGINT', onSigint);
    }
  }
  if (rest[0] === 'trigger') {
    if (!rest[1]) throw new UsageError('events trigger needs an event type, e.g. events trigger order.paid');
    return triggerEvent(
      rest[1],
      { backendUrl, shopKey: io.env.SHOP_SECRET || 'demo-shop-secret', admin: call, puller },
      io,
    );
  }
  throw new UsageError('events takes one of: listen, trigger');
}

/**
 * Runs one command line (`argv` without `node cli.ts`) with the settings and outputs of `io`, and answers the exit
 * code; what went wrong is written to `io.stderr` in one message (plus the usage for a wrong command line).
 * The process runs it with its own (below); tests call it with theirs.
 */
export async function main(argv: string[], io: CliIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (e) {
    if (e instanceof InputError) {
      io.stderr.write(`${e.message}\n`);
      return 2;
    }
    if (
      e instanceof UsageError ||
      e instanceof UsersUsageError ||
      (e as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
    ) {
      io.stderr.write(`${(e as Error).message}\n\n${usage()}\n`);
      return 2;
    }
    if (e instanceof ApiError) {
      const fields = e.fields.map((f) => `\n  ${f.path}: ${f.message}`).join('');
      io.stderr.write(
        `${e.status === 401 ? 'the credential was refused (set API_KEY to an API key, or ADMIN_TOKEN)' : `${e.code}: ${e.message}`}${fields}\n`,
      );
      return e.status === 400 || e.status === 422 ? 2 : 3;
    }
    io.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
    return 3;
  }
}

/** Whether this file is the program run (`tsx scripts/cli.ts`, also by a symlinked path or without `.ts`), not a module a test imports. */
function isProgram(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  const self = fileURLToPath(import.meta.url);
  return [script, `${script}.ts`].some((path) => {
    try {
      return realpathSync(path) === self;
    } catch {
      return false;
    }
  });
}

if (isProgram()) {
  main(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr }).then((code) =>
    process.exit(code),
  );
}

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
 *
 * ADMIN_URL (default http://127.0.0.1:4000) says where; API_KEY (an API key) or else ADMIN_TOKEN (default the
 * demo token) as whom: each command needs a key whose role may do it, and the audit log names the key.
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
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { BulkResult, OrderPage } from '../shared/contract/admin';
import { ApiError } from '../shared/contract/ApiError';
import { ordersCsv } from '../shared/csv/ordersCsv';
import { toCsv } from '../shared/csv/toCsv';
import { adminRequest } from './cli/adminRequest';
import { checkGateway, readGatewayCheckArgs } from './cli/checkGateway';
import { InputError } from './cli/InputError';
import { runKeys } from './cli/keys';
import { progressBar } from './cli/progressBar';
import { BULK_COLUMNS, invalidRow, readBulkCsv, type CliAction, type CliItem } from './cli/readBulkCsv';
import { readCsvFile } from './cli/readCsvFile';
import { fromInvocationDir } from './cli/readInputFile';
import { readJsonFile } from './cli/readJsonFile';
import { runEndpoints } from './cli/runEndpoints';
import { sendBulk } from './cli/sendBulk';
import { usersCommand, UsersUsageError } from './cli/users';

const BULK: readonly string[] = ['capture', 'cancel', 'review', 'refund'];

class UsageError extends Error {}

const base = process.env.ADMIN_URL || 'http://127.0.0.1:4000';
const token = process.env.API_KEY || process.env.ADMIN_TOKEN || 'demo-admin-token';
const call = <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  adminRequest<T>(base, token, method, path, body, headers);

function usage(): string {
  const doc = readFileSync(new URL(import.meta.url), 'utf8');
  return /\/\*\*([\s\S]*?)\*\//
    .exec(doc)![1]!
    .replace(/^ \* ?/gm, '')
    .trim();
}

function output(path: string | undefined, text: string): void {
  if (path) writeFileSync(fromInvocationDir(path), text);
  else process.stdout.write(text);
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
function report(action: string, results: readonly BulkResult[], out: string | undefined): number {
  output(out, resultsCsv(action, results));
  const failed = results.filter((r) => !r.ok).length;
  process.stderr.write(
    `${action}: ${results.length - failed} ok, ${failed} not done${out ? `; results in ${out}` : ''}\n`,
  );
  return failed ? 1 : 0;
}

/**
 * Sends the rows, and reports every row in the file's order: a row the backend refused unsent (its check of
 * each row, e.g. a reason too long) is named by its line, as the rows refused here are.
 */
async function runBulk(
  action: string,
  items: CliItem[],
  lines: number[],
  refused: { line: number; result: BulkResult }[],
  out: string | undefined,
): Promise<number> {
  const bar = progressBar(action, items.length);
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
    action,
    all.map((r) => r.result),
    out,
  );
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help' || rest.includes('--help')) {
    process.stdout.write(`${usage()}\n`);
    return 0;
  }
  if (command === 'gateway') {
    if (rest[0] !== 'check') throw new UsageError('gateway takes one subcommand: check');
    return checkGateway(
      process.env,
      readGatewayCheckArgs(rest.slice(1), (message) => new UsageError(message)),
    );
  }
  if (command === 'keys') return runKeys(call, rest, (message) => new UsageError(message));
  if (command === 'users') return usersCommand(rest, (line) => process.stdout.write(`${line}\n`));
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
    },
    strict: true,
    allowPositionals: command === 'endpoints',
  });
  if (command && BULK.includes(command)) {
    if (!values.csv) throw new UsageError(`${command} needs --csv FILE`);
    const columns = BULK_COLUMNS[command as CliAction];
    const records = readCsvFile(values.csv, { needs: ['order_no', 'transaction_id'], takes: columns });
    const { items, lines, refused } = readBulkCsv(records, command as CliAction);
    return runBulk(command, items, lines, refused, values.out);
  }
  if (command === 'sync') {
    if (values.csv) {
      const rows = readCsvFile(values.csv, { needs: ['order_no'], takes: ['order_no'], others: true }).filter(
        (r) => r.record.order_no,
      );
      return runBulk(
        'sync',
        rows.map((r) => ({ order_no: r.record.order_no! })),
        rows.map((r) => r.line),
        [],
        values.out,
      );
    }
    if (!values.from || !values.to) throw new UsageError('sync needs --csv FILE, or --from and --to');
    // the backend finds and syncs the range's orders in one request
    process.stderr.write(`sync: orders created from ${values.from} to ${values.to}...\n`);
    return report(
      'sync',
      (await call<{ results: BulkResult[] }>('POST', '/orders/sync', { from: values.from, to: values.to })).results,
      values.out,
    );
  }
  if (command === 'orders') {
    const rows: OrderPage['orders'] = [];
    let cursor: string | null = null;
    do {
      const q = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) });
      for (const k of ['status', 'from', 'to', 'q'] as const) if (values[k]) q.set(k, values[k]);
      const page: OrderPage = await call<OrderPage>('GET', `/orders?${q}`);
      rows.push(...page.orders);
      cursor = page.next_cursor;
      process.stderr.write(`orders: ${rows.length}\r`);
    } while (cursor);
    process.stderr.write('\n');
    output(values.out, ordersCsv(rows));
    return 0;
  }
  if (command === 'payout') {
    if (!values.json || !values.key) throw new UsageError('payout needs --json FILE and --key IDEMPOTENCY-KEY');
    const payout = await call<Record<string, unknown>>('POST', '/payouts', readJsonFile(values.json), {
      'idempotency-key': values.key,
    });
    process.stdout.write(`${JSON.stringify(payout, null, 2)}\n`);
    return payout.status === 'FAILED' ? 1 : 0;
  }
  if (command === 'endpoints') {
    try {
      return await runEndpoints(call, rest[0], values);
    } catch (e) {
      if (e instanceof ApiError) throw e;
      throw new UsageError((e as Error).message);
    }
  }
  throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    if (e instanceof InputError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    if (
      e instanceof UsageError ||
      e instanceof UsersUsageError ||
      (e as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
    ) {
      process.stderr.write(`${(e as Error).message}\n\n${usage()}\n`);
      process.exit(2);
    }
    if (e instanceof ApiError) {
      const fields = e.fields.map((f) => `\n  ${f.path}: ${f.message}`).join('');
      process.stderr.write(
        `${e.status === 401 ? 'the credential was refused (set API_KEY to an API key, or ADMIN_TOKEN)' : `${e.code}: ${e.message}`}${fields}\n`,
      );
      process.exit(e.status === 400 || e.status === 422 ? 2 : 3);
    }
    process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
    process.exit(3);
  },
);

import { parseArgs } from 'node:util';
import type { ApiKeyView, CreatedApiKey } from '../../shared/contract/adminKeys';
import type { CliIo } from './io';

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/**
 * `keys add --role <role> --name <text>` (prints the key once, on stdout alone so that it can be piped into a
 * secret store), `keys list`, `keys revoke <id|prefix>`. An owner's credential is needed (API_KEY of an owner
 * key, or ADMIN_TOKEN where it is allowed). `usage` is thrown for a wrong command line.
 */
export async function runKeys(
  call: Call,
  args: string[],
  usage: (message: string) => Error,
  { stdout, stderr }: Pick<CliIo, 'stdout' | 'stderr'>,
): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { role: { type: 'string' }, name: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (sub === 'add') {
    if (!values.role || !values.name || positionals.length) throw usage('keys add needs --role ROLE and --name TEXT');
    const key = await call<CreatedApiKey>('POST', '/keys', { role: values.role, name: values.name });
    stderr.write(
      `created ${key.prefix} (${key.role}, "${key.name}"); the key is shown this once, keep it in a secret store:\n`,
    );
    stdout.write(`${key.key}\n`);
    return 0;
  }
  if (sub === 'list') {
    if (positionals.length || values.role || values.name) throw usage('keys list takes no arguments');
    const { keys } = await call<{ keys: ApiKeyView[] }>('GET', '/keys');
    const rows = keys.map((k) => [
      k.prefix,
      k.role,
      k.name,
      k.created_at.slice(0, 16),
      k.last_used_at?.slice(0, 16) ?? 'never',
      k.revoked_at ? `revoked ${k.revoked_at.slice(0, 16)} by ${k.revoked_by}` : 'active',
      k.id,
    ]);
    stdout.write(table(['prefix', 'role', 'name', 'created', 'last used', 'state', 'id'], rows));
    return 0;
  }
  if (sub === 'revoke') {
    if (positionals.length !== 1 || values.role || values.name) throw usage('keys revoke needs one key id or prefix');
    const key = await call<ApiKeyView>('DELETE', `/keys/${encodeURIComponent(positionals[0]!)}`);
    stderr.write(`revoked ${key.prefix} (${key.role}, "${key.name}") at ${key.revoked_at}\n`);
    return 0;
  }
  throw usage('keys takes add, list or revoke');
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `${cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()}\n`;
  return line(header) + rows.map(line).join('');
}

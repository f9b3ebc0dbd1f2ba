/** The backend a command talks to, and which setting named it (said on stderr before the first request). */
export interface Backend {
  url: string;
  from: string;
}

/**
 * Takes `--backend URL` (or `--backend=URL`) out of the command line, wherever it stands, and answers the backend:
 * that flag, else CHECKOUT_URL, else ADMIN_URL (its older name), else `http://HOST:PORT` with the backend's own
 * variables and defaults (server/config.ts), a wildcard HOST read as 127.0.0.1. A URL that does not parse is a
 * usage error, so nothing is sent to a half-typed address.
 */
export function resolveBackend(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  usageError: (message: string) => Error,
): { backend: Backend; argv: string[] } {
  const argv: string[] = [];
  let flag: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--backend') {
      flag = args[++i];
      if (flag === undefined) throw usageError('--backend needs a URL, e.g. --backend http://127.0.0.1:4001');
    } else if (a.startsWith('--backend=')) flag = a.slice('--backend='.length);
    else argv.push(a);
  }
  const named: [string, string | undefined][] = [
    ['--backend', flag],
    ['CHECKOUT_URL', env.CHECKOUT_URL],
    ['ADMIN_URL', env.ADMIN_URL],
  ];
  const given = named.find(([, v]) => v);
  if (given) {
    const [from, value] = given as [string, string];
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
      throw usageError(`${from}: ${JSON.stringify(value)} is not a URL like http://127.0.0.1:4000`);
    return { backend: { url: value.replace(/\/+$/, ''), from }, argv };
  }
  const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const port = env.PORT || '4000';
  if (!/^\d{1,5}$/.test(port)) throw usageError(`PORT: ${JSON.stringify(port)} is not a port number`);
  const from = [env.HOST ? 'HOST' : '', env.PORT ? 'PORT' : ''].filter(Boolean).join(' and ') || 'the default';
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return { backend: { url: `http://${hostPart}:${port}`, from }, argv };
}

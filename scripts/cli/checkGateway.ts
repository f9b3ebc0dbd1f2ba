import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseProfile } from '../../shared/gateway/profile';
import { ConfigError, loadConfig } from '../../server/config';
import { createGatewayClient } from '../../server/gateway';
import { checkAccount, type CheckStep } from '../../server/gateway/checkAccount';
import { readNotification, type ProfileSuggestion } from '../../server/gateway/check/readNotification';
import { listenForNotifications, type NotificationListener } from './listenForNotifications';

export interface GatewayCheckOptions {
  /** a test APM the account allows: `/v1/authorise` is tried with it */
  apm?: string | undefined;
  /** the test orders' currency */
  currency: string;
  /** after the checks, show the notifications that arrive */
  watch: boolean;
  host: string;
  port: number;
  /** the test order's notify_url: a public HTTPS address that forwards to the watch port (default: the port itself) */
  notifyUrl?: string | undefined;
  /** stop watching after this many notifications */
  count: number;
  timeoutMs: number;
}

/** `gateway check`'s own options (after `gateway check`); a wrong one is an Error for the caller's usage message. */
export function readGatewayCheckArgs(args: string[], usageError: (message: string) => Error): GatewayCheckOptions {
  const { values } = parseArgs({
    args,
    options: {
      apm: { type: 'string' },
      currency: { type: 'string', default: 'USD' },
      watch: { type: 'boolean', default: false },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '4020' },
      'notify-url': { type: 'string' },
      count: { type: 'string', default: '1' },
      timeout: { type: 'string', default: '600' },
    },
    strict: true,
  });
  const whole = (name: 'port' | 'count', min: number, max: number) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min || n > max)
      throw usageError(`--${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
  const timeout = Number(values.timeout);
  if (!(timeout > 0)) throw usageError('--timeout must be a number of seconds above 0');
  if (!/^[A-Z]{3}$/.test(values.currency)) throw usageError('--currency must be a currency code such as USD');
  if (values['notify-url'] !== undefined && !URL.canParse(values['notify-url']))
    throw usageError('--notify-url must be an absolute URL');
  return {
    apm: values.apm,
    currency: values.currency,
    watch: values.watch,
    host: values.host,
    port: whole('port', 0, 65535),
    notifyUrl: values['notify-url'],
    count: whole('count', 1, 1000),
    timeoutMs: timeout * 1000,
  };
}

const MARK: Record<CheckStep['result'], string> = { ok: '✓', failed: '✗', skipped: '–' };

/**
 * `gateway check`: the backend's own gateway settings (the same environment, GATEWAY_PROFILE_FILE included) tried
 * against the real account with calls that move no money (server/gateway/checkAccount.ts), then with `--watch` the
 * notifications that reach this machine, each as the profile would read it (readNotification). Prints each part in
 * words; every "✗" names the profile key or variable to change. 0 when all pass, 1 otherwise.
 */
export async function checkGateway(
  env: Readonly<Record<string, string | undefined>>,
  options: GatewayCheckOptions,
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<number> {
  const say = (line: string) => write(`${line}\n`);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    say(`✗ configuration: fix these first\n${e.message.replace(/^/gm, '    ')}`);
    return 1;
  }
  const { baseUrl, merchantId, accountId, signKey, verifyKeys, timeoutMs, profile } = config.gateway;
  say(
    `gateway ${baseUrl}, merchant ${merchantId}, account ${accountId}, profile ${env.GATEWAY_PROFILE_FILE || '(defaults)'}`,
  );
  // one try each: a check should answer quickly and say what is wrong, not wait through back-offs
  const gateway = createGatewayClient({
    baseUrl,
    merchantId,
    accountId,
    signKey,
    timeoutMs,
    profile,
    retry: { maxRetries: 0 },
  });
  let listener: NotificationListener | undefined;
  if (options.watch) {
    try {
      listener = await listenForNotifications(options.host, options.port);
    } catch (e) {
      say(`✗ watch: cannot listen on ${options.host}:${options.port} (${(e as Error).message}): choose another --port`);
      return 1;
    }
  }
  // the watch port itself only for a gateway on this machine (the sandbox): a real one would refuse a plain-http
  // notify_url, or never reach it, and the payment signature step would fail for that instead
  const onThisMachine = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(baseUrl).hostname);
  const notifyUrl = options.notifyUrl ?? (listener && onThisMachine ? listener.url : config.notifyUrl);
  const result = await checkAccount(gateway, {
    apm: options.apm,
    orders: {
      currency: options.currency,
      website: config.website,
      returnUrl: listener ? `${listener.url}return` : `${config.publicUrl}/pay/return/gateway-check`,
      notifyUrl,
    },
  });
  for (const s of result.steps) say(`${MARK[s.result]} ${s.name}: ${s.says}`);
  let ok = result.ok;
  if (listener) {
    listener.payPage = result.checkoutForm;
    ok =
      (await watch(listener, options, notifyUrl, env, { merchantId, accountId, verifyKeys, signKey, profile }, say)) &&
      ok;
  }
  say(
    ok
      ? options.watch
        ? 'all checks passed.'
        : 'all checks passed. Not checked by these calls: the notifications; run `gateway check --watch` and pay its test order with a test card.'
      : 'some checks failed: fix what is named above, then run this again.',
  );
  return ok ? 0 : 1;
}

/** Shows the notifications that arrive, as the profile reads them; true when at least one came and all read well. */
async function watch(
  listener: NotificationListener,
  options: GatewayCheckOptions,
  notifyUrl: string,
  env: Readonly<Record<string, string | undefined>>,
  account: {
    merchantId: string;
    accountId: string;
    signKey: string;
    verifyKeys: readonly { key: string }[];
    profile: ReturnType<typeof loadConfig>['gateway']['profile'];
  },
  say: (line: string) => void,
): Promise<boolean> {
  say(
    `watching for notifications at ${listener.url} (the test order's notify_url is ${notifyUrl}); stops after ${options.count} or ${options.timeoutMs / 1000} s`,
  );
  if (listener.payPage)
    say(
      `  to make the gateway send one, open ${listener.url}pay in a browser and pay the test order with a test card (use a test account, or refund it)`,
    );
  if (notifyUrl !== listener.url && !options.notifyUrl)
    say(
      `  the test order's notifications go to the backend's receiver: a real gateway calls public HTTPS addresses only, so give one that forwards to this port with --notify-url`,
    );
  let allRead = true;
  const suggestions: ProfileSuggestion[] = [];
  const signKeys = [account.signKey, ...account.verifyKeys.map((k) => k.key)];
  const seen = await listener.wait(options.count, options.timeoutMs, (n, i) => {
    const names = Object.keys(n.form);
    say(
      `notification ${i + 1}: POST ${n.path} from ${n.from}, ${n.contentType || '(no content type)'}, ${names.length} fields`,
    );
    if (n.contentType !== 'application/x-www-form-urlencoded')
      say(
        `✗ content type: the backend's receiver (POST /hooks/gateway) takes application/x-www-form-urlencoded only, as the docs say the gateway sends (docs/protocol-decisions.md 6); no profile key changes it: report the content type`,
      );
    const reading = readNotification(account.profile, { ...account, signKeys }, n.form);
    for (const line of reading.lines) say(line);
    allRead &&= reading.ok && n.contentType === 'application/x-www-form-urlencoded';
    if (Object.keys(reading.suggestion).length) {
      suggestions.push(reading.suggestion);
      say('  the profile lines that would read and verify it:');
      for (const [key, value] of Object.entries(reading.suggestion))
        say(`    ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
    }
  });
  if (seen === 0) {
    say(
      `✗ watch: no notification arrived in ${options.timeoutMs / 1000} s: the gateway sends them to a payment's notify_url (the test order's is ${notifyUrl}; the backend's own payments use PUBLIC_URL + /hooks/gateway), over HTTPS`,
    );
    return false;
  }
  if (seen < options.count)
    say(`– watch: ${seen} of ${options.count} notifications arrived in ${options.timeoutMs / 1000} s`);
  if (suggestions.length) {
    const file = mergedProfileFile(env.GATEWAY_PROFILE_FILE, suggestions);
    if (typeof file === 'string') say(`– the suggested lines do not merge into GATEWAY_PROFILE_FILE: ${file}`);
    else {
      say(
        `a GATEWAY_PROFILE_FILE that reads and verifies what arrived${env.GATEWAY_PROFILE_FILE ? ' (yours, with these lines merged in)' : ''}:`,
      );
      for (const line of JSON.stringify(file, null, 2).split('\n')) say(`  ${line}`);
    }
  }
  return allRead;
}

type OverrideFile = ProfileSuggestion & Record<string, unknown>;

/**
 * The override file named by GATEWAY_PROFILE_FILE (if any) with the suggested entries merged in (the field names
 * of one value joined, the notification types' record joined, the last signature list), as the loader takes it;
 * or the loader's complaint.
 */
function mergedProfileFile(path: string | undefined, suggestions: readonly ProfileSuggestion[]): OverrideFile | string {
  const file: OverrideFile = path ? (JSON.parse(readFileSync(path, 'utf8')) as OverrideFile) : {};
  // each suggested record holds every type the profile knows already, plus the new one: their union replaces the file's
  let types: Record<string, string> | undefined;
  for (const s of suggestions) {
    if (s.signatures) file.signatures = { ...file.signatures, ...s.signatures };
    if (s.notificationTypes) types = { ...types, ...s.notificationTypes };
    if (s.incoming) {
      const fields: Record<string, string[]> = { ...file.incoming?.fields };
      for (const [value, names] of Object.entries(s.incoming.fields))
        fields[value] = [...new Set([...(fields[value] ?? []), ...(names ?? [])])];
      file.incoming = { ...file.incoming, fields };
    }
  }
  if (types) file.notificationTypes = types as ProfileSuggestion['notificationTypes'];
  try {
    parseProfile(JSON.stringify(file));
  } catch (e) {
    return (e as Error).message;
  }
  return file;
}

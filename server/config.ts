import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { checkProductionSecrets } from './checkProductionSecrets';
import { DEFAULT_PROFILE, type GatewayProfile, parseProfile, ProfileError } from '../shared/gateway/profile';

/**
 * The backend's configuration, read from the environment once by `main.ts` (docs/architecture.md 4).
 * Every value has a demo default so `npm start` needs nothing; `NODE_ENV=production` refuses those defaults,
 * missing secrets and a notify URL that is not HTTPS, naming the variable, so a misconfigured deployment fails
 * at start-up instead of at the first payment.
 */
export const DEMO_DEFAULTS = {
  GATEWAY_BASE_URL: 'http://127.0.0.1:4010',
  MERCHANT_ID: '701001',
  ACCOUNT_ID: '701001010',
  SIGN_KEY: 'sk_sandbox_701001010',
  SHOP_SECRET: 'demo-shop-secret',
  ADMIN_TOKEN: 'demo-admin-token',
  TOKEN_KEY: 'demo-token-key',
  PUBLIC_URL: 'http://127.0.0.1:4000',
  DEMO_SHOP_EVENTS_SECRET: 'whsec_demo_shop_events_0123456789abcdef',
} as const;

/** Secrets that must be set explicitly, and never to their demo value, in production. */
const SECRETS = ['MERCHANT_ID', 'ACCOUNT_ID', 'SIGN_KEY', 'SHOP_SECRET', 'TOKEN_KEY'] as const;
/** Also required in production: a demo value here would point a live shop at the sandbox or localhost. */
const REQUIRED_IN_PRODUCTION = [
  ...SECRETS,
  'GATEWAY_BASE_URL',
  'PUBLIC_URL',
  'ALLOWED_ORIGINS',
  'DATABASE_URL',
] as const;

const url = z.string().refine((v) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}, 'must be an absolute http(s) URL');

const origin = z.string().refine((v) => {
  try {
    return new URL(v).origin === v;
  } catch {
    return false;
  }
}, 'must be a list of origins like "https://shop.example" (scheme, host and port only, no path or slash)');

const positiveInt = z.coerce.number().int().positive();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  GATEWAY_BASE_URL: url.default(DEMO_DEFAULTS.GATEWAY_BASE_URL),
  GATEWAY_TIMEOUT_MS: positiveInt.default(15_000),
  /** a JSON file overriding parts of the gateway profile (docs/protocol-decisions.md 9); unset: the shared defaults */
  GATEWAY_PROFILE_FILE: z.string().optional(),
  /** the shop's site name sent as `website` on every payment; unset: PUBLIC_URL's host */
  WEBSITE: z.string().min(1).max(2000, 'must be at most 2000 characters').optional(),
  MERCHANT_ID: z.string().min(1).max(7, 'must be at most 7 characters').default(DEMO_DEFAULTS.MERCHANT_ID),
  ACCOUNT_ID: z.string().min(1).max(10, 'must be at most 10 characters').default(DEMO_DEFAULTS.ACCOUNT_ID),
  SIGN_KEY: z.string().min(1).default(DEMO_DEFAULTS.SIGN_KEY),
  /** comma-separated `key@expiry` still accepted on incoming signatures during a key rotation (`previousKeys`) */
  SIGN_KEYS_PREVIOUS: z.string().default(''),
  SHOP_SECRET: z.string().min(1).default(DEMO_DEFAULTS.SHOP_SECRET),
  ADMIN_TOKEN: z.string().min(1).default(DEMO_DEFAULTS.ADMIN_TOKEN),
  /** production only: keep accepting ADMIN_TOKEN as an owner credential (#22: refused there unless this is true) */
  ALLOW_ADMIN_TOKEN: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  /** encrypts saved-card tokens at rest (AES-256-GCM under a key derived from it); changing it loses saved cards */
  TOKEN_KEY: z.string().min(1).default(DEMO_DEFAULTS.TOKEN_KEY),
  PUBLIC_URL: url.default(DEMO_DEFAULTS.PUBLIC_URL),
  /** unset: the backend's own origin (the demo shop), see `ownOrigins` */
  ALLOWED_ORIGINS: z.string().optional(),
  DATABASE_URL: z.string().default(''),
  /** `off` behind a pooler that cannot keep prepared statements (PgBouncer in transaction mode before 1.21) */
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  SQLITE_FILE: z.string().min(1).default('./data/merchant.db'),
  SESSION_TTL_MINUTES: positiveInt.default(60),
  RECONCILE_INTERVAL_MS: positiveInt.default(30_000),
  /** a pending payment older than this is queried by the reconcile loop */
  RECONCILE_PENDING_AFTER_MS: positiveInt.default(10 * 60_000),
  RATE_LIMIT_SESSIONS_PER_MINUTE: positiveInt.default(600),
  RATE_LIMIT_PAYMENTS_PER_MINUTE: positiveInt.default(30),
  /** failed Bearer authentications (admin token, shop secret) a client IP may make per window before every
   * request of it is refused with 429 until the window ends (throttleFailedAuth) */
  AUTH_FAILURES_PER_IP: positiveInt.default(10),
  AUTH_FAILURE_WINDOW_SECONDS: positiveInt.default(900),
  /** a signed-in person's cookie ends after this long without a request (sliding) ... */
  ADMIN_SESSION_IDLE_MINUTES: positiveInt.default(30),
  /** ... and this long after signing in, whatever happens */
  ADMIN_SESSION_MAX_HOURS: positiveInt.default(12),
  /** failed sign-ins of one account that lock it; each further run of as many locks it twice as long */
  SIGN_IN_LOCK_AFTER: positiveInt.default(5),
  SIGN_IN_LOCK_MINUTES: positiveInt.default(15),
  /** per client IP on /hooks/*: the gateway sends from a few addresses, so this is generous */
  RATE_LIMIT_HOOKS_PER_MINUTE: positiveInt.default(1200),
  /** per client IP on /pay/return/*: a shopper comes back once or twice a payment */
  RATE_LIMIT_RETURNS_PER_MINUTE: positiveInt.default(120),
  /** how many reverse proxies in front of the backend append to X-Forwarded-For (0 = use the socket address) */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  WIDGET_DIR: z.string().default('dist/widget'),
  ADMIN_DIR: z.string().default('dist/admin'),
  DEMO_PAGE: z.string().default('widget/demo/index.html'),
  /**
   * `1` serves the demo shop (`GET /` and `/demo/*`); `npm start` sets it, `npm run server` never does. The demo
   * takes anonymous visitors, so it is never on by default and refused in production (#33)
   */
  DEMO: z.enum(['0', '1'], { error: 'must be 1 (serve the demo shop) or 0' }).default('0'),
  /**
   * the secret the demo shop's server verifies pushed events with (`POST /demo/shop-events`); the demo shop is not
   * served in production, so it is never a production secret
   */
  DEMO_SHOP_EVENTS_SECRET: z.string().min(1).default(DEMO_DEFAULTS.DEMO_SHOP_EVENTS_SECRET),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** set: `/metrics` is served on this port without auth (bind it to an internal interface), not on PORT */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** the interface of METRICS_PORT; unset: HOST */
  METRICS_HOST: z.string().min(1).optional(),
  /** the shop's event endpoints (issue #21): how often a worker looks for due deliveries besides being woken */
  SHOP_EVENTS_POLL_MS: positiveInt.default(5_000),
  /** how long one delivery waits for the shop's answer */
  SHOP_EVENTS_TIMEOUT_MS: positiveInt.default(10_000),
  /** the first retry waits up to this long; each next one up to twice as long (full jitter) */
  SHOP_EVENTS_RETRY_BASE_MS: positiveInt.default(10_000),
  /** no retry waits longer than this */
  SHOP_EVENTS_RETRY_MAX_MS: positiveInt.default(3_600_000),
  /** a delivery still failing this long after its event is marked failed */
  SHOP_EVENTS_RETRY_FOR_HOURS: z.coerce.number().positive().default(72),
  /** how long, in hours, the previous secret still signs after a roll, unless the roll names its own overlap */
  SHOP_EVENTS_ROLL_OVERLAP_HOURS: z.coerce.number().min(0).default(24),
  /** how long a shutdown waits for requests in flight and a reconcile pass before it exits anyway */
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(25_000),
  /** how long, after SIGTERM, to keep accepting requests while /readyz says 503, so the load balancer notices */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
});

export interface Config {
  production: boolean;
  host: string;
  port: number;
  gateway: {
    baseUrl: string;
    merchantId: string;
    accountId: string;
    signKey: string;
    /** SIGN_KEYS_PREVIOUS: accepted on incoming signatures before `until` (null: until removed, never in production) */
    verifyKeys: { key: string; until: Date | null }[];
    timeoutMs: number;
    /** the defaults, with GATEWAY_PROFILE_FILE merged over them */
    profile: GatewayProfile;
  };
  /** `website` of every payment order */
  website: string;
  shopSecret: string;
  /** ADMIN_TOKEN, an owner credential; null in production unless ALLOW_ADMIN_TOKEN=true (owner API keys instead) */
  adminToken: string | null;
  /** TOKEN_KEY: the secret saved-card tokens are sealed with (server/store/cardTokenSeal.ts) */
  tokenKey: string;
  /** no trailing slash */
  publicUrl: string;
  notifyUrl: string;
  allowedOrigins: string[];
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; preparedStatements: boolean };
  sessionTtlMs: number;
  reconcile: { intervalMs: number; pendingAfterMs: number };
  rateLimit: { sessionsPerMinute: number; paymentsPerMinute: number; hooksPerMinute: number; returnsPerMinute: number };
  /** failed authentications allowed per client IP and window (throttleFailedAuth) */
  authFailures: { limit: number; windowMs: number };
  /** people's sign-in (issue #22): cookie lifetimes and the lock-out of an account after failed sign-ins */
  people: {
    idleMs: number;
    absoluteMs: number;
    lockAfter: number;
    lockMs: number;
    /**
     * tests only, never read from the environment: scrypt's N for the password hashes made and the unknown-account
     * check (server/team/passwordHash.ts), so that a test signing in hundreds of times needs no production cost.
     * Unset everywhere else: the production cost.
     */
    passwordScryptN?: number;
  };
  trustedProxyHops: number;
  widgetDir: string;
  /** the built admin page: its index.html and the assets folder beside it */
  adminDir: string;
  demoPage: string;
  /** DEMO=1: the demo shop is served (never in production) */
  demo: boolean;
  /**
   * what this process runs that only a demo should (the demo shop, published demo values of secrets and
   * addresses), for the one line `main.ts` logs at start; empty in production
   */
  demoOnly: string[];
  /** DEMO_SHOP_EVENTS_SECRET */
  demoShopEventsSecret: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** `port` null: `/metrics` is on the main port, behind the admin token */
  metrics: { port: number | null; host: string };
  shutdown: { timeoutMs: number; delayMs: number };
  /** delivery of events to the shop's endpoints (server/shopEvents/) */
  shopEvents: {
    pollMs: number;
    timeoutMs: number;
    retryBaseMs: number;
    retryMaxMs: number;
    retryForMs: number;
    rollOverlapHours: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and checks `env`; throws ConfigError with one line per problem, each naming its variable.
 * `readFile` reads GATEWAY_PROFILE_FILE (a parameter so that tests need no file).
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): Config {
  // an empty variable counts as unset, as it does in most deployment tools
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${String(i.path[0] ?? 'env')}: ${i.message}`).join('\n'));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const publicUrl = e.PUBLIC_URL.replace(/\/+$/, '');
  // The backend's own origin (PUBLIC_URL's) stays allowed when ALLOWED_ORIGINS names shops: the demo shop runs
  // there, and adding a shop must not lock it out. Its loopback twin only by default, so a list given is exact.
  const shopOrigins = (e.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const own = shopOrigins.length ? [new URL(publicUrl).origin] : ownOrigins(publicUrl);
  const allowedOrigins = [...new Set([...own, ...shopOrigins])];
  for (const o of shopOrigins) {
    if (!origin.safeParse(o).success)
      problems.push(`ALLOWED_ORIGINS: ${JSON.stringify(o)} is not an origin like "https://shop.example"`);
  }
  const databaseUrl = e.DATABASE_URL;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    problems.push('DATABASE_URL: must be a postgres:// URL (leave it unset for SQLite)');

  const profile = e.GATEWAY_PROFILE_FILE ? readProfile(e.GATEWAY_PROFILE_FILE, readFile, problems) : DEFAULT_PROFILE;

  const production = e.NODE_ENV === 'production';
  const verifyKeys = previousKeys(e.SIGN_KEYS_PREVIOUS, e.SIGN_KEY, production, problems);
  if (production) {
    // signatures and keys must not cross the network in clear; the docs' gateway only speaks HTTPS
    if (new URL(e.GATEWAY_BASE_URL).protocol !== 'https:')
      problems.push('GATEWAY_BASE_URL: the gateway address must be HTTPS when NODE_ENV=production');
    for (const name of REQUIRED_IN_PRODUCTION) {
      if (!given[name]) problems.push(`${name}: must be set when NODE_ENV=production`);
    }
    // One shared token that is everything, with no name in the audit log (#22): production uses API keys and
    // people. An existing set-up that still needs it says so explicitly, and then it must be strong.
    if (e.ALLOW_ADMIN_TOKEN === 'true' && !given.ADMIN_TOKEN)
      problems.push('ADMIN_TOKEN: must be set when ALLOW_ADMIN_TOKEN=true');
    if (e.ALLOW_ADMIN_TOKEN !== 'true' && given.ADMIN_TOKEN)
      problems.push(
        'ADMIN_TOKEN: refused when NODE_ENV=production (a shared token names nobody in the audit log); create an owner API key (`npm run cli -- keys add --role owner`) and unset it, or set ALLOW_ADMIN_TOKEN=true to keep it for now',
      );
    const adminTokenUsed = e.ALLOW_ADMIN_TOKEN === 'true';
    for (const name of [
      ...SECRETS,
      ...(adminTokenUsed ? (['ADMIN_TOKEN'] as const) : []),
      'GATEWAY_BASE_URL',
      'PUBLIC_URL',
    ] as const) {
      if (given[name] && given[name] === DEMO_DEFAULTS[name])
        problems.push(`${name}: the demo default is refused when NODE_ENV=production`);
    }
    // length, randomness, no demo value of another secret, all distinct (#18: a 1-character token was accepted)
    const demoSecrets = [
      DEMO_DEFAULTS.SIGN_KEY,
      DEMO_DEFAULTS.SHOP_SECRET,
      DEMO_DEFAULTS.ADMIN_TOKEN,
      DEMO_DEFAULTS.TOKEN_KEY,
    ];
    const secrets = {
      ADMIN_TOKEN: adminTokenUsed ? (given.ADMIN_TOKEN ?? '') : '',
      SHOP_SECRET: given.SHOP_SECRET ?? '',
      SIGN_KEY: given.SIGN_KEY ?? '',
      TOKEN_KEY: given.TOKEN_KEY ?? '',
    };
    for (const line of checkProductionSecrets(secrets, demoSecrets)) {
      // the exact-default line above already says it for a variable's own default
      const name = line.slice(0, line.indexOf(':')) as keyof typeof secrets;
      if (!(line.includes('a demo value') && secrets[name] === DEMO_DEFAULTS[name])) problems.push(line);
    }
    for (const [i, { key }] of verifyKeys.entries()) {
      for (const name of ['ADMIN_TOKEN', 'SHOP_SECRET', 'TOKEN_KEY'] as const)
        if (key === given[name]) problems.push(`SIGN_KEYS_PREVIOUS: key ${i + 1} is ${name}`);
    }
    if (given.PUBLIC_URL && new URL(publicUrl).protocol !== 'https:') {
      problems.push('PUBLIC_URL: the notify URL (PUBLIC_URL + /hooks/gateway) must be HTTPS when NODE_ENV=production');
    }
    for (const o of shopOrigins) {
      if (o.startsWith('http:')) problems.push(`ALLOWED_ORIGINS: ${o} must be HTTPS when NODE_ENV=production`);
    }
    if (e.DEMO === '1') problems.push('DEMO: the demo shop is refused when NODE_ENV=production');
  }
  if (problems.length) throw new ConfigError(problems.join('\n'));

  return {
    production,
    host: e.HOST,
    port: e.PORT,
    gateway: {
      baseUrl: e.GATEWAY_BASE_URL.replace(/\/+$/, ''),
      merchantId: e.MERCHANT_ID,
      accountId: e.ACCOUNT_ID,
      signKey: e.SIGN_KEY,
      verifyKeys,
      timeoutMs: e.GATEWAY_TIMEOUT_MS,
      profile,
    },
    website: e.WEBSITE ?? new URL(publicUrl).host,
    shopSecret: e.SHOP_SECRET,
    adminToken: production && e.ALLOW_ADMIN_TOKEN !== 'true' ? null : e.ADMIN_TOKEN,
    tokenKey: e.TOKEN_KEY,
    publicUrl,
    notifyUrl: `${publicUrl}/hooks/gateway`,
    allowedOrigins,
    database: databaseUrl
      ? { kind: 'postgres', url: databaseUrl, preparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'on' }
      : { kind: 'sqlite', file: e.SQLITE_FILE },
    sessionTtlMs: e.SESSION_TTL_MINUTES * 60_000,
    reconcile: { intervalMs: e.RECONCILE_INTERVAL_MS, pendingAfterMs: e.RECONCILE_PENDING_AFTER_MS },
    rateLimit: {
      sessionsPerMinute: e.RATE_LIMIT_SESSIONS_PER_MINUTE,
      paymentsPerMinute: e.RATE_LIMIT_PAYMENTS_PER_MINUTE,
      hooksPerMinute: e.RATE_LIMIT_HOOKS_PER_MINUTE,
      returnsPerMinute: e.RATE_LIMIT_RETURNS_PER_MINUTE,
    },
    authFailures: { limit: e.AUTH_FAILURES_PER_IP, windowMs: e.AUTH_FAILURE_WINDOW_SECONDS * 1000 },
    people: {
      idleMs: e.ADMIN_SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: e.ADMIN_SESSION_MAX_HOURS * 3_600_000,
      lockAfter: e.SIGN_IN_LOCK_AFTER,
      lockMs: e.SIGN_IN_LOCK_MINUTES * 60_000,
    },
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    widgetDir: e.WIDGET_DIR,
    adminDir: e.ADMIN_DIR,
    demoPage: e.DEMO_PAGE,
    demo: e.DEMO === '1',
    demoOnly: production ? [] : demoOnly(e.DEMO === '1', given),
    demoShopEventsSecret: e.DEMO_SHOP_EVENTS_SECRET,
    logLevel: e.LOG_LEVEL,
    metrics: { port: e.METRICS_PORT ?? null, host: e.METRICS_HOST ?? e.HOST },
    shutdown: { timeoutMs: e.SHUTDOWN_TIMEOUT_MS, delayMs: e.SHUTDOWN_DELAY_MS },
    shopEvents: {
      pollMs: e.SHOP_EVENTS_POLL_MS,
      timeoutMs: e.SHOP_EVENTS_TIMEOUT_MS,
      retryBaseMs: e.SHOP_EVENTS_RETRY_BASE_MS,
      retryMaxMs: e.SHOP_EVENTS_RETRY_MAX_MS,
      retryForMs: e.SHOP_EVENTS_RETRY_FOR_HOURS * 3_600_000,
      rollOverlapHours: e.SHOP_EVENTS_ROLL_OVERLAP_HOURS,
    },
  };
}

/**
 * What a development process runs that only a demo should: the demo shop, and the variables left at their
 * published demo values (anyone who read the README holds them: the admin token moves money).
 */
function demoOnly(demo: boolean, given: Readonly<Record<string, string | undefined>>): string[] {
  const published = (['ADMIN_TOKEN', 'SHOP_SECRET', 'SIGN_KEY', 'TOKEN_KEY'] as const).filter(
    (name) => !given[name] || given[name] === DEMO_DEFAULTS[name],
  );
  return [
    ...(demo ? ['the demo shop at / and /demo/* (DEMO=1)'] : []),
    ...(published.length ? [`the published demo values of ${published.join(', ')}`] : []),
  ];
}

/**
 * SIGN_KEYS_PREVIOUS as `key@expiry` entries: the expiry is an ISO date (00:00 UTC of that day) or date-time, from
 * which on the key no longer verifies. A forgotten old key would otherwise verify forever, so production requires
 * an expiry, and refuses SIGN_KEY itself and the sandbox's published keys. Problems name a key by its position,
 * never by its value.
 */
function previousKeys(
  raw: string,
  signKey: string,
  production: boolean,
  problems: string[],
): { key: string; until: Date | null }[] {
  const keys: { key: string; until: Date | null }[] = [];
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const [i, entry] of entries.entries()) {
    const name = `SIGN_KEYS_PREVIOUS: key ${i + 1}`;
    const at = entry.lastIndexOf('@');
    const key = at < 0 ? entry : entry.slice(0, at);
    const expiry = at < 0 ? undefined : entry.slice(at + 1);
    const until = expiry === undefined ? null : new Date(expiry);
    if (until && (!/^\d{4}-\d{2}-\d{2}/.test(expiry ?? '') || Number.isNaN(until.getTime()))) {
      problems.push(`${name} has an expiry that is not an ISO date (key@2026-12-31 or key@2026-12-31T12:00:00Z)`);
      continue;
    }
    if (production) {
      if (!until) problems.push(`${name} has no expiry (key@2026-12-31), required when NODE_ENV=production`);
      if (key === signKey) problems.push(`${name} is SIGN_KEY itself`);
      if (key === DEMO_DEFAULTS.SIGN_KEY || key.startsWith('sk_sandbox_'))
        problems.push(`${name} is a demo key, refused when NODE_ENV=production`);
    }
    keys.push({ key, until });
  }
  return keys;
}

/** The profile file merged over the defaults; each problem is named `GATEWAY_PROFILE_FILE: <key>: <what>`. */
function readProfile(path: string, readFile: (path: string) => string, problems: string[]): GatewayProfile {
  let text: string;
  try {
    text = readFile(path);
  } catch (e) {
    problems.push(`GATEWAY_PROFILE_FILE: cannot read ${JSON.stringify(path)}: ${(e as Error).message}`);
    return DEFAULT_PROFILE;
  }
  try {
    return parseProfile(text);
  } catch (e) {
    if (!(e instanceof ProfileError)) throw e;
    for (const line of e.message.split('\n')) problems.push(`GATEWAY_PROFILE_FILE: ${line}`);
    return DEFAULT_PROFILE;
  }
}

/**
 * Without ALLOWED_ORIGINS only the backend's own origin may embed the widget: that is where the demo shop runs.
 * On loopback both spellings of the host are allowed, since a browser treats them as different origins.
 */
function ownOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const twin = url.hostname === '127.0.0.1' ? 'localhost' : url.hostname === 'localhost' ? '127.0.0.1' : undefined;
  if (!twin) return [url.origin];
  const other = new URL(url.origin);
  other.hostname = twin;
  return [url.origin, other.origin];
}

import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_DEFAULTS, loadConfig } from './config';

const PRODUCTION = {
  NODE_ENV: 'production',
  GATEWAY_BASE_URL: 'https://gateway.example',
  MERCHANT_ID: '900001',
  ACCOUNT_ID: '900001001',
  SIGN_KEY: 'sk_live_5Qm2xT9vR4kL8wZ1',
  SHOP_SECRET: 'shop_r7Kp2Vx9Qm4Zt8Lw1Ns6Bd3Hf5Jc0Ye',
  // an existing set-up that keeps its admin token (#22); the tests below take it out where it matters
  ADMIN_TOKEN: 'adm_N3q8Wz5Rt1Vx7Kp4Lm9Bc2Hd6Jf0Gs',
  ALLOW_ADMIN_TOKEN: 'true',
  TOKEN_KEY: 'token-key-live-0123456789abcdef0123',
  PUBLIC_URL: 'https://pay.shop.example/',
  ALLOWED_ORIGINS: 'https://shop.example, https://www.shop.example',
  DATABASE_URL: 'postgres://app@db.internal/merchant',
};

function problems(env: Record<string, string>, readFile?: (path: string) => string): string {
  try {
    loadConfig(env, readFile);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error('expected loadConfig to refuse');
}

describe('loadConfig', () => {
  it('runs the demo with no environment at all', () => {
    const c = loadConfig({});
    expect(c.production).toBe(false);
    expect(c.gateway).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010',
      merchantId: '701001',
      accountId: '701001010',
      signKey: 'sk_sandbox_701001010',
    });
    expect(c.database).toEqual({ kind: 'sqlite', file: './data/merchant.db' });
    expect(c.notifyUrl).toBe('http://127.0.0.1:4000/hooks/gateway');
    expect(c.allowedOrigins).toEqual(['http://127.0.0.1:4000', 'http://localhost:4000']);
  });

  it("lets the backend's own origin embed the widget when ALLOWED_ORIGINS is unset", () => {
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4612' }).allowedOrigins).toEqual([
      'http://127.0.0.1:4612',
      'http://localhost:4612',
    ]);
    expect(loadConfig({ PUBLIC_URL: 'https://pay.example/' }).allowedOrigins).toEqual(['https://pay.example']);
  });

  it("keeps the backend's own origin (the demo shop) allowed when ALLOWED_ORIGINS adds a shop", () => {
    expect(
      loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000', ALLOWED_ORIGINS: 'https://shop.example' }).allowedOrigins,
    ).toEqual(['http://127.0.0.1:4000', 'https://shop.example']);
    // named twice: listed once
    expect(
      loadConfig({ PUBLIC_URL: 'https://pay.example', ALLOWED_ORIGINS: 'https://pay.example,https://shop.example' })
        .allowedOrigins,
    ).toEqual(['https://pay.example', 'https://shop.example']);
  });

  it('accepts a complete production environment and derives the notify URL', () => {
    const c = loadConfig(PRODUCTION);
    expect(c.production).toBe(true);
    expect(c.publicUrl).toBe('https://pay.shop.example');
    expect(c.notifyUrl).toBe('https://pay.shop.example/hooks/gateway');
    expect(c.allowedOrigins).toEqual(['https://pay.shop.example', 'https://shop.example', 'https://www.shop.example']);
    expect(c.database).toEqual({ kind: 'postgres', preparedStatements: true, url: PRODUCTION.DATABASE_URL });
  });

  it.each(['SIGN_KEY', 'SHOP_SECRET', 'TOKEN_KEY', 'MERCHANT_ID', 'DATABASE_URL'] as const)(
    'refuses production without %s, naming it',
    (name) => {
      const { [name]: _, ...env } = PRODUCTION;
      expect(problems(env)).toContain(`${name}: must be set when NODE_ENV=production`);
    },
  );

  it('production needs no ADMIN_TOKEN: owners use API keys, and the token is accepted nowhere', () => {
    const { ADMIN_TOKEN: _, ALLOW_ADMIN_TOKEN: __, ...env } = PRODUCTION;
    expect(loadConfig(env).adminToken).toBeNull();
    // the demo keeps its token, so `npm start` and the CLI work with no set-up
    expect(loadConfig({}).adminToken).toBe(DEMO_DEFAULTS.ADMIN_TOKEN);
  });

  it('refuses ADMIN_TOKEN in production unless ALLOW_ADMIN_TOKEN=true, naming both and never the value', () => {
    const { ALLOW_ADMIN_TOKEN: _, ...env } = PRODUCTION;
    const text = problems(env);
    expect(text).toMatch(/^ADMIN_TOKEN: refused when NODE_ENV=production .*ALLOW_ADMIN_TOKEN=true/m);
    expect(text).not.toContain(PRODUCTION.ADMIN_TOKEN);
    expect(problems({ ...env, ALLOW_ADMIN_TOKEN: 'false' })).toMatch(/^ADMIN_TOKEN: refused/m);
    expect(loadConfig(PRODUCTION).adminToken).toBe(PRODUCTION.ADMIN_TOKEN);
    const { ADMIN_TOKEN: __, ...without } = PRODUCTION;
    expect(problems(without)).toContain('ADMIN_TOKEN: must be set when ALLOW_ADMIN_TOKEN=true');
    expect(problems({ ...PRODUCTION, ALLOW_ADMIN_TOKEN: 'yes' })).toMatch(/^ALLOW_ADMIN_TOKEN: must be true or false/m);
  });

  it('counts an empty variable as missing', () => {
    expect(problems({ ...PRODUCTION, SIGN_KEY: '' })).toContain('SIGN_KEY: must be set');
  });

  it.each(['SIGN_KEY', 'SHOP_SECRET', 'ADMIN_TOKEN', 'TOKEN_KEY'] as const)(
    'refuses the demo default of %s in production',
    (name) => {
      expect(problems({ ...PRODUCTION, [name]: DEMO_DEFAULTS[name] })).toContain(
        `${name}: the demo default is refused`,
      );
    },
  );

  it('refuses a TOKEN_KEY shorter than 32 characters in production: it encrypts the saved cards', () => {
    expect(problems({ ...PRODUCTION, TOKEN_KEY: 'short-token-key' })).toMatch(
      /^TOKEN_KEY: must be at least 32 characters when NODE_ENV=production/m,
    );
    expect(problems({ ...PRODUCTION, TOKEN_KEY: PRODUCTION.ADMIN_TOKEN })).toMatch(/^TOKEN_KEY: must differ from/m);
  });

  it('refuses a non-HTTPS notify URL in production, naming PUBLIC_URL', () => {
    expect(problems({ ...PRODUCTION, PUBLIC_URL: 'http://pay.shop.example' })).toMatch(/^PUBLIC_URL: .*must be HTTPS/m);
  });

  it('refuses malformed values in any mode, naming the variable', () => {
    expect(problems({ PORT: 'eighty' })).toMatch(/^PORT: /m);
    expect(problems({ PUBLIC_URL: 'not a url' })).toMatch(/^PUBLIC_URL: /m);
    expect(problems({ ALLOWED_ORIGINS: 'https://shop.example/path' })).toMatch(/^ALLOWED_ORIGINS: /m);
    expect(problems({ DATABASE_URL: 'mysql://x' })).toMatch(/^DATABASE_URL: /m);
    expect(problems({ MERCHANT_ID: '12345678' })).toMatch(/^MERCHANT_ID: /m);
  });

  it('lists every problem at once', () => {
    const text = problems({ NODE_ENV: 'production' });
    for (const name of ['SIGN_KEY', 'SHOP_SECRET', 'PUBLIC_URL', 'DATABASE_URL']) expect(text).toContain(name);
  });
});

// #33: the demo shop takes anonymous visitors; it was served by every backend not in production
describe('the demo shop', () => {
  it('is served only when asked for with DEMO=1, and refused in production', () => {
    expect(loadConfig({}).demo).toBe(false);
    expect(loadConfig({ DEMO: '1' }).demo).toBe(true);
    expect(problems({ ...PRODUCTION, DEMO: '1' })).toBe('DEMO: the demo shop is refused when NODE_ENV=production');
    expect(loadConfig({ ...PRODUCTION, DEMO: '0' }).demo).toBe(false);
    expect(problems({ DEMO: 'yes' })).toBe('DEMO: must be 1 (serve the demo shop) or 0');
  });

  it('names what a process runs that only a demo should: the demo shop, published demo secrets', () => {
    expect(loadConfig({ DEMO: '1' }).demoOnly).toEqual([
      'the demo shop at / and /demo/* (DEMO=1)',
      'the published demo values of ADMIN_TOKEN, SHOP_SECRET, SIGN_KEY, TOKEN_KEY',
    ]);
    const own = { ADMIN_TOKEN: 'a', SHOP_SECRET: 'b', SIGN_KEY: 'c', TOKEN_KEY: DEMO_DEFAULTS.TOKEN_KEY };
    expect(loadConfig(own).demoOnly).toEqual(['the published demo values of TOKEN_KEY']);
    expect(loadConfig({ ...own, TOKEN_KEY: 'd' }).demoOnly).toEqual([]);
    expect(loadConfig(PRODUCTION).demoOnly).toEqual([]);
  });
});

describe('the gateway profile file and the gateway address', () => {
  const file = (text: string) => (path: string) => {
    expect(path).toBe('/etc/gateway-profile.json');
    return text;
  };

  it('merges GATEWAY_PROFILE_FILE over the defaults: a signed field list changes, the rest stays', () => {
    const c = loadConfig(
      { GATEWAY_PROFILE_FILE: '/etc/gateway-profile.json' },
      file('{"signatures":{"checkout":["merchant_id","account_id","order_no","currency","amount"]}}'),
    );
    expect(c.gateway.profile.signatures.checkout).toEqual([
      'merchant_id',
      'account_id',
      'order_no',
      'currency',
      'amount',
    ]);
    expect(c.gateway.profile.signatures.query).toEqual(['merchant_id', 'account_id']);
    expect(loadConfig({}).gateway.profile.signatures.checkout).toContain('return_url');
  });

  it('refuses a profile file that is wrong, naming the variable and the key', () => {
    const env = { GATEWAY_PROFILE_FILE: '/etc/gateway-profile.json' };
    expect(
      problems(env, file('{"signatures":{"refund":["merchant_id","account_id","foo"]},"statuses":{"3200":"gone"}}')),
    ).toBe(
      'GATEWAY_PROFILE_FILE: signatures.refund.2: unknown field "foo"\n' +
        'GATEWAY_PROFILE_FILE: statuses.3200: must be one of pending, authorised, paid, partially_refunded, declined, refunded, cancelled, review',
    );
    expect(problems(env, file('{"contentType":{}}'))).toBe('GATEWAY_PROFILE_FILE: contentType: unknown key');
    expect(problems(env, file('not json'))).toMatch(/^GATEWAY_PROFILE_FILE: \(file\): not JSON/);
    expect(
      problems(env, () => {
        throw new Error('ENOENT');
      }),
    ).toBe('GATEWAY_PROFILE_FILE: cannot read "/etc/gateway-profile.json": ENOENT');
  });

  it('production refuses a gateway address that is not HTTPS', () => {
    expect(problems({ ...PRODUCTION, GATEWAY_BASE_URL: 'http://gateway.example' })).toBe(
      'GATEWAY_BASE_URL: the gateway address must be HTTPS when NODE_ENV=production',
    );
    expect(loadConfig({ GATEWAY_BASE_URL: 'http://gateway.example' }).gateway.baseUrl).toBe('http://gateway.example');
  });

  it("sends WEBSITE as the site name, else PUBLIC_URL's host", () => {
    expect(loadConfig({}).website).toBe('127.0.0.1:4000');
    expect(loadConfig({ WEBSITE: 'Shop Example' }).website).toBe('Shop Example');
  });
});

describe('SIGN_KEYS_PREVIOUS', () => {
  it('reads each previous key with its expiry: a date alone is 00:00 UTC of that day', () => {
    const c = loadConfig({ SIGN_KEYS_PREVIOUS: 'sk_old@2026-12-31, sk_older@2026-06-01T12:30:00Z' });
    expect(c.gateway.verifyKeys).toEqual([
      { key: 'sk_old', until: new Date('2026-12-31T00:00:00Z') },
      { key: 'sk_older', until: new Date('2026-06-01T12:30:00Z') },
    ]);
    // outside production a key without expiry is accepted until it is removed
    expect(loadConfig({ SIGN_KEYS_PREVIOUS: 'sk_old' }).gateway.verifyKeys).toEqual([{ key: 'sk_old', until: null }]);
  });

  it('refuses an expiry that is not a date, naming the variable and never the key', () => {
    const text = problems({ SIGN_KEYS_PREVIOUS: 'sk_fine@2026-12-31,sk_secret_value@soon' });
    expect(text).toMatch(/^SIGN_KEYS_PREVIOUS: key 2 /m);
    expect(text).not.toContain('sk_secret_value');
  });

  it('production accepts previous keys that expire and differ from SIGN_KEY', () => {
    expect(loadConfig({ ...PRODUCTION, SIGN_KEYS_PREVIOUS: 'sk_live_old@2026-12-31' }).gateway.verifyKeys).toHaveLength(
      1,
    );
  });

  it.each([
    ['sk_live_old', 'key 1 has no expiry'],
    [`sk_live_ok@2026-12-31,${PRODUCTION.ADMIN_TOKEN}@2026-12-31`, 'key 2 is ADMIN_TOKEN'],
    [`sk_live_ok@2026-12-31,${PRODUCTION.SIGN_KEY}@2026-12-31`, 'key 2 is SIGN_KEY itself'],
    [`${DEMO_DEFAULTS.SIGN_KEY}@2026-12-31`, 'key 1 is a demo key'],
    ['sk_sandbox_701001020@2026-12-31', 'key 1 is a demo key'],
  ])('production refuses %s: %s', (value, problem) => {
    const text = problems({ ...PRODUCTION, SIGN_KEYS_PREVIOUS: value });
    expect(text).toContain(`SIGN_KEYS_PREVIOUS: ${problem}`);
    expect(text).not.toContain('sk_live_old');
  });
});

// #18: production accepted a 1-character admin token and the same value for every secret
describe('production secrets', () => {
  it.each([
    ['ADMIN_TOKEN', 'Q', 'must be at least 32 characters'],
    ['SHOP_SECRET', 'short-shop-secret', 'must be at least 32 characters'],
    ['SIGN_KEY', 'sk_1', 'must be at least 16 characters'],
    ['ADMIN_TOKEN', 'a'.repeat(64), 'too predictable'],
    ['SHOP_SECRET', 'password-password-password-passwo', 'too predictable'],
    ['SIGN_KEY', '1212121212121212121212', 'too predictable'],
  ] as const)('refuses %s = %j: %s, naming the variable and never the value', (name, value, problem) => {
    const text = problems({ ...PRODUCTION, [name]: value });
    expect(text).toMatch(new RegExp(`^${name}: ${problem}`, 'm'));
    expect(text).not.toContain(value);
  });

  it('refuses secrets that are equal to each other, naming both variables and neither value', () => {
    const shared = PRODUCTION.ADMIN_TOKEN;
    const text = problems({ ...PRODUCTION, SHOP_SECRET: shared, SIGN_KEY: shared });
    expect(text).toContain('SHOP_SECRET: must differ from ADMIN_TOKEN');
    expect(text).toContain('SIGN_KEY: must differ from ADMIN_TOKEN');
    expect(text).toContain('SIGN_KEY: must differ from SHOP_SECRET');
    expect(text).not.toContain(shared);
  });

  it("refuses another secret's demo value too", () => {
    expect(problems({ ...PRODUCTION, ADMIN_TOKEN: DEMO_DEFAULTS.SHOP_SECRET })).toContain(
      'ADMIN_TOKEN: a demo value is refused',
    );
    expect(problems({ ...PRODUCTION, SHOP_SECRET: 'sk_sandbox_701001020' })).toContain(
      'SHOP_SECRET: a demo value is refused',
    );
  });

  it('outside production any non-empty secret is accepted (the demo runs on its defaults)', () => {
    expect(loadConfig({ ADMIN_TOKEN: 'x', SHOP_SECRET: 'x', SIGN_KEY: 'x' }).adminToken).toBe('x');
  });
});

import { type Context, Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { mapError } from './mapError';
import { rateLimit, rateLimits } from './rateLimit';
import { createLogger } from '../log';

function appWith(now: () => number, maxKeys?: number) {
  const app = new Hono();
  app.onError(mapError(createLogger('silent')));
  const limiter = rateLimit({
    name: 't',
    limit: 2,
    windowMs: 60_000,
    key: (c) => c.req.header('x-client') ?? '',
    now,
    maxKeys,
  });
  app.use(limiter);
  app.get('/', (c) => c.text('ok'));
  return Object.assign(app, { limiter });
}

describe('rateLimit', () => {
  it('allows `limit` requests per key and window, then answers 429 with Retry-After', async () => {
    let t = 1_000_000;
    const app = appWith(() => t);
    const get = (client: string) => app.request('/', { headers: { 'x-client': client } });
    expect((await get('a')).status).toBe(200);
    expect((await get('a')).status).toBe(200);
    const limited = await get('a');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    // another client has its own budget
    expect((await get('b')).status).toBe(200);
    // a new window starts afresh
    t += 60_000;
    expect((await get('a')).status).toBe(200);
  });

  it('stays bounded: past maxKeys the oldest window is forgotten, and a forgotten key starts a new one', async () => {
    const app = appWith(() => 1_000_000, 1000);
    const get = (client: string) => app.request('/', { headers: { 'x-client': client } });
    await get('a');
    await get('a');
    expect((await get('a')).status).toBe(429);
    for (let i = 0; i < 50_000; i++) {
      expect((await get(`k${i}`)).status).toBe(200);
      expect(app.limiter.size).toBeLessThanOrEqual(1000);
    }
    // the newest keys still hold their budget within the window
    await get('k49999');
    expect((await get('k49999')).status).toBe(429);
    // 'a' was the oldest: forgotten, so it starts a new window instead of staying limited
    expect((await get('a')).status).toBe(200);
  });

  it('forgets finished windows as new requests come, so the map holds only the clients of the current window', async () => {
    let t = 1_000_000;
    const app = appWith(() => t);
    const get = (client: string) => app.request('/', { headers: { 'x-client': client } });
    for (let i = 0; i < 500; i++) await get(`k${i}`);
    expect(app.limiter.size).toBe(500);
    t += 60_000;
    for (let i = 0; i < 500; i++) await get(`new${i}`);
    expect(app.limiter.size).toBe(500);
    // a key that comes back after its window gets a fresh budget, and is counted once
    expect((await get('k0')).status).toBe(200);
    expect((await get('k0')).status).toBe(200);
    expect((await get('k0')).status).toBe(429);
    expect(app.limiter.size).toBe(501);
  });

  it('several limits: over either one is 429 with its Retry-After; one refused by the first is not counted by the next', async () => {
    let t = 1_000_000;
    const app = new Hono();
    app.onError(mapError(createLogger('silent')));
    const header = (name: string) => (c: Context) => c.req.header(name) ?? '';
    app.use(
      rateLimits([
        { name: 'ip', limit: 2, windowMs: 60_000, key: header('x-client'), now: () => t },
        { name: 'session', limit: 3, windowMs: 60_000, key: header('x-session'), now: () => t },
      ]),
    );
    app.get('/', (c) => c.text('ok'));
    const get = (client: string, session: string) =>
      app.request('/', { headers: { 'x-client': client, 'x-session': session } });
    expect((await get('a', 's')).status).toBe(200);
    t += 20_000;
    expect((await get('a', 's')).status).toBe(200);
    const byIp = await get('a', 's');
    expect(byIp.status).toBe(429);
    expect(byIp.headers.get('retry-after')).toBe('40');
    // the refused request did not use the session's budget: one more from another client passes
    expect((await get('b', 's')).status).toBe(200);
    t += 10_000;
    const bySession = await get('c', 's');
    expect(bySession.status).toBe(429);
    expect(bySession.headers.get('retry-after')).toBe('30');
    // a new window for both
    t += 30_000;
    expect((await get('a', 's')).status).toBe(200);
  });
});

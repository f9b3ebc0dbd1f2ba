import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { mapError } from './mapError';
import { rateLimit } from './rateLimit';
import { createLogger } from '../log';

function appWith(now: () => number) {
  const app = new Hono();
  app.onError(mapError(createLogger('silent')));
  app.use(rateLimit({ limit: 2, windowMs: 60_000, key: (c) => c.req.header('x-client') ?? '', now }));
  app.get('/', (c) => c.text('ok'));
  return app;
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
});

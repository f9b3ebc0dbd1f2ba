import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from './faultProxy';

/** A target that counts what reached it, so each fault shows whether the call got through. */
let target: http.Server;
let reached: string[] = [];
let proxy: FaultProxy;

beforeAll(async () => {
  target = http.createServer((req, res) => {
    reached.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('the answer from the gateway');
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', () => r()));
  proxy = await startFaultProxy({ target: `http://127.0.0.1:${(target.address() as { port: number }).port}` });
});
afterAll(async () => {
  await proxy.close();
  await new Promise((r) => target.close(r));
});
beforeEach(async () => {
  proxy.clear();
  await proxy.accept();
  reached = [];
});

/** one request on its own connection: the answer's text, or the socket error's code */
function call(path: string, timeoutMs = 2000): Promise<string> {
  return new Promise((resolve) => {
    const req = http.request(`${proxy.url}${path}`, { method: 'POST', agent: false }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve(`${res.statusCode} ${text}`));
      res.on('error', (e) => resolve((e as NodeJS.ErrnoException).code ?? e.message));
    });
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (e) => resolve((e as NodeJS.ErrnoException).code ?? e.message));
    req.end('{}');
  });
}

describe('the fault proxy breaks one call at the connection level', () => {
  it('passes calls through when no rule matches', async () => {
    expect(await call('/v1/query')).toBe('200 the answer from the gateway');
    expect(reached).toEqual(['POST /v1/query']);
  });

  it('drop-answer: the gateway acted, the client never gets the answer', async () => {
    proxy.add({ path: '/v1/payout', action: 'drop-answer' });
    expect(await call('/v1/payout', 300)).toBe('TIMEOUT');
    expect(reached).toEqual(['POST /v1/payout']);
    expect(await call('/v1/payout')).toBe('200 the answer from the gateway'); // times: 1
  });

  it('afterwards refuse: the retry of a call whose answer was dropped is refused until accept()', async () => {
    proxy.add({ path: '/v1/payout', action: 'drop-answer', afterwards: 'refuse' });
    expect(await call('/v1/payout', 300)).toBe('TIMEOUT');
    expect(await call('/v1/payout')).toBe('ECONNREFUSED');
    expect(reached).toEqual(['POST /v1/payout']);
    await proxy.accept();
    expect(await call('/v1/payout')).toBe('200 the answer from the gateway');
  });

  it('cut-answer: the gateway acted, the answer stops mid-way', async () => {
    proxy.add({ path: /^\/v1\//, action: 'cut-answer', bytes: 20 });
    expect(await call('/v1/refund')).toMatch(/ECONNRESET|socket hang up|aborted/);
    expect(reached).toEqual(['POST /v1/refund']);
  });

  it('reset: the connection is cut before the gateway sees the call', async () => {
    proxy.add({ method: 'POST', path: '/v1/refund', action: 'reset' });
    expect(await call('/v1/refund')).toMatch(/ECONNRESET|socket hang up/);
    expect(reached).toEqual([]);
  });

  it('refuse: this call is cut unsent, new connections are refused', async () => {
    proxy.add({ path: '/v1/checkout', action: 'refuse' });
    expect(await call('/v1/checkout')).toMatch(/ECONNRESET|socket hang up/);
    expect(await call('/v1/query')).toBe('ECONNREFUSED');
    expect(reached).toEqual([]);
  });

  it('rewrite: the answer body is replaced, its length fixed', async () => {
    proxy.add({ path: '/v1/query', action: 'rewrite', rewrite: (b) => b.toUpperCase() });
    expect(await call('/v1/query')).toBe('200 THE ANSWER FROM THE GATEWAY');
  });

  it('matches on the body and counts what fired', async () => {
    proxy.add({ path: '/v1/refund', body: (b) => b.includes('"x"'), action: 'reset', times: 2 });
    expect(await call('/v1/refund')).toBe('200 the answer from the gateway');
    expect(proxy.clear()).toBe(0);
  });
});

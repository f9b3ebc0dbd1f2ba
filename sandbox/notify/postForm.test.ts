import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { formPoster } from './postForm';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A merchant endpoint on a free loopback port; counts the requests and the connections they came on. */
async function merchant(answer: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const seen = { requests: [] as { path: string; contentType: string; body: string }[], connections: 0 };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.requests.push({ path: req.url ?? '', contentType: req.headers['content-type'] ?? '', body });
      answer(req, res, body);
    });
  });
  server.on('connection', () => seen.connections++);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const post = formPoster({ timeoutMs: 500, recordAtMost: 1000 });

describe('formPoster', () => {
  it('POSTs the fields form-urlencoded and answers the status and body, on one kept-alive connection', async () => {
    const m = await merchant((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('success'));
    const fields = { notify_id: 'n1', note: 'a b&c=d é' };
    expect(await post(`${m.url}/hook`, fields)).toEqual({ http_status: 200, response_body: 'success', error: null });
    expect(await post(`${m.url}/hook`, fields)).toEqual({ http_status: 200, response_body: 'success', error: null });
    expect(m.seen.requests).toHaveLength(2);
    expect(m.seen.requests[0]).toEqual({
      path: '/hook',
      contentType: 'application/x-www-form-urlencoded',
      body: new URLSearchParams(fields).toString(),
    });
    expect(m.seen.connections).toBe(1);
  });

  it('a redirect is an answer, never followed', async () => {
    const m = await merchant((req, res) =>
      req.url === '/moved' ? res.writeHead(302, { location: '/there' }).end('see /there') : res.writeHead(200).end(),
    );
    expect(await post(`${m.url}/moved`, { a: '1' })).toEqual({
      http_status: 302,
      response_body: 'see /there',
      error: null,
    });
    expect(m.seen.requests.map((r) => r.path)).toEqual(['/moved']);
  });

  it('keeps the first characters of a long body, multi-byte ones whole', async () => {
    const long = `${'é'.repeat(999)}€${'x'.repeat(100_000)}`;
    const m = await merchant((_req, res) => res.writeHead(500).end(long));
    const result = await post(m.url, { a: '1' });
    expect(result).toEqual({ http_status: 500, response_body: long.slice(0, 1000), error: null });
    expect(result.response_body).toHaveLength(1000);
  });

  it('a merchant that never answers is a time-out error', async () => {
    const m = await merchant(() => undefined);
    const started = Date.now();
    const result = await post(m.url, { a: '1' });
    expect(result).toEqual({
      http_status: null,
      response_body: null,
      error: 'TimeoutError: no complete answer within 500 ms',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(m.seen.requests).toHaveLength(1);
  });

  it('a body that never ends is a time-out error too', async () => {
    const m = await merchant((_req, res) => res.writeHead(200).write('succ'));
    expect((await post(m.url, { a: '1' })).error).toBe('TimeoutError: no complete answer within 500 ms');
  });

  it('a refused connection is an error', async () => {
    const m = await merchant(() => undefined);
    const closed = servers.pop()!;
    await new Promise((resolve) => closed.close(resolve));
    const result = await post(m.url, { a: '1' });
    expect(result).toMatchObject({ http_status: null, response_body: null });
    expect(result.error).toMatch(/ECONNREFUSED/);
  });

  it('a connection cut before the answer, or in the middle of it, is an error', async () => {
    const m = await merchant((req, res) => {
      if (req.url === '/early') req.socket.destroy();
      else {
        res.writeHead(200, { 'content-length': '100' }).write('part');
        setImmediate(() => req.socket.destroy());
      }
    });
    const early = await post(`${m.url}/early`, { a: '1' });
    expect(early).toMatchObject({ http_status: null, response_body: null });
    expect(early.error).toMatch(/socket hang up|ECONNRESET/);
    const midway = await post(`${m.url}/midway`, { a: '1' });
    expect(midway).toMatchObject({ http_status: null, response_body: null });
    expect(midway.error).toMatch(/\S/);
  });

  it('a notify_url that is no http(s) URL is an error, nothing sent', async () => {
    expect((await post('ftp://127.0.0.1/x', { a: '1' })).error).toMatch(/^TypeError: ftp: is not/);
    expect((await post('not a url', { a: '1' })).error).toMatch(/^TypeError/);
  });
});

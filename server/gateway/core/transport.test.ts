import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchTransport, httpTransport, ResponseTooLarge, TransportTimeout, type Transport } from './transport';

/** A real HTTP server on loopback whose answer each test chooses by path. */
let server: http.Server;
let base = '';
const connections = new Set<number>();
const received: { method: string; path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  let next = 0;
  server = http.createServer((req, res) => {
    const socket = req.socket as typeof req.socket & { id?: number };
    socket.id ??= ++next;
    connections.add(socket.id);
    let body = '';
    req.setEncoding('utf8').on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      if (req.url === '/big') return res.writeHead(200, { 'content-type': 'text/html' }).end('x'.repeat(2000));
      if (req.url === '/redirect') return res.writeHead(302, { location: 'https://issuer.test/pay?x=1' }).end();
      if (req.url === '/slow') return setTimeout(() => res.end('late'), 2000);
      if (req.url === '/trickle') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('the head of the page, then nothing for a while');
        return setTimeout(() => res.end(), 2000);
      }
      if (req.url === '/cut') {
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': '100' });
        res.write('only part');
        return setTimeout(() => res.destroy(), 20);
      }
      res
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-multi': ['a', 'b'] })
        .end(JSON.stringify({ ok: true, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe.each([
  ['httpTransport', httpTransport()],
  ['fetchTransport', fetchTransport(fetch)],
] as [string, Transport][])('%s', (_name, send) => {
  it('posts the body with its headers and reads status, headers and the whole answer', async () => {
    const res = await send({
      method: 'POST',
      url: `${base}/echo`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: '*/*' },
      body: 'a=1&b=%C3%A9',
      timeoutMs: 5000,
      maxBytes: 10_000,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-multi')).toBe('a, b');
    expect(res.headers.get('missing')).toBeNull();
    expect(JSON.parse(res.text)).toEqual({ ok: true, body: 'a=1&b=%C3%A9' });
    const last = received.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', path: '/echo', body: 'a=1&b=%C3%A9' });
    expect(last.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(last.headers['content-length']).toBe(String(Buffer.byteLength('a=1&b=%C3%A9')));
  });

  it('returns a redirect as the answer instead of following it', async () => {
    const res = await send({
      method: 'GET',
      url: `${base}/redirect`,
      headers: { accept: '*/*' },
      timeoutMs: 5000,
      maxBytes: 10_000,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://issuer.test/pay?x=1');
  });

  it('refuses an answer larger than maxBytes', async () => {
    await expect(
      send({ method: 'GET', url: `${base}/big`, headers: {}, timeoutMs: 5000, maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(ResponseTooLarge);
    expect(
      (await send({ method: 'GET', url: `${base}/big`, headers: {}, timeoutMs: 5000, maxBytes: 2000 })).text,
    ).toHaveLength(2000);
  });

  it('ends the exchange with TransportTimeout after timeoutMs, before or during the answer', async () => {
    const started = Date.now();
    await expect(
      send({ method: 'GET', url: `${base}/slow`, headers: {}, timeoutMs: 100, maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(TransportTimeout);
    expect(Date.now() - started).toBeLessThan(1900);
    await expect(
      send({ method: 'GET', url: `${base}/trickle`, headers: {}, timeoutMs: 150, maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(TransportTimeout);
  });

  it('fails when the connection closes before the answer is complete', async () => {
    await expect(
      send({ method: 'GET', url: `${base}/cut`, headers: {}, timeoutMs: 5000, maxBytes: 1000 }),
    ).rejects.toThrow();
  });

  it('fails with ECONNREFUSED where nothing listens (the request never left)', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await send({
      method: 'POST',
      url: `http://127.0.0.1:${port}/v1/checkout`,
      headers: {},
      body: 'a=1',
      timeoutMs: 5000,
      maxBytes: 1000,
    }).catch((e: unknown) => e);
    const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    expect(code).toBe('ECONNREFUSED');
  });
});

describe('httpTransport', () => {
  it('keeps the connection open between calls (keep-alive)', async () => {
    const send = httpTransport();
    const before = connections.size;
    for (let i = 0; i < 5; i++)
      await send({
        method: 'POST',
        url: `${base}/echo`,
        headers: {},
        body: `n=${i}`,
        timeoutMs: 5000,
        maxBytes: 10_000,
      });
    expect(connections.size - before).toBe(1);
  });
});

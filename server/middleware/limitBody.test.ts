import http from 'node:http';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../apiError';
import { serveOnLoopback, type LoopbackServer } from '../testing/serveOnLoopback';
import { limitBody } from './limitBody';

/** The middleware in front of an echo route, served over real HTTP on loopback. */
let server: LoopbackServer;
let port = 0;
beforeAll(async () => {
  const app = new Hono()
    .use(limitBody(1000))
    .all('/echo', async (c) => c.text(`${c.req.method} ${(await c.req.text()).length}`))
    .onError((e, c) =>
      e instanceof ApiError ? c.json({ code: e.code }, e.status as 413, e.headers) : c.text(String(e), 500),
    );
  server = await serveOnLoopback(app.fetch);
  port = Number(new URL(server.url).port);
});
afterAll(() => server.close());

/** Sends `chunks` with a Content-Length (`chunked: false`) or as a chunked body, and reads the answer. */
function send(
  method: string,
  chunks: string[],
  chunked: boolean,
): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const total = chunks.reduce((n, c) => n + Buffer.byteLength(c), 0);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/echo',
        method,
        agent: false,
        headers: chunked ? {} : { 'content-length': String(total) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
      },
    );
    // the server may answer 413 and close before the whole body is sent
    req.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : reject(e),
    );
    for (const c of chunks) req.write(c);
    req.end();
  });
}

describe('limitBody', () => {
  it('passes a body within the limit, whole, with a Content-Length or chunked', async () => {
    expect(await send('POST', ['a'.repeat(1000)], false)).toMatchObject({ status: 200, body: 'POST 1000' });
    expect(await send('POST', ['a'.repeat(400), 'b'.repeat(600)], true)).toMatchObject({
      status: 200,
      body: 'POST 1000',
    });
    expect(await send('PUT', [], false)).toMatchObject({ status: 200, body: 'PUT 0' });
  });

  it('refuses a larger body with 413 and Connection: close, declared or streamed', async () => {
    const declared = await send('POST', ['a'.repeat(1001)], false);
    expect(declared).toMatchObject({ status: 413, connection: 'close' });
    expect(JSON.parse(declared.body)).toEqual({ code: 'payload_too_large' });
    const streamed = await send('POST', ['a'.repeat(600), 'b'.repeat(600)], true);
    expect(streamed).toMatchObject({ status: 413, connection: 'close' });
  });

  it('lets a GET through untouched', async () => {
    expect(await send('GET', [], false)).toMatchObject({ status: 200, body: 'GET 0' });
  });
});

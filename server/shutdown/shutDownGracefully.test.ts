import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it, vi } from 'vitest';
import { createLogger } from '../log';
import { openStore } from '../store/db';
import { shutDownGracefully } from './shutDownGracefully';
import { trackRequests } from './trackRequests';
import { errorCode, requestOnce } from './testing/requestOnce';

const tempDir = mkdtempSync(join(tmpdir(), 'merchant-drain-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

/** Connects and resolves with everything the server sends until it closes the connection. */
function rawConnection(port: number): Promise<{ socket: Socket; received: Promise<string> }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      let text = '';
      const received = new Promise<string>((done) => {
        socket.setEncoding('utf8').on('data', (d: string) => (text += d));
        socket.on('close', () => done(text));
      });
      resolve({ socket, received });
    });
  });
}

it('a connection accepted before the listener closed still gets its request served, a silent one does not hold the exit, the store closes last', async () => {
  const store = await openStore({ kind: 'sqlite', file: join(tempDir, 'm.db') });
  const server: Server = createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('served'),
  );
  const requests = trackRequests(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  // a keep-alive client that already made a request and sits idle, and one that connected but has not sent yet
  const keptAlive = await rawConnection(port);
  keptAlive.socket.write('GET /first HTTP/1.1\r\nHost: x\r\n\r\n');
  await vi.waitFor(async () => expect(requests.inFlight === 0 && server.listening, 'the first answer').toBeTruthy(), {
    timeout: 10_000,
  });
  const early = await rawConnection(port);
  // and one that never sends anything, like a browser's speculative preconnect
  const silent = await rawConnection(port);
  const connections = () => new Promise<number>((resolve) => server.getConnections((_e, n) => resolve(n)));
  await vi.waitFor(async () => expect(await connections(), 'the server to accept both').toBe(3), { timeout: 10_000 });

  let draining = false;
  let reconcileStopped = false;
  const done = shutDownGracefully({
    server,
    requests,
    setDraining: () => (draining = true),
    delayMs: 0,
    reconcile: {
      stop: async () => {
        reconcileStopped = true;
      },
    },
    store,
    log: createLogger('silent'),
  });
  expect(draining).toBe(true);
  await vi.waitFor(
    () =>
      expect(requestOnce(`http://127.0.0.1:${port}/`).catch(errorCode), 'the listener to close').resolves.toBe(
        'ECONNREFUSED',
      ),
    { timeout: 10_000 },
  );

  // the idle keep-alive connection is closed; the early one's request, sent only now, is answered
  expect(await keptAlive.received).toContain('HTTP/1.1 200');
  early.socket.write('GET /late HTTP/1.1\r\nHost: x\r\n\r\n');
  const answer = await early.received;
  expect(answer).toMatch(/^HTTP\/1\.1 200/);
  expect(answer.toLowerCase()).toContain('connection: close');
  expect(answer).toContain('served');

  await done;
  expect(await silent.received).toBe('');
  expect(reconcileStopped).toBe(true);
  await expect(sql`select 1`.execute(store.db)).rejects.toThrow();
});

import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresCpuBetween } from './postgresCpu';
import { roundRobinProxy } from './roundRobinProxy';

const listen = (server: Server | ReturnType<typeof roundRobinProxy>) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

/** One GET on a connection of its own: the proxy balances connections, not requests. */
const getOnce = (port: number) =>
  new Promise<string>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d)).on('end', () => resolve(body));
    })
      .on('error', reject)
      .end();
  });

describe('roundRobinProxy', () => {
  const servers: { close(): unknown }[] = [];
  afterAll(() => {
    for (const s of servers) s.close();
  });

  it('hands each new connection to the next upstream in turn and carries the answers back', async () => {
    const upstreams = await Promise.all(
      ['a', 'b'].map((name) => {
        const server = createServer((_, res) => res.end(name));
        servers.push(server);
        return listen(server);
      }),
    );
    const proxy = roundRobinProxy(upstreams);
    servers.push(proxy);
    const port = await listen(proxy);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await getOnce(port));
    expect(answers).toEqual(['a', 'b', 'a', 'b']);
  });
});

describe('postgresCpuBetween', () => {
  it('counts what each backend used between the readings, all of a new one', () => {
    expect(
      postgresCpuBetween(
        new Map([
          [1, 100],
          [2, 50],
        ]),
        new Map([
          [1, 130],
          [3, 20],
        ]),
      ),
    ).toBe(50);
  });
});

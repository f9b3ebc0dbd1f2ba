import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HoldingGateway {
  url: string;
  /** requests to the held path waiting for `release()` */
  readonly held: number;
  /** forwards every held request (and every later one) to the gateway */
  release(): void;
  close(): Promise<void>;
}

/**
 * A pass-through proxy in front of the gateway (the sandbox) that holds requests to `holdPath` until
 * `release()`: a payment that is still in flight, for as long as a test needs, over real HTTP.
 */
export async function startHoldingGateway(gatewayUrl: string, holdPath: string): Promise<HoldingGateway> {
  let released = false;
  const waiting: (() => void)[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    open.add(res);
    res.once('close', () => open.delete(res));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const forward = async () => {
        try {
          const answer = await fetch(`${gatewayUrl}${req.url}`, {
            method: req.method,
            headers: { 'content-type': req.headers['content-type'] ?? 'text/plain' },
            ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
            redirect: 'manual',
          });
          const headers: Record<string, string> = {
            'content-type': answer.headers.get('content-type') ?? 'text/plain',
          };
          const location = answer.headers.get('location');
          if (location) headers.location = location;
          res.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
        } catch {
          res.destroy();
        }
      };
      if (released || (req.url ?? '').split('?')[0] !== holdPath) void forward();
      else waiting.push(() => void forward());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get held() {
      return waiting.length;
    },
    release() {
      released = true;
      for (const go of waiting.splice(0)) go();
    },
    async close() {
      for (const res of open) res.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

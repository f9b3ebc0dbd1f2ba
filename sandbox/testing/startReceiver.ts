import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPost {
  path: string;
  contentType: string;
  fields: Record<string, string>;
  /** Date.now() when the body had arrived */
  at: number;
}

/**
 * A merchant endpoint on a free loopback port that records every POST (a notify_url) and answers the statuses
 * of `script` in turn, then `fallback` (200 `success` unless changed with `setFallback`).
 */
export async function startReceiver(
  script: number[] = [],
): Promise<{ url: string; received: ReceivedPost[]; setFallback(status: number): void; close(): Promise<void> }> {
  let fallback = 200;
  const received: ReceivedPost[] = [];
  const statuses = [...script];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        contentType: req.headers['content-type'] ?? '',
        fields: Object.fromEntries(new URLSearchParams(body)),
        at: Date.now(),
      });
      const status = statuses.shift() ?? fallback;
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 200 ? 'success' : 'try again');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    setFallback: (status) => {
      fallback = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

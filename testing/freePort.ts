import { createServer } from 'node:net';

/**
 * A loopback port free right now. The backend must know its public URL (notify and return URLs) before it
 * listens, so it cannot take port 0; the tiny window in which another process could take this port is covered by
 * the caller retrying with a new one.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

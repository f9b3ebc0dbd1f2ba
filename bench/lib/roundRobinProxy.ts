import { createConnection, createServer, type Server } from 'node:net';

/**
 * The smallest load balancer there is, for the scale-out benchmark: a TCP proxy on loopback that hands each new
 * connection to the next upstream port in turn and copies bytes both ways. Per connection, not per request: the
 * load generator's keep-alive connections (16) are spread evenly over the backends, as an L4 balancer would.
 */
export function roundRobinProxy(upstreamPorts: readonly number[]): Server {
  if (!upstreamPorts.length) throw new Error('roundRobinProxy: no upstream');
  let next = 0;
  return createServer({ noDelay: true }, (client) => {
    const port = upstreamPorts[next++ % upstreamPorts.length]!;
    const upstream = createConnection({ host: '127.0.0.1', port, noDelay: true });
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
}

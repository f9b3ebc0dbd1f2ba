/**
 * Entry of the scale-out benchmark's load balancer (started by `startProxy`, never imported): `roundRobinProxy` in
 * a process of its own, so its CPU is counted apart from the backends' and the load generator's. Env:
 * BENCH_PROXY_PORT (the port to listen on, 0 for any), BENCH_PROXY_UPSTREAMS (comma-separated ports). Prints
 * `proxy listening on <url>`.
 */
import { roundRobinProxy } from './roundRobinProxy';

const upstreams = (process.env.BENCH_PROXY_UPSTREAMS ?? '').split(',').filter(Boolean).map(Number);
const server = roundRobinProxy(upstreams);
server.listen(Number(process.env.BENCH_PROXY_PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`proxy listening on http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => process.exit(0));

import { spawnService } from '../../testing/spawnService';

export interface RunningProxy {
  url: string;
  pid: number;
  close(): Promise<void>;
}

/** Starts `roundRobinProxy` in its own process (proxyProcess.ts) in front of `upstreamUrls`, on `port` (0: any). */
export async function startProxy(upstreamUrls: readonly string[], port = 0): Promise<RunningProxy> {
  const service = await spawnService({
    name: 'round-robin proxy',
    entry: 'bench/lib/proxyProcess.ts',
    ready: /proxy listening on (http:\/\/\S+)/,
    env: {
      PATH: process.env.PATH ?? '',
      BENCH_PROXY_PORT: String(port),
      BENCH_PROXY_UPSTREAMS: upstreamUrls.map((u) => new URL(u).port).join(','),
    },
  });
  return { url: service.url, pid: service.child.pid!, close: () => service.stop() };
}

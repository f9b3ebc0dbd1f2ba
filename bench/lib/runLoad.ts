import autocannon, { type Request } from 'autocannon';

export interface LoadRequest {
  path: string;
  method?: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  /** completed responses */
  count: number;
  durationMs: number;
  /** completed responses per second over the whole run */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** responses with a status outside 2xx, plus connection errors and time-outs */
  failures: number;
  statusCounts: Record<string, number>;
}

export interface LoadOptions {
  url: string;
  /** fixed number of connections, each with one request in flight */
  connections: number;
  /** how many responses to wait for: the run is bounded in count; `timeoutSeconds` bounds each request */
  amount: number;
  /** builds the next request; called about `amount` times (a few more: autocannon builds ahead per connection) */
  next: () => LoadRequest;
  timeoutSeconds?: number;
}

/**
 * One autocannon run where every request is built by `next()`, e.g. one fresh checkout session per payment.
 * Throughput is completed responses over the wall time of the run, so a slow tail counts against it.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const setupRequest = (request: Request): Request => {
    const r = options.next();
    return {
      ...request,
      method: r.method ?? 'POST',
      path: r.path,
      headers: r.headers,
      ...(r.body !== undefined ? { body: r.body } : {}),
    };
  };
  const result = await autocannon({
    url: options.url,
    connections: Math.min(options.connections, options.amount),
    amount: options.amount,
    timeout: options.timeoutSeconds ?? 30,
    // autocannon notices the last response only at its next sample (1 s by default), which would round a short
    // run's time to whole seconds
    sampleInt: 10,
    requests: [{ setupRequest }],
  });
  const durationMs = result.finish.getTime() - result.start.getTime();
  const count = result.requests.total;
  const statusCounts = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, Number(s.count)]),
  );
  return {
    count,
    durationMs,
    rps: count / (durationMs / 1000),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    statusCounts,
  };
}

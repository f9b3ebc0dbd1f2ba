/**
 * A fault proxy: a real HTTP proxy on loopback between the backend and the gateway sandbox that breaks chosen
 * calls at the connection level, where networks really fail. The backend's `GATEWAY_BASE_URL` (and the sandbox's
 * public URL, so `issuer_url` comes through it too) point at the proxy; a rule matches one call by method and
 * path (and optionally its body) and acts on the real sockets:
 *
 * - `drop-answer`: the call reaches the gateway (it acts), its answer is swallowed and the connection held open:
 *   the client gives up on an answer that existed ("an answer the client gave up on").
 * - `cut-answer`: the call reaches the gateway, the first `bytes` of its answer are sent, then the connection is
 *   destroyed mid-answer.
 * - `reset`: the client's connection is destroyed before the call is forwarded: the gateway never saw it.
 * - `refuse`: the proxy stops listening and drops every open connection: this call's connection is cut before
 *   it is forwarded and every new connection gets ECONNREFUSED until `accept()`.
 * - `rewrite`: the call reaches the gateway and its answer body is replaced by `rewrite(body)`.
 * - `delay`: the answer is held `ms` before it is sent.
 *
 * `afterwards: 'refuse'` makes the proxy stop listening right after the rule fires, so the client's retry of the same
 * call gets "connection refused" (a second hop failing after the first succeeded).
 *
 * @example
 * const proxy = await startFaultProxy();
 * const sandbox = await startSandboxProcess({ publicUrl: proxy.url });
 * proxy.target = sandbox.url;
 * proxy.add({ path: '/v1/payout', action: 'drop-answer', afterwards: 'refuse' });
 */
import http from 'node:http';
import type { Socket } from 'node:net';

type FaultAction = 'drop-answer' | 'cut-answer' | 'reset' | 'refuse' | 'rewrite' | 'delay';

interface FaultRule {
  /** HTTP method to match; any when absent */
  method?: string;
  /** the request's path (query excluded), exactly or by pattern; any when absent */
  path?: string | RegExp;
  /** matches the request body too (e.g. one order_no) */
  body?: (body: string) => boolean;
  action: FaultAction;
  /** how many matching calls it breaks; default 1 */
  times?: number;
  /** `cut-answer`: bytes of the answer (status line and headers included) sent before the cut; default 40 */
  bytes?: number;
  /** `rewrite`: the new answer body (the status and headers are kept, Content-Length fixed) */
  rewrite?: (body: string) => string;
  /** `delay`: how long the answer is held */
  ms?: number;
  /** after the rule fires: stop accepting connections until `accept()` */
  afterwards?: 'refuse';
}

interface ActiveRule extends FaultRule {
  left: number;
  fired: number;
}

export interface FaultProxy {
  /** the proxy's base URL (stable for its life, refusing or not) */
  readonly url: string;
  /** where calls go: the sandbox's base URL */
  target: string;
  add(rule: FaultRule): void;
  /** removes every rule and returns how many times they fired (for the fault tally) */
  clear(): number;
  /** faults fired since start */
  readonly fired: number;
  /** calls that passed through (faulted or not), by "METHOD /path" */
  readonly calls: ReadonlyMap<string, number>;
  /** listens again after a `refuse` */
  accept(): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultProxy(opts: { target?: string } = {}): Promise<FaultProxy> {
  let rules: ActiveRule[] = [];
  let fired = 0;
  let refusing = false;
  let closed = false;
  const calls = new Map<string, number>();
  const sockets = new Set<Socket>();
  const upstream = new http.Agent({ keepAlive: false });
  let target = opts.target ?? '';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = (req.url ?? '/').split('?')[0]!;
      const key = `${req.method} ${path}`;
      calls.set(key, (calls.get(key) ?? 0) + 1);
      const rule = take(req.method ?? 'GET', path, body.toString('utf8'));
      void handle(req, res, body, rule);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (refusing) socket.destroy();
  });

  function take(method: string, path: string, body: string): ActiveRule | undefined {
    const rule = rules.find(
      (r) =>
        r.left > 0 &&
        (!r.method || r.method.toUpperCase() === method) &&
        (r.path === undefined || (typeof r.path === 'string' ? r.path === path : r.path.test(path))) &&
        (!r.body || r.body(body)),
    );
    if (!rule) return undefined;
    rule.left -= 1;
    rule.fired += 1;
    fired += 1;
    return rule;
  }

  async function handle(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Buffer,
    rule: ActiveRule | undefined,
  ): Promise<void> {
    if (rule?.action === 'reset') return void req.socket.destroy();
    if (rule?.action === 'refuse') return void refuse();
    let answer: { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
    try {
      answer = await forward(req, body);
    } catch {
      // the sandbox itself is down: the client sees a cut connection, as it would without the proxy
      return void req.socket.destroy();
    }
    if (rule?.afterwards === 'refuse') void refuse(req.socket);
    if (rule?.action === 'drop-answer') return; // the socket stays open until the client gives up or we close
    if (rule?.action === 'delay') await new Promise((r) => setTimeout(r, rule.ms ?? 0));
    let out = answer.body;
    if (rule?.action === 'rewrite' && rule.rewrite) out = Buffer.from(rule.rewrite(answer.body.toString('utf8')));
    const headers: http.OutgoingHttpHeaders = { ...answer.headers, 'content-length': String(out.length) };
    delete headers['transfer-encoding'];
    delete headers.connection;
    delete headers['keep-alive'];
    if (rule?.action === 'cut-answer') {
      const head = `HTTP/1.1 ${answer.status} X\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`)
        .join('\r\n')}\r\n\r\n`;
      const whole = Buffer.concat([Buffer.from(head), out]);
      const socket = req.socket;
      socket.write(whole.subarray(0, Math.min(rule.bytes ?? 40, whole.length - 1)), () => socket.destroy());
      return;
    }
    res.writeHead(answer.status, headers);
    res.end(out);
  }

  function forward(
    req: http.IncomingMessage,
    body: Buffer,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const url = new URL(req.url ?? '/', target);
      const headers = { ...req.headers, host: url.host };
      delete headers.connection;
      const out = http.request(url, { method: req.method, headers, agent: upstream }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }),
        );
        answer.on('error', reject);
      });
      out.on('error', reject);
      out.end(body);
    });
  }

  /** stops listening and drops open connections (all but `keep`, which a drop-answer holds) */
  async function refuse(keep?: Socket): Promise<void> {
    if (refusing) return;
    refusing = true;
    for (const s of sockets) if (s !== keep) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    get target() {
      return target;
    },
    set target(value: string) {
      target = value;
    },
    add(rule) {
      rules.push({ ...rule, left: rule.times ?? 1, fired: 0 });
    },
    clear() {
      const n = rules.reduce((sum, r) => sum + r.fired, 0);
      rules = [];
      return n;
    },
    get fired() {
      return fired;
    },
    calls,
    async accept() {
      if (!refusing || closed) return;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
      refusing = false;
    },
    async close() {
      closed = true;
      for (const s of sockets) s.destroy();
      upstream.destroy();
      if (!refusing) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckoutForm } from '../../server/gateway';

/** One notification as it arrived, before anything is judged. */
interface ArrivedNotification {
  /** the fields in the order received; a repeated name keeps its first value, as the backend's receiver does */
  form: Record<string, string>;
  contentType: string;
  path: string;
  from: string;
}

export interface NotificationListener {
  /** `http://<host>:<port>/`: any path takes a notification */
  readonly url: string;
  /** the test order's form: `GET /pay` then shows a page that posts it to the gateway, where a test card pays it */
  payPage: CheckoutForm | undefined;
  /**
   * Hands each notification to `onEach`, those already arrived first, until `count` have, or `timeoutMs` passed;
   * then stops listening. Answers how many arrived.
   */
  wait(count: number, timeoutMs: number, onEach: (n: ArrivedNotification, index: number) => void): Promise<number>;
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024;

/**
 * `gateway check --watch`: a plain HTTP server on this machine that takes whatever the gateway posts, answers it
 * `success` (so the gateway does not send it again), and keeps it for the check to show. It is the notify_url of
 * the check's test order; a real gateway reaches it through a public HTTPS address that forwards here (a tunnel, the
 * host's reverse proxy), the sandbox directly.
 */
export async function listenForNotifications(host: string, port: number): Promise<NotificationListener> {
  const arrived: ArrivedNotification[] = [];
  let wake: (() => void) | undefined;
  let payPage: CheckoutForm | undefined;
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
    });
  });
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://watch.invalid').pathname;
    if (req.method === 'GET' && path === '/pay' && payPage) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(renderPayPage(payPage));
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(
        path === '/pay'
          ? 'gateway check --watch: there is no test order to pay (the payment signature check did not pass)\n'
          : 'gateway check --watch: notifications are POSTed here; what arrives is shown in the terminal\n',
      );
      return;
    }
    const body = await readBody(req);
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    arrived.push({ form: fieldsOf(body, contentType), contentType, path, from: req.socket.remoteAddress ?? '' });
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('success');
    wake?.();
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}/`,
    get payPage() {
      return payPage;
    },
    set payPage(form) {
      payPage = form;
    },
    async wait(count, timeoutMs, onEach) {
      let shown = 0;
      const deadline = Date.now() + timeoutMs;
      while (shown < count && Date.now() < deadline) {
        while (shown < count && shown < arrived.length) onEach(arrived[shown]!, shown++);
        if (shown >= count) break;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
      await close();
      return shown;
    },
    close,
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Form fields, or a JSON object's top-level values as text (a dialect might post JSON); anything else: none. */
function fieldsOf(body: string, contentType: string): Record<string, string> {
  const form: Record<string, string> = {};
  if (/^\s*\{/.test(body)) {
    try {
      const json = JSON.parse(body) as unknown;
      if (json && typeof json === 'object' && !Array.isArray(json))
        for (const [name, value] of Object.entries(json))
          form[name] = typeof value === 'string' ? value : JSON.stringify(value);
      return form;
    } catch {
      return form;
    }
  }
  if (contentType === 'application/x-www-form-urlencoded' || contentType === '')
    for (const [name, value] of new URLSearchParams(body)) if (!Object.hasOwn(form, name)) form[name] = value;
  return form;
}

/** The test order's loading-page form as a page of our own (never the gateway's HTML), posted by a button. */
function renderPayPage(form: CheckoutForm): string {
  const inputs = form.fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>gateway check: the test order</title></head>
<body>
<p>The test order of <code>gateway check</code>. The button opens the gateway's card page: pay it with a
<strong>test card</strong> on a test account (or refund it afterwards), and the gateway notifies this check.</p>
<form method="post" action="${escapeHtml(form.action)}">
${inputs}
<button type="submit">Go to the gateway's card page</button>
</form>
</body></html>
`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

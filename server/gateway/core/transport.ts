import http from 'node:http';
import https from 'node:https';

/** The gateway's answer as the caller reads it: the whole body, already within the size limit. */
export interface TransportResponse {
  status: number;
  headers: { get(name: string): string | null };
  text: string;
}

interface TransportRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string | undefined;
  /** the whole exchange, answer read included, ends with TransportTimeout after this long */
  timeoutMs: number;
  /** a larger answer is refused unread with ResponseTooLarge */
  maxBytes: number;
}

/** Sends one request and reads its whole answer; never follows a redirect (a 3xx is an answer). */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export class ResponseTooLarge extends Error {
  override name = 'ResponseTooLarge';
}

/** The exchange took longer than its `timeoutMs`: the request may or may not have reached the gateway. */
export class TransportTimeout extends Error {
  override name = 'TransportTimeout';
  constructor(timeoutMs: number) {
    super(`no complete answer within ${timeoutMs} ms`);
  }
}

/**
 * Idle connections are closed well before a Node server's default 5 s keep-alive would close them under us: a
 * request sent on a connection the gateway is closing fails with its outcome unknown. The margin covers an
 * event loop that runs the idle timer late under load.
 */
const IDLE_SOCKET_MS = 2_000;

/**
 * The transport of a running backend: Node's own http/https client over keep-alive connections. It costs a
 * quarter of the CPU of the global `fetch` for the same exchange (WHATWG streams, Request/Response objects and
 * abort signals are undici's overhead), which was a tenth of the backend's time per payment (bench/RESULTS.md).
 * Idle connections close after 2 s, or a second before the gateway's `Keep-Alive: timeout=` hint if sooner.
 */
export function httpTransport(): Transport {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
    'https:': new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  };
  return (request) =>
    new Promise<TransportResponse>((resolveOnce, rejectOnce) => {
      const url = new URL(request.url);
      const secure = url.protocol === 'https:';
      const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
      const headers = body ? { ...request.headers, 'content-length': String(body.length) } : request.headers;
      // a plain timer, not an AbortSignal: a signal costs as much as the rest of the request's set-up
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        outgoing.destroy(new TransportTimeout(request.timeoutMs));
      }, request.timeoutMs);
      const resolve = (value: TransportResponse) => {
        clearTimeout(timer);
        resolveOnce(value);
      };
      // whichever error the destroy surfaces first (request, answer or socket), a time-out is reported as one
      const reject = (error: unknown) => {
        clearTimeout(timer);
        rejectOnce(timedOut ? new TransportTimeout(request.timeoutMs) : error);
      };
      const outgoing = (secure ? https : http).request(
        url,
        { method: request.method, headers, agent: secure ? agents['https:'] : agents['http:'] },
        (res) => {
          const chunks: Buffer[] = [];
          let total = 0;
          let complete = false;
          res.on('data', (chunk: Buffer) => {
            total += chunk.length;
            if (total > request.maxBytes) {
              reject(new ResponseTooLarge(`answer larger than ${request.maxBytes} bytes`));
              res.destroy();
              return;
            }
            chunks.push(chunk);
          });
          res.on('end', () => {
            complete = true;
            const received = res.headers;
            resolve({
              status: res.statusCode ?? 0,
              headers: { get: (name) => headerValue(received[name.toLowerCase()]) },
              text: Buffer.concat(chunks, total).toString('utf8'),
            });
          });
          res.on('error', reject);
          res.on('close', () => {
            if (!complete)
              reject(
                Object.assign(new Error('the connection closed before the answer was complete'), {
                  code: 'ECONNRESET',
                }),
              );
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * A transport over a `fetch` function: what tests use to put a fault between the backend and the real gateway
 * (server/testing/faultyGatewayFetch.ts), and any caller that passes its own `fetch` to the client.
 */
export function fetchTransport(fetchFn: typeof fetch): Transport {
  return async (request) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TransportTimeout(request.timeoutMs)), request.timeoutMs);
    try {
      const res = await fetchFn(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
        // the gateway never redirects its API calls, and the issuer page's Location is the answer itself
        redirect: 'manual',
      });
      return { status: res.status, headers: res.headers, text: await readLimited(res, request.maxBytes) };
    } catch (e) {
      throw controller.signal.aborted ? controller.signal.reason : e;
    } finally {
      clearTimeout(timer);
    }
  };
}

async function readLimited(res: Response, maxBytes: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLarge(`answer larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

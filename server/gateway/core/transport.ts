import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { type AddressPolicy, PUBLIC_ADDRESSES, resolvePublicAddress } from './findPrivateAddress';

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
  /**
   * Connect only to a public address (findPrivateAddress.ts), and to the very address checked: the host is
   * resolved once, every address it has must be public, and the connection goes to the first (NotPublicAddress
   * otherwise, and nothing is sent). A URL that comes from outside (an issuer_url, a shop's endpoint) must not
   * reach the backend's own network, also not by a name that resolves elsewhere a moment later.
   */
  publicAddressOnly?: boolean | undefined;
  /**
   * Read at most this many bytes of the answer, then close the connection: `text` is cut there instead of the
   * answer being refused, and a time-out after the status arrived answers with what came. For a caller that
   * needs the status and an excerpt, never the whole body (a shop's endpoint may answer anything, endlessly).
   */
  readAtMost?: number | undefined;
}

/** Sends one request and reads its whole answer; never follows a redirect (a 3xx is an answer). */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export class ResponseTooLarge extends Error {
  override name = 'ResponseTooLarge';
}

/** `publicAddressOnly`: the host is not a public address (or does not resolve); nothing was sent. */
export class NotPublicAddress extends Error {
  override name = 'NotPublicAddress';
  constructor(
    readonly host: string,
    readonly reason: string,
  ) {
    super(`${host} is ${reason}, not a public address; not connected to`);
  }
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
 * A lookup that answers `address` whatever the name: the connection goes where the check said, never where a
 * second resolution would send it. Node asks for every address (`all`) when it may try several families.
 */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** `work`, or TransportTimeout after `timeoutMs`. */
async function within<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TransportTimeout(timeoutMs)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The transport of a running backend: Node's own http/https client over keep-alive connections. It costs a
 * quarter of the CPU of the global `fetch` for the same exchange (WHATWG streams, Request/Response objects and
 * abort signals are undici's overhead), which was a tenth of the backend's time per payment (bench/RESULTS.md).
 * Idle connections close after 2 s, or a second before the gateway's `Keep-Alive: timeout=` hint if sooner.
 * A `publicAddressOnly` request resolves with `policy` (a test's own; the system's resolver and
 * isPublicAddress otherwise) and connects on a connection of its own, never one kept alive for another.
 */
export function httpTransport(policy: AddressPolicy = PUBLIC_ADDRESSES): Transport {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
    'https:': new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  };
  return async (request) => {
    const started = Date.now();
    let lookup: LookupFunction | undefined;
    if (request.publicAddressOnly) {
      const resolved = await within(resolvePublicAddress(request.url, policy), request.timeoutMs);
      if ('refused' in resolved) throw new NotPublicAddress(new URL(request.url).host, resolved.refused);
      lookup = pinnedLookup(resolved.address, resolved.family);
    }
    const timeoutMs = Math.max(1, request.timeoutMs - (Date.now() - started));
    return new Promise<TransportResponse>((resolveOnce, rejectOnce) => {
      const url = new URL(request.url);
      const secure = url.protocol === 'https:';
      const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
      const headers = body ? { ...request.headers, 'content-length': String(body.length) } : request.headers;
      /** with `readAtMost`, once the status came: the answer as read so far */
      let soFar: (() => TransportResponse) | undefined;
      // a plain timer, not an AbortSignal: a signal costs as much as the rest of the request's set-up
      let timedOut = false;
      const timer = setTimeout(() => {
        if (soFar) {
          resolve(soFar());
          outgoing.destroy();
          return;
        }
        timedOut = true;
        outgoing.destroy(new TransportTimeout(request.timeoutMs));
      }, timeoutMs);
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
        lookup
          ? // a connection of its own (agent: false), to the address checked
            { method: request.method, headers, agent: false, lookup }
          : { method: request.method, headers, agent: secure ? agents['https:'] : agents['http:'] },
        (res) => {
          const chunks: Buffer[] = [];
          let total = 0;
          let complete = false;
          const received = res.headers;
          const answer = (): TransportResponse => ({
            status: res.statusCode ?? 0,
            headers: { get: (name) => headerValue(received[name.toLowerCase()]) },
            text: Buffer.concat(chunks, total).toString('utf8'),
          });
          const readAtMost = request.readAtMost;
          if (readAtMost !== undefined) soFar = answer;
          res.on('data', (chunk: Buffer) => {
            if (readAtMost !== undefined) {
              const kept = chunk.subarray(0, Math.max(0, readAtMost - total));
              chunks.push(kept);
              total += kept.length;
              if (total >= readAtMost) {
                // enough of it: the rest is never read, the connection closed
                complete = true;
                resolve(answer());
                res.destroy();
              }
              return;
            }
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
            resolve(answer());
          });
          // with `readAtMost` the status is the answer: a body cut short still answers with what came
          res.on('error', (error) => (readAtMost === undefined ? reject(error) : resolve(answer())));
          res.on('close', () => {
            if (complete) return;
            if (readAtMost !== undefined) resolve(answer());
            else
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
  };
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
    // a fetch cannot be pinned to an address: the check at least, as close to the call as it can be
    if (request.publicAddressOnly) {
      const resolved = await within(resolvePublicAddress(request.url), request.timeoutMs);
      if ('refused' in resolved) throw new NotPublicAddress(new URL(request.url).host, resolved.refused);
    }
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
      const text =
        request.readAtMost === undefined
          ? await readLimited(res, request.maxBytes)
          : await readAtMost(res, request.readAtMost, controller.signal);
      return { status: res.status, headers: res.headers, text };
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

/** The first `limit` bytes of the answer (what came before a time-out), the rest never read. */
async function readAtMost(res: Response, limit: number, signal: AbortSignal): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    while (total < limit && !signal.aborted) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value.subarray(0, limit - total));
      total += Math.min(value.byteLength, limit - total);
    }
  } catch (e) {
    if (!signal.aborted) throw e;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8');
}

import http from 'node:http';
import https from 'node:https';
import type { AttemptResult } from '../store/notifications';

/**
 * Idle connections close after 2 s, well before a Node server's default 5 s keep-alive would close them under us:
 * a notification sent on a connection the merchant is closing would fail for nothing (and count as an attempt).
 */
const IDLE_SOCKET_MS = 2_000;

interface FormPosterOptions {
  /** the whole exchange, answer read included; longer is a failed attempt with an error */
  timeoutMs: number;
  /** characters of the answer's body kept in the attempt; the rest is read and dropped */
  recordAtMost: number;
}

/**
 * The sandbox's sender of notifications: one POST of form fields over Node's http/https client with keep-alive
 * connections, as the backend's own transport (server/gateway/core/transport.ts) sends to the gateway. The global
 * `fetch` cost several times its CPU per notification (Request/Response objects, web streams, abort signals).
 * Never throws: a status (any, a 3xx is never followed) with the body's first `recordAtMost` characters, or the
 * error that left none (refused or cut connection, time-out).
 */
export function formPoster(
  opts: FormPosterOptions,
): (url: string, fields: Record<string, string>) => Promise<AttemptResult> {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
    'https:': new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  };
  return (url, fields) =>
    new Promise<AttemptResult>((settle) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const done = (result: AttemptResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        settle(result);
      };
      const failed = (error: unknown) =>
        done({
          http_status: null,
          response_body: null,
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        });
      let target: URL;
      try {
        target = new URL(url);
        if (target.protocol !== 'http:' && target.protocol !== 'https:')
          throw new TypeError(`${target.protocol} is not http: or https:`);
      } catch (e) {
        failed(e);
        return;
      }
      const secure = target.protocol === 'https:';
      const body = Buffer.from(new URLSearchParams(fields).toString(), 'utf8');
      // a plain timer, not an AbortSignal: a signal costs as much as the rest of the request's set-up
      timer = setTimeout(() => {
        failed(Object.assign(new Error(`no complete answer within ${opts.timeoutMs} ms`), { name: 'TimeoutError' }));
        outgoing.destroy();
      }, opts.timeoutMs);
      const outgoing = (secure ? https : http).request(
        target,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) },
          agent: agents[secure ? 'https:' : 'http:'],
        },
        (res) => {
          const chunks: Buffer[] = [];
          // 4 bytes per character at most in UTF-8: the first `recordAtMost` characters are within these
          let room = 4 * opts.recordAtMost + 3;
          res.on('data', (chunk: Buffer) => {
            if (room <= 0) return;
            const kept = chunk.subarray(0, room);
            chunks.push(kept);
            room -= kept.length;
          });
          res.on('end', () =>
            done({
              http_status: res.statusCode ?? 0,
              response_body: Buffer.concat(chunks).toString('utf8').slice(0, opts.recordAtMost),
              error: null,
            }),
          );
          res.on('error', failed);
          // closed before the end: the merchant cut the connection mid-answer (after an 'end', `done` ignores it)
          res.on('close', () => {
            if (!res.complete) failed(new Error('the connection closed before the answer was complete'));
          });
        },
      );
      outgoing.on('error', failed);
      outgoing.end(body);
    });
}

/**
 * The shop's event endpoint in a test: a real HTTP server on loopback that records every delivery (its headers
 * and exact body) and answers with `status` (200 by default; a test sets 500 to make the shop "fail"). The
 * signature is verified here with literal HMAC code, never with the backend's signer, so a bug in one is not
 * hidden by agreement.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

interface Received {
  signature: string;
  eventId: string;
  body: string;
  event: {
    id: string;
    type: string;
    created_at: string;
    order?: { order_no: string; status: string; refunded: string | null };
  };
}

export interface EventReceiver {
  url: string;
  received: Received[];
  /** what the receiver answers from now on */
  status: number;
  /** polls until `done(received)` holds */
  until(done: (r: Received[]) => boolean, what: string, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startEventReceiver(): Promise<EventReceiver> {
  const received: Received[] = [];
  const receiver: EventReceiver = {
    url: '',
    received,
    status: 200,
    async until(done, what, timeoutMs = 20_000) {
      try {
        await vi.waitFor(
          () => {
            if (!done(received)) throw new Error('not yet');
          },
          { timeout: timeoutMs, interval: 25 },
        );
      } catch {
        throw new Error(`timed out waiting for ${what}; received: ${received.map((r) => r.event.type).join(', ')}`);
      }
      return received;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (receiver.status >= 200 && receiver.status < 300)
        received.push({
          signature: String(req.headers['checkout-signature'] ?? ''),
          eventId: String(req.headers['checkout-event-id'] ?? ''),
          body,
          event: JSON.parse(body) as Received['event'],
        });
      res.writeHead(receiver.status, { 'Content-Type': 'text/plain' }).end(receiver.status < 300 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
  return receiver;
}

/**
 * The receiver's check, written out: `t=<unix>,v1=<hex>[,v1=<hex>]`, accepted when `t` is within 300 s of now
 * and any v1 equals HMAC-SHA256(secret, `${t}.${body}`), compared in constant time.
 */
export function verifySignature(header: string, body: string, secret: string, nowSeconds = Date.now() / 1000): boolean {
  const parts = header.split(',').map((p) => p.trim());
  const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex'), 'hex');
  return parts
    .filter((p) => p.startsWith('v1='))
    .map((p) => Buffer.from(p.slice(3), 'hex'))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}

import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ArrivedEvent } from './checkDeliveries';
import { socketOwner } from './socketOwner';

interface CountedEvent extends ArrivedEvent {
  type: string;
  /** when it arrived (Date.now()) */
  at: number;
}

export interface EventCounter {
  /** the endpoint URL to register */
  url: string;
  /** every delivery, in the order of arrival */
  received: CountedEvent[];
  close(): Promise<void>;
}

/**
 * The shop's event endpoint for a benchmark: an HTTP server on loopback that checks nothing (no signature: it
 * measures the sender, not a receiver) and notes each delivery's event id, type, arrival time and, when /proc
 * can tell, which of `senders` (name -> pid) opened the connection it came on; it answers 200 to all.
 */
export async function startEventCounter(senders: () => Readonly<Record<string, number>>): Promise<EventCounter> {
  const received: CountedEvent[] = [];
  const owners = new WeakMap<Socket, string | undefined>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      let type = '?';
      try {
        type = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type?: string }).type ?? '?');
      } catch {
        // counted all the same, by its id header
      }
      received.push({ id: String(req.headers['checkout-event-id'] ?? ''), type, at, from: owners.get(req.socket) });
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  // once per connection, while the sender's end is surely open: keep-alive connections carry many events
  server.on('connection', (socket: Socket) => {
    owners.set(socket, socketOwner(socket.remotePort ?? 0, (server.address() as AddressInfo).port, senders()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

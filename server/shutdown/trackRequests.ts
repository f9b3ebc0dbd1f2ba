import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface RequestTracker {
  /** requests whose response has not finished yet */
  readonly inFlight: number;
  /**
   * From now on every response says `Connection: close`, so a keep-alive client (a load balancer) opens its next
   * connection elsewhere instead of sending a request this process would no longer take.
   */
  drain(): void;
  /** resolves when no request is in flight */
  idle(): Promise<void>;
  /**
   * Closes the connections that carry no request right now. `fresh`: also those that never carried one (just
   * accepted, their first request may be on its way, or a browser's speculative preconnect).
   */
  closeIdleConnections(options: { fresh: boolean }): void;
}

/**
 * Counts the requests `server` is serving, from the moment Node hands one over until its response is finished
 * or its connection is gone, and knows which connections are idle, so a shutdown can wait for exactly the work
 * in flight and close the rest without cutting a request short.
 */
export function trackRequests(server: Server): RequestTracker {
  const active = new Set<ServerResponse>();
  const connections = new Map<Socket, { requests: number; served: boolean }>();
  let draining = false;
  let waiters: (() => void)[] = [];
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { requests: 0, served: false });
    socket.once('close', () => connections.delete(socket));
  });
  // first among the request listeners: the app's listener may write the response before a later one runs
  server.prependListener('request', (req, res: ServerResponse) => {
    const connection = connections.get(req.socket);
    if (connection) {
      connection.requests += 1;
      connection.served = true;
    }
    active.add(res);
    if (draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      if (connection) connection.requests -= 1;
      active.delete(res);
      if (active.size > 0) return;
      for (const wake of waiters) wake();
      waiters = [];
    });
  });
  return {
    get inFlight() {
      return active.size;
    },
    drain() {
      draining = true;
      for (const res of active) if (!res.headersSent) res.setHeader('Connection', 'close');
    },
    idle() {
      return active.size === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
    closeIdleConnections({ fresh }) {
      for (const [socket, c] of connections) if (c.requests === 0 && (c.served || fresh)) socket.destroy();
    },
  };
}

import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CreatePaymentResponse } from '../../shared/contract/payment';
import type { SessionView } from '../../shared/contract/session';

/**
 * A scripted stand-in for the merchant backend's widget-facing routes, over real HTTP on a free loopback port,
 * with the CORS answers the real one gives. Component tests use it to see exactly what the widget sends.
 */
interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export type Reply = { status: number; body: unknown };

export interface FakeBackend {
  url: string;
  origin: string;
  requests: RecordedRequest[];
  /** answers GET /api/sessions/:id; default: the session given, 404 for another id */
  onSession: (id: string, secret: string | undefined) => Reply | Promise<Reply>;
  /** answers POST .../payments; default: an iframe action */
  onPayment: (body: unknown, headers: IncomingHttpHeaders) => Reply | Promise<Reply>;
  /** answers POST .../payments/:paymentId/resume; default: 409, as for an APM payment */
  onResume: (paymentId: string, body: unknown) => Reply | Promise<Reply>;
  /** answers DELETE .../saved-cards/:cardId; default: 204 */
  onRemoveCard: (cardId: string, secret: string | undefined) => Reply | Promise<Reply>;
  payments(): RecordedRequest[];
  close(): Promise<void>;
}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, X-Client-Secret, Idempotency-Key, Accept',
};

function send(res: ServerResponse, reply: Reply): void {
  if (reply.status === 204) {
    res.writeHead(204, CORS).end();
    return;
  }
  res.writeHead(reply.status, { 'Content-Type': 'application/json', ...CORS });
  res.end(JSON.stringify(reply.body));
}

export function errorReply(
  status: number,
  code: string,
  message: string,
  fields?: { path: string; message: string }[],
): Reply {
  return { status, body: { error: { code, message, ...(fields ? { fields } : {}) } } };
}

export async function startFakeBackend(session: SessionView, clientSecret = 'cs_test'): Promise<FakeBackend> {
  const backend: FakeBackend = {
    url: '',
    origin: '',
    requests: [],
    onSession: (id, secret) => {
      if (id !== session.id) return errorReply(404, 'not_found', 'no such session');
      if (secret !== clientSecret) return errorReply(401, 'unauthorized', 'wrong client secret');
      return { status: 200, body: session };
    },
    onPayment: () => ({
      status: 200,
      body: {
        payment_id: 'pay_1',
        action: { type: 'iframe', url: `${backend.url}/pay/frame/tok_1` },
      } satisfies CreatePaymentResponse,
    }),
    onResume: () => errorReply(409, 'conflict', 'only a card payment page can be reopened'),
    onRemoveCard: () => ({ status: 204, body: null }),
    payments: () => backend.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/payments')),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const path = new URL(req.url ?? '/', 'http://x').pathname;
        const text = Buffer.concat(chunks).toString('utf8');
        if (req.method === 'OPTIONS') {
          res.writeHead(204, CORS).end();
          return;
        }
        backend.requests.push({
          method: req.method ?? '',
          path,
          headers: req.headers,
          body: text ? JSON.parse(text) : undefined,
        });
        const session = /^\/api\/sessions\/([^/]+)$/.exec(path);
        const payments = /^\/api\/sessions\/([^/]+)\/payments$/.exec(path);
        const resume = /^\/api\/sessions\/[^/]+\/payments\/([^/]+)\/resume$/.exec(path);
        const card = /^\/api\/sessions\/[^/]+\/saved-cards\/([^/]+)$/.exec(path);
        if (req.method === 'GET' && session)
          send(
            res,
            await backend.onSession(
              decodeURIComponent(session[1]!),
              req.headers['x-client-secret'] as string | undefined,
            ),
          );
        else if (req.method === 'POST' && payments)
          send(res, await backend.onPayment(text ? JSON.parse(text) : undefined, req.headers));
        else if (req.method === 'POST' && resume)
          send(res, await backend.onResume(decodeURIComponent(resume[1]!), text ? JSON.parse(text) : undefined));
        else if (req.method === 'DELETE' && card)
          send(
            res,
            await backend.onRemoveCard(
              decodeURIComponent(card[1]!),
              req.headers['x-client-secret'] as string | undefined,
            ),
          );
        else if (req.method === 'GET' && path.startsWith('/pay/frame/')) {
          res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>card page</title>');
        } else send(res, errorReply(404, 'not_found', 'no route'));
      })();
    });
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  backend.url = `http://127.0.0.1:${port}`;
  backend.origin = backend.url;
  return backend;
}

/** A session like the backend's demo: card plus boleto (needs a document) and iDEAL (needs a bank). */
export function demoSession(overrides: Partial<SessionView> = {}): SessionView {
  return {
    id: 'cs_1',
    order_no: 'ORDER-1',
    status: 'created',
    amount: '33.00',
    currency: 'USD',
    items: [
      { name: 'T-shirt', sku: 'TS-1', unit_price: '12.50', quantity: 2 },
      { name: 'Mug', sku: 'MG-1', unit_price: '8.00', quantity: 1 },
    ],
    country: 'BR',
    methods: [
      // a card configured to ask the address and phone; the bare card (no fields) is tested on its own
      { id: 'card', kind: 'card', label: 'Card', fields: ['billing_address', 'phone'] },
      { id: 'boleto', kind: 'apm', label: 'Boleto', payment_method: 'BOLETO', fields: ['document', 'birth_date'] },
      {
        id: 'ideal',
        kind: 'apm',
        label: 'iDEAL',
        payment_method: 'IDEAL',
        fields: ['bank_code'],
        banks: [
          { code: 'INGBNL2A', name: 'ING' },
          { code: 'RABONL2U', name: 'Rabobank' },
        ],
      },
    ],
    expires_at: '2099-01-01T00:00:00Z',
    ...overrides,
  };
}

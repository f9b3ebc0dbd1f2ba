import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { paymentBody } from '../../testing/shopClient';
import { statementCounter } from '../testing/countStatements';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { createPayment, type PaymentRequest } from './createPayment';
import { newOrder } from './testing/paymentFixtures';

// the sandbox as a process, not in this one: the counter counts every statement this process's drivers send, and
// the sandbox's own SQLite statements would be among them
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandboxProcess();
});
afterAll(() => sandbox?.close());

// before the backend opens its store: the counter tags statements as they are prepared
const counter = statementCounter();

/** The first SQL keyword and table of a statement, e.g. `select payment_methods`, `update orders`, `begin`. */
function shape(text: string): string {
  // without the mark of a deferrable write (server/store/pipelineStatements.ts)
  const words = text
    .replace(/^\/\*.*?\*\/\s*/, '')
    .trim()
    .toLowerCase()
    .replace(/"/g, '')
    .split(/\s+/);
  const verb = words[0]!;
  if (verb === 'begin' || verb === 'commit') return verb;
  const table = words[words.indexOf(verb === 'update' ? 'update' : verb === 'insert' ? 'into' : 'from') + 1];
  return `${verb} ${table}`;
}

describeOnStores('statements of one card payment', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url });
  });
  afterAll(() => backend?.close());

  it('one card payment (createPayment, the gateway answers at once) runs exactly these statements', async () => {
    const { session } = await newOrder(backend.deps);
    const body = paymentBody(session.client_secret, 'card') as PaymentRequest['body'];
    let answer: Awaited<ReturnType<typeof createPayment>> | undefined;
    const { statements, calls } = await counter.count(async () => {
      answer = await createPayment(backend.deps, {
        sessionId: session.id,
        body,
        rawBody: JSON.stringify(body),
        idempotencyKey: 'statements-1',
        ip: '203.0.113.7',
        accept: 'text/html',
        origin: 'http://shop.test',
      });
    });
    expect(answer).toMatchObject({ status: 200, body: { action: { type: 'iframe' } } });
    // the same on SQLite and PostgreSQL (20 before issue #24); a change that adds a statement to the payment path
    // must change this list on purpose
    expect(statements.map(shape)).toEqual([
      // session, order, extras, the attempt under this Idempotency-Key and the method: one join (paymentContext)
      'select sessions',
      // startAttempt: the order's earlier attempts, the new one, made current (returning the order, event mark
      // cleared in the same update), its audit line, and the masked order as sent (createPayment)
      'begin',
      'select payment_attempts',
      'insert payment_attempts',
      'update orders',
      'insert audit_events',
      'insert attempt_orders',
      'commit',
      // settleAttempt: the attempt moves to pending, the order mirrors it (returning the order: pending is no
      // event), and the gateway call's audit line
      'begin',
      'update payment_attempts',
      'update orders',
      'insert audit_events',
      'commit',
    ]);
    // on PostgreSQL in 7 round trips, not 13 (server/store/pipelineStatements.ts): each `begin` goes with the
    // transaction's first statement, the new attempt with the update that makes it current, and the audit lines
    // and the order sent with the `commit`
    expect(calls).toBe(store === 'postgres' ? 7 : 13);
  });
});

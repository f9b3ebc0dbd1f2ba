import type { CheckoutForms } from './checkoutForm';
import { measureCpu } from './processCpu';
import { runLoad, type LoadOptions, type LoadRequest, type LoadResult } from './runLoad';
import { createSessions, paymentRequest, type BenchSession } from './shopCalls';
import type { RunningTarget } from './startTarget';
import type { StepTotals } from './stepTimers';

/** autocannon builds a request ahead on each connection: a run needs a few more sessions than responses. */
const spare = (connections: number) => 2 * connections + 4;

/** Hands out one session per request, in order. */
export function sessionQueue(sessions: readonly BenchSession[]): () => LoadRequest {
  let i = 0;
  return () => paymentRequest(sessions[Math.min(i++, sessions.length - 1)]!);
}

/** Sessions for one timed run of `amount` payments, created before it (a session is paid once). */
export function sessionsFor(backend: RunningTarget, amount: number, connections: number): Promise<BenchSession[]> {
  return createSessions(backend.url, amount + spare(connections));
}

/** A run with the CPU time (ms) each process used during it: the one under load, the sandbox, the load generator. */
export interface MeasuredRun extends LoadResult {
  cpuMs: Record<string, number>;
}

/** Processes whose CPU time a run reports besides the target's own (e.g. `{ sandbox: pid }`). */
export type OtherProcesses = Readonly<Record<string, number>>;

function measuredLoad(target: RunningTarget, others: OtherProcesses, options: LoadOptions): Promise<MeasuredRun> {
  return measureCpu({ target: target.pid, ...others, 'load generator': process.pid }, () => runLoad(options)).then(
    ({ result, cpuMs }) => ({ ...result, cpuMs }),
  );
}

/** `amount` card payments through the backend's route, each on its own session made beforehand (not timed). */
export async function paymentRun(
  backend: RunningTarget,
  amount: number,
  connections: number,
  others: OtherProcesses = {},
): Promise<MeasuredRun> {
  const sessions = await sessionsFor(backend, amount, connections);
  return measuredLoad(backend, others, { url: backend.url, connections, amount, next: sessionQueue(sessions) });
}

/** SQLite time (prepare and execute) of `steps`, in ms. */
export function sqliteMs(steps: StepTotals): number {
  return steps.sqlPrepareMs + Object.values(steps.sql).reduce((sum, k) => sum + k.ms, 0);
}

/** `amount` checkout forms through the bare forwarder, the same bytes the backend sends the gateway. */
export function forwarderRun(
  forwarder: RunningTarget,
  checkoutForms: CheckoutForms,
  amount: number,
  connections: number,
  others: OtherProcesses = {},
): Promise<MeasuredRun> {
  const forms = Array.from({ length: amount + spare(connections) }, checkoutForms);
  let i = 0;
  return measuredLoad(forwarder, others, {
    url: forwarder.url,
    connections,
    amount,
    next: () => ({
      path: '/forward',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: forms[Math.min(i++, forms.length - 1)]!,
    }),
  });
}

/**
 * `pairs` pairs of runs of `a` and `b`, alternating which goes first, so that a slow drift (a growing database,
 * a warming cache, another process) favours neither side.
 */
export async function runPairs<R extends LoadResult>(
  pairs: number,
  a: () => Promise<R>,
  b: () => Promise<R>,
  onPair: (i: number, a: R, b: R) => void = () => {},
): Promise<{ a: R[]; b: R[] }> {
  const out = { a: [] as R[], b: [] as R[] };
  for (let i = 0; i < pairs; i++) {
    if (i % 2 === 0) {
      out.a.push(await a());
      out.b.push(await b());
    } else {
      out.b.push(await b());
      out.a.push(await a());
    }
    onPair(i, out.a[i]!, out.b[i]!);
  }
  return out;
}

/** A line naming failed requests, or nothing when every request got a 2xx. */
export function failureNote(name: string, runs: readonly LoadResult[]): string | undefined {
  const failed = runs.reduce((sum, r) => sum + r.failures, 0);
  if (!failed) return undefined;
  const codes = runs.flatMap((r) => Object.entries(r.statusCounts)).filter(([code]) => !code.startsWith('2'));
  return `**${name}: ${failed} failed requests** (${codes.map(([c, n]) => `${c}: ${n}`).join(', ') || 'connection errors'}); they are counted as answered above.`;
}

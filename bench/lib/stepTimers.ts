/// <reference path="../../shared/sqlite/betterSqlite3.d.ts" />
import http from 'node:http';
import Database from 'better-sqlite3';

/**
 * Wall-clock totals of the steps of a payment, measured from inside the backend process without touching its
 * code: SQLite (better-sqlite3's calls are synchronous, so the time around each one is exactly the store's time on the
 * event loop), split by statement kind (`begin`, `insert`, `commit`, ...), and the gateway call (from sending to
 * the gateway's answer). With the request count they split a payment's latency into store, gateway and the rest.
 */
export interface StepTotals {
  sqlPrepareMs: number;
  /** statements prepared (the store's statement cache prepares each SQL text once) */
  sqlPrepares: number;
  /** statement kind (first SQL keyword) -> executions and time */
  sql: Record<string, { count: number; ms: number }>;
  gatewayCalls: number;
  gatewayMs: number;
}

let totals: StepTotals = emptyTotals();

function emptyTotals(): StepTotals {
  return { sqlPrepareMs: 0, sqlPrepares: 0, sql: {}, gatewayCalls: 0, gatewayMs: 0 };
}

/** The totals since the last call, and a fresh start. */
export function takeStepTotals(): StepTotals {
  const taken = totals;
  totals = emptyTotals();
  return taken;
}

type Fn = (...args: unknown[]) => unknown;
const KIND = Symbol('sqlKind');

function addSql(kind: string, ms: number): void {
  totals.sql[kind] ??= { count: 0, ms: 0 };
  const entry = totals.sql[kind];
  entry.count += 1;
  entry.ms += ms;
}

let patched = false;
let inStatement = false;

/** Wraps better-sqlite3's prepare and its statements' run/all/get/iterate with timers (once per process). */
export function timeSqlite(): void {
  if (patched) return;
  patched = true;
  const proto = Database.prototype as unknown as Record<string, unknown>;
  const originalPrepare = proto.prepare as Fn;
  let statementPatched = false;
  proto.prepare = function timedPrepare(this: unknown, ...args: unknown[]) {
    const t = performance.now();
    const stmt = originalPrepare.apply(this, args) as Record<string | symbol, unknown>;
    totals.sqlPrepareMs += performance.now() - t;
    totals.sqlPrepares += 1;
    // the first keyword after any leading comment (a deferrable write's mark, server/store/pipelineStatements.ts)
    stmt[KIND] = /^\s*(?:\/\*.*?\*\/\s*)*(\w+)/.exec(String(args[0]))?.[1]?.toLowerCase() ?? '?';
    if (!statementPatched) {
      statementPatched = true;
      // the Statement class is not exported: patch its prototype through the first statement
      const statementProto = Object.getPrototypeOf(stmt) as Record<string, unknown>;
      for (const method of ['run', 'all', 'get', 'iterate']) {
        const original = statementProto[method] as Fn;
        statementProto[method] = function timedStatement(this: Record<symbol, unknown>, ...a: unknown[]) {
          // count the outer call only, should one method run through another
          if (inStatement) return original.apply(this, a);
          inStatement = true;
          const started = performance.now();
          try {
            return original.apply(this, a);
          } finally {
            inStatement = false;
            addSql(String(this[KIND] ?? '?'), performance.now() - started);
          }
        };
      }
    }
    return stmt;
  };
}

/**
 * Adds each gateway call's time (from sending to the end of the answer) to the gateway totals, by wrapping
 * `http.request`: in the backend process only the gateway client (server/gateway/core/transport.ts) makes
 * outgoing HTTP requests. Once per process.
 */
export function timeGatewayCalls(): void {
  if (gatewayPatched) return;
  gatewayPatched = true;
  const original = http.request;
  http.request = function timedRequest(this: unknown, ...args: unknown[]) {
    const started = performance.now();
    const request = (original as (...a: unknown[]) => http.ClientRequest).apply(this, args);
    request.once('response', (res: http.IncomingMessage) =>
      res.once('end', () => {
        totals.gatewayCalls += 1;
        totals.gatewayMs += performance.now() - started;
      }),
    );
    return request;
  } as typeof http.request;
}

let gatewayPatched = false;

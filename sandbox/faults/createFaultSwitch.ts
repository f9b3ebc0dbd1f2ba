import type { FaultRule, FaultRuleBody, HttpEndpoint } from './faultRule';

/** What a request or notification is about, to match a rule's account_id and order_no. */
export interface FaultKeys {
  accountId: string | undefined;
  orderNos: readonly string[];
}

/** How a hold ended: its time ran out, the client went away, or the sandbox is closing. */
type HoldEnd = 'elapsed' | 'aborted' | 'closed';

export interface FaultSwitch {
  add(body: FaultRuleBody): FaultRule;
  list(): FaultRule[];
  remove(id: string): boolean;
  clear(): void;
  /** true when some rule could still fire for `endpoint` (lets the common path skip reading the body) */
  armed(endpoint: HttpEndpoint | 'notify'): boolean;
  /**
   * The first rule, in the order they were added, that matches and `accepts`; it counts as fired (and loses one
   * of its `times`). One request or notification gets at most one fault.
   */
  take(
    endpoint: HttpEndpoint | 'notify',
    keys: FaultKeys,
    accepts?: (rule: FaultRule) => boolean,
  ): FaultRule | undefined;
  /**
   * Waits `ms` (none: forever) or until `signal` aborts or the switch closes. Every hold is released by
   * `close()`, timer included, so a closing sandbox neither hangs on a held request nor leaves a timer behind.
   */
  hold(opts: { ms?: number; signal?: AbortSignal }): Promise<HoldEnd>;
  /** requests and waits held right now */
  held(): number;
  /** releases every hold with `closed`; later holds end at once */
  close(): void;
}

/**
 * The sandbox's fault switch: test controls kept in memory, on purpose. A restart forgets them, so a stale rule
 * can never outlive the test that set it; what the faults did to transactions and notifications is in SQLite.
 */
export function createFaultSwitch(): FaultSwitch {
  const rules: FaultRule[] = [];
  const holds = new Set<(end: HoldEnd) => void>();
  let nextId = 1;
  let closed = false;

  const live = (rule: FaultRule, endpoint: HttpEndpoint | 'notify') =>
    rule.times !== 0 && (rule.endpoint === endpoint || (rule.endpoint === '*' && endpoint !== 'notify'));

  return {
    add(body) {
      const rule: FaultRule = {
        id: `f${nextId++}`,
        endpoint: body.endpoint,
        account_id: body.account_id ?? null,
        order_no: body.order_no ?? null,
        times: body.times ?? null,
        fired: 0,
        fault: body.fault,
        apply: body.endpoint === 'notify' ? null : (body.apply ?? 'before'),
      };
      rules.push(rule);
      return rule;
    },
    list: () => rules.map((r) => ({ ...r })),
    remove(id) {
      const i = rules.findIndex((r) => r.id === id);
      if (i < 0) return false;
      rules.splice(i, 1);
      return true;
    },
    clear: () => void rules.splice(0),
    armed: (endpoint) => rules.some((r) => live(r, endpoint)),
    take(endpoint, keys, accepts = () => true) {
      const rule = rules.find(
        (r) =>
          live(r, endpoint) &&
          (r.account_id === null || r.account_id === keys.accountId) &&
          (r.order_no === null || keys.orderNos.includes(r.order_no)) &&
          accepts(r),
      );
      if (!rule) return undefined;
      rule.fired++;
      if (rule.times !== null) rule.times--;
      return { ...rule };
    },
    hold({ ms, signal }) {
      if (closed) return Promise.resolve('closed');
      if (signal?.aborted) return Promise.resolve('aborted');
      return new Promise<HoldEnd>((resolve) => {
        const timer = ms === undefined ? undefined : setTimeout(() => end('elapsed'), ms);
        const onAbort = () => end('aborted');
        function end(how: HoldEnd) {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          holds.delete(end);
          resolve(how);
        }
        signal?.addEventListener('abort', onAbort, { once: true });
        holds.add(end);
      });
    },
    held: () => holds.size,
    close() {
      closed = true;
      for (const end of [...holds]) end('closed');
    },
  };
}

import type { Context, MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../app';
import { errorFormatOf } from '../http/errorFormatOf';
import type { FaultSwitch } from './createFaultSwitch';
import { HTTP_ENDPOINTS } from './faultRule';
import { malformResponse } from './malformResponse';
import { proxyErrorResponse } from './proxyErrorResponse';
import { requestKeys } from './requestKeys';

/** Names the rule on every faulted answer, so a person reading a trace can tell a staged fault from a bug. */
const FAULT_HEADER = 'X-Sandbox-Fault';

/**
 * Applies the fault switch to `/v1/*` calls. `before`: the gateway does nothing and answers with the fault.
 * `after`: the call runs as usual (state changed, transaction recorded, notification queued) and only the answer
 * is replaced, which is how a merchant ends up not knowing the outcome of a payment that exists. Sits inside
 * the request log, so a faulted call is counted exactly once either way.
 */
export function applyHttpFault(faults: FaultSwitch): MiddlewareHandler<SandboxEnv> {
  return async function applyHttpFault(c, next) {
    const path = c.req.path.replace(/\/+$/, '');
    const endpoint = HTTP_ENDPOINTS.find((e) => e === path);
    if (c.req.method !== 'POST' || !endpoint || !faults.armed(endpoint)) return next();
    const keys = requestKeys(await c.req.text(), c.req.header('content-type') ?? '');
    const rule = faults.take(endpoint, keys);
    if (!rule) return next();
    const { fault } = rule;
    const before = rule.apply === 'before';
    if (before) {
      // the route will not run (or not yet): the request log still needs to know whose call this was
      if (keys.accountId) c.set('accountId', keys.accountId);
      c.set('orderNos', [...keys.orderNos]);
    }

    if (fault.kind === 'latency') {
      // a client that gives up does not stop a slow gateway: the call still runs when the time is up
      if (before && (await faults.hold({ ms: fault.ms })) === 'closed') return replace(c, rule.id, noAnswer());
      await next();
      if (!before) await faults.hold({ ms: fault.ms });
      c.header(FAULT_HEADER, rule.id);
      return;
    }
    if (!before) await next();
    if (fault.kind === 'status') return replace(c, rule.id, proxyErrorResponse(fault.status));
    if (fault.kind === 'malformed')
      return replace(c, rule.id, await malformResponse(errorFormatOf(endpoint), before ? undefined : c.res));
    if (fault.kind === 'timeout') {
      // counted as it arrives: a test asks "did the gateway see it" while the request is still held
      await c.get('recordRequest')(before ? 0 : c.res.status);
      await faults.hold({ signal: c.req.raw.signal });
      return replace(c, rule.id, noAnswer());
    }
    // notification kinds never reach here: the rule schema keeps them on endpoint "notify"
    throw new Error(`fault ${fault.kind} cannot apply to ${endpoint}`);
  };
}

/** What a released hold "answers": nobody is listening any more (the client left or the sandbox is closing). */
function noAnswer(): Response {
  return new Response(null, { status: 504, headers: { Connection: 'close' } });
}

function replace(c: Context<SandboxEnv>, ruleId: string, res: Response): void {
  // Hono's setter merges the old answer's headers into the new one (a content-length of the unbroken body among
  // them); a faulted answer must stand alone
  c.res = undefined;
  res.headers.set(FAULT_HEADER, ruleId);
  c.res = res;
}

import { Hono } from 'hono';
import { API_ERROR, toFieldErrors, type ErrorBody } from '../../shared/contract/errors';
import type { SandboxDeps, SandboxEnv } from '../app';
import { faultRuleBody } from '../faults/faultRule';
import { invalid } from './controlErrors';

/**
 * `/sandbox/faults`: the fault switch's rules (README "Fault switch"). Sandbox-only, like every `/sandbox/*`
 * route; errors use the project's JSON envelope with the failing field's path, since no gateway client reads
 * them.
 */
export function faultsRoute(deps: SandboxDeps) {
  return new Hono<SandboxEnv>()
    .get('/', (c) => c.json({ rules: deps.faults.list(), held: deps.faults.held() }))
    .post('/', async (c) => {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return invalid(c, [{ path: '(body)', message: 'must be a JSON object' }]);
      }
      const parsed = faultRuleBody.safeParse(body);
      if (!parsed.success) return invalid(c, toFieldErrors(parsed.error));
      return c.json(deps.faults.add(parsed.data), 201);
    })
    .delete('/', (c) => {
      deps.faults.clear();
      return c.body(null, 204);
    })
    .delete('/:id', (c) => {
      if (deps.faults.remove(c.req.param('id'))) return c.body(null, 204);
      const body: ErrorBody = { error: { code: API_ERROR.not_found, message: `no fault rule ${c.req.param('id')}` } };
      return c.json(body, 404);
    });
}

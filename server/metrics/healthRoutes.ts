import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import type { Logger } from '../log';
import { missingBuiltFiles } from '../http/missingBuiltFiles';
import { pingStore } from '../store';
import { probeWrite } from '../store';

/** A probe that hangs is a failed probe: the load balancer must get its answer before its own time-out. */
const STORE_PROBE_MS = 2_000;
/**
 * How long a write the store refused (a full disk, a read-only file or replica) keeps the process not ready,
 * however its own probe fares: the probe rewrites one row in place, which a full disk may still take while
 * every insert fails. Once the process is out of rotation nothing else fails, so it comes back after this long
 * without a new refusal (and a working probe), and goes out again at the first refusal should the store still
 * be full.
 */
const WRITE_FAILURE_HOLD_MS = 30_000;

/**
 * `GET /healthz`, liveness: the process answers. It reports whether the store answers too but stays 200 when it
 * does not, because restarting the process would not bring the database back.
 *
 * `GET /readyz`, readiness: 200 only when this process should get traffic: the store answers, takes a write (one
 * row rewritten, within the same time limit) and has refused none in the last WRITE_FAILURE_HOLD_MS (any
 * statement of the process counts, from the first that failed), its migrations are applied and the widget and admin page are built
 * (`missingBuiltFiles`); 503 as soon as a shutdown begins, so the load balancer drains it. The gateway is not checked: its
 * configuration is refused at start when incomplete, and calling it would let its outage take every process out
 * of rotation at once, refusing requests that do not need it (notifications, the admin page) for nothing.
 */
export function healthRoutes(deps: AppDeps) {
  let migrated = false;
  const probe = async (log: Logger, what: string, work: () => Promise<void>): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${STORE_PROBE_MS} ms`)), STORE_PROBE_MS);
      });
      await Promise.race([work(), timeout]);
      return true;
    } catch (err) {
      log.error({ err }, `health check: ${what}`);
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
  const storeAnswers = (log: Logger) => probe(log, 'store unreachable', () => pingStore(deps.store.db));
  const storeWrites = (log: Logger) =>
    probe(log, 'the store refuses a write', () =>
      probeWrite(deps.store.db, deps.store.dialect, deps.now(), STORE_PROBE_MS),
    );
  /** once all applied, migrations stay applied: later probes skip the look-up */
  const migrationsApplied = async (): Promise<string> => {
    if (migrated) return 'ok';
    const pending = await deps.store.pendingMigrations();
    migrated = pending.length === 0;
    return migrated ? 'ok' : `pending: ${pending.join(', ')}`;
  };

  return new Hono<AppEnv>()
    .get('/healthz', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'ok', store: (await storeAnswers(c.get('log'))) ? 'ok' : 'unreachable' });
    })
    .get('/readyz', async (c) => {
      c.header('Cache-Control', 'no-store');
      if (deps.isDraining?.()) return c.json({ status: 'draining' }, 503);
      const store = (await storeAnswers(c.get('log'))) ? 'ok' : 'unreachable';
      const refused = deps.store.lastWriteFailure();
      const write =
        refused && Date.now() - refused.at.getTime() < WRITE_FAILURE_HOLD_MS
          ? `failed at ${refused.at.toISOString()}: ${refused.reason}`
          : store !== 'ok'
            ? 'unknown'
            : (await storeWrites(c.get('log')))
              ? 'ok'
              : 'failed';
      const migrations = store === 'ok' ? await migrationsApplied().catch(() => 'unknown') : 'unknown';
      const missing = await missingBuiltFiles(deps.config);
      const built = missing.length ? `missing: ${missing.join(', ')}: run npm run build` : 'ok';
      const ready = store === 'ok' && write === 'ok' && migrations === 'ok' && built === 'ok';
      return c.json(
        { status: ready ? 'ready' : 'not_ready', checks: { store, write, migrations, built } },
        ready ? 200 : 503,
      );
    });
}

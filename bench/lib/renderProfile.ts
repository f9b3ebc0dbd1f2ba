import { fmt, markdownTable } from './markdownTable';
import { sqliteMs } from './paymentLoad';
import type { BackendProfile } from './profileBackend';
import type { ProfileEntry } from './summarizeProfile';

/** Per payment: the gateway wait, SQLite by statement kind, and the mean latency they add up into. */
export function renderSteps({ run, steps }: BackendProfile, connections: number): string {
  const n = run.count;
  // Little's law: with `connections` requests always in flight, mean latency = connections x time / requests
  const latency = (run.durationMs * connections) / n;
  const share = (ms: number) => `${((ms / latency) * 100).toFixed(1)} %`;
  const sqlTotal = sqliteMs(steps);
  const sqlCount = Object.values(steps.sql).reduce((sum, k) => sum + k.count, 0);
  const kinds = Object.entries(steps.sql).sort((a, b) => b[1].ms - a[1].ms);
  return markdownTable(
    ['step, per payment', 'count', 'ms', 'share of mean latency'],
    [
      [
        'gateway call `/v1/checkout`, waiting for the sandbox',
        fmt.two(steps.gatewayCalls / n),
        fmt.two(steps.gatewayMs / n),
        share(steps.gatewayMs / n),
      ],
      [
        'SQLite, all statements (blocks the event loop)',
        fmt.one(sqlCount / n),
        fmt.two(sqlTotal / n),
        share(sqlTotal / n),
      ],
      ...kinds.map(([kind, k]) => [`- SQLite \`${kind}\``, fmt.one(k.count / n), fmt.two(k.ms / n), share(k.ms / n)]),
      [
        '- SQLite prepare (statement cache misses)',
        fmt.two(steps.sqlPrepares / n),
        fmt.two(steps.sqlPrepareMs / n),
        share(steps.sqlPrepareMs / n),
      ],
      ['mean latency (connections x wall time / payments)', '', fmt.two(latency), '100 %'],
    ],
  );
}

const rows = (entries: readonly ProfileEntry[], busyMs: number) =>
  entries.map((e) => [e.name, fmt.int(e.selfMs), `${((e.selfMs / busyMs) * 100).toFixed(1)} %`]);

/** The CPU profile's three views: by area, our functions with what they call, the hottest functions. */
export function renderProfile({ profile }: BackendProfile): string {
  if (!profile) return '(the backend wrote no CPU profile)';
  const busyMs = profile.totalMs - profile.idleMs;
  return [
    `CPU profile of the backend process (\`node --cpu-prof\`), timed run only: ${fmt.int(busyMs)} ms busy of ${fmt.int(profile.totalMs)} ms. By area (self time):`,
    '',
    markdownTable(
      ['area', 'self ms', 'share of busy'],
      rows(
        profile.byArea.filter((e) => e.name !== 'idle'),
        busyMs,
      ),
    ),
    '',
    'Our own functions, with what they call synchronously (an async function counts up to its first `await` per resumption):',
    '',
    markdownTable(['function', 'ms', 'share of busy'], rows(profile.byServerStep, busyMs)),
    '',
    'Hottest functions (self time):',
    '',
    markdownTable(
      ['function', 'self ms', 'share of busy'],
      rows(
        profile.byFunction.filter((e) => !e.name.startsWith('(idle)')),
        busyMs,
      ),
    ),
  ].join('\n');
}

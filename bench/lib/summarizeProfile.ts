/** Reads a V8 `.cpuprofile` (from `node --cpu-prof`) into self-time totals: where the CPU went. */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileEntry {
  name: string;
  selfMs: number;
  /** share of all sampled time, idle included */
  share: number;
}

export interface ProfileSummary {
  totalMs: number;
  idleMs: number;
  /** self time by area of the code (our server code, kysely, better-sqlite3, hono, zod, node internals, GC, ...) */
  byArea: ProfileEntry[];
  /** self time by function, `name (file:line)` */
  byFunction: ProfileEntry[];
  /** self plus children's time of each function of `server/` and `shared/`, the synchronous part of each step */
  byServerStep: ProfileEntry[];
}

/** Which part of the system a frame's file belongs to. */
export function areaOf(url: string, functionName: string): string {
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8 / native (program)';
    return `native: ${functionName || '(anonymous)'}`;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return `npm: ${pkg[1]}`;
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
  const own = /\/(server|shared|bench|sandbox)\/(.*)$/.exec(url);
  if (own) return own[1] === 'server' ? `server/${own[2]!.split('/')[0]}` : own[1]!;
  return url;
}

/**
 * A window of the profile in the profiled process's monotonic clock (microseconds, the clock of
 * `process.hrtime`, which is V8's profile clock too), to keep only the timed run and leave out start-up.
 */
export interface ProfileWindow {
  fromUs: number;
  toUs: number;
}

/** Time per sample node: V8 records the gap before each sample, which is more exact than hitCount x interval. */
function selfTimes(profile: CpuProfile, window?: ProfileWindow): Map<number, number> {
  const self = new Map<number, number>();
  if (profile.samples?.length && profile.timeDeltas?.length) {
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      at += profile.timeDeltas![i] ?? 0;
      if (window && (at < window.fromUs || at > window.toUs)) return;
      // the delta before the next sample is the time this one stood for
      const dt = (profile.timeDeltas![i + 1] ?? 0) / 1000;
      self.set(id, (self.get(id) ?? 0) + dt);
    });
    return self;
  }
  if (window) throw new Error('a profile window needs a profile with samples and timeDeltas');
  const total = (profile.endTime - profile.startTime) / 1000;
  const hits = profile.nodes.reduce((sum, n) => sum + (n.hitCount ?? 0), 0) || 1;
  for (const n of profile.nodes) self.set(n.id, ((n.hitCount ?? 0) / hits) * total);
  return self;
}

function top(map: Map<string, number>, totalMs: number, limit: number): ProfileEntry[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, selfMs]) => ({ name, selfMs, share: totalMs ? selfMs / totalMs : 0 }));
}

export function summarizeProfile(profile: CpuProfile, limit = 15, window?: ProfileWindow): ProfileSummary {
  const self = selfTimes(profile, window);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totalMs = [...self.values()].reduce((a, b) => a + b, 0);
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let idleMs = 0;
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const area = areaOf(url, functionName);
    if (area === 'idle') idleMs += ms;
    areas.set(area, (areas.get(area) ?? 0) + ms);
    const file = url ? url.replace(/^.*\/(node_modules|server|shared|bench|sandbox)\//, '$1/') : '';
    const name = `${functionName || '(anonymous)'}${file ? ` (${file}:${lineNumber + 1})` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
  }

  // inclusive time of our own functions: a frame's subtree, counted once per function even when it recurses
  const inclusive = new Map<string, number>();
  const walk = (id: number, open: Set<string>): number => {
    const node = byId.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    const own = /\/(server|shared)\/(.*)$/.exec(url);
    const key = own ? `${functionName || '(anonymous)'} (${own[1]}/${own[2]}:${lineNumber + 1})` : undefined;
    const entered = key !== undefined && !open.has(key);
    if (entered) open.add(key);
    let sum = self.get(id) ?? 0;
    for (const child of node.children ?? []) sum += walk(child, open);
    if (entered) {
      open.delete(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + sum);
    }
    return sum;
  };
  const childIds = new Set(profile.nodes.flatMap((n) => n.children ?? []));
  for (const n of profile.nodes) if (!childIds.has(n.id)) walk(n.id, new Set());

  return {
    totalMs,
    idleMs,
    byArea: top(areas, totalMs, limit),
    byFunction: top(functions, totalMs, limit),
    byServerStep: top(inclusive, totalMs, limit),
  };
}

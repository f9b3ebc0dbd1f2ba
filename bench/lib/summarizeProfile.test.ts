import { describe, expect, it } from 'vitest';
import { areaOf, summarizeProfile, type CpuProfile } from './summarizeProfile';

const frame = (id: number, functionName: string, url: string, children: number[] = []) => ({
  id,
  callFrame: { functionName, url, lineNumber: 9 },
  children,
});

// root -> createPayment (server) -> run (libsql); root -> (idle)
const profile: CpuProfile = {
  nodes: [
    frame(1, '(root)', '', [2, 4]),
    frame(2, 'createPayment', 'file:///w/server/payments/createPayment.ts', [3]),
    frame(3, 'run', 'file:///w/node_modules/libsql/index.js'),
    frame(4, '(idle)', ''),
  ],
  startTime: 1_000_000,
  endTime: 1_010_000,
  // every sample stands for the delta before the next one: 1 ms each
  samples: [2, 3, 3, 3, 4, 4],
  timeDeltas: [0, 1000, 1000, 1000, 1000, 1000],
};

describe('areaOf', () => {
  it('names npm packages, our folders, node internals and V8 pseudo-frames', () => {
    expect(areaOf('file:///w/node_modules/@hono/node-server/dist/index.mjs', 'f')).toBe('npm: @hono/node-server');
    expect(areaOf('file:///w/server/store/orders.ts', 'f')).toBe('server/store');
    expect(areaOf('node:internal/deps/undici/undici', 'f')).toBe('node: internal');
    expect(areaOf('', '(garbage collector)')).toBe('garbage collection');
  });
});

describe('summarizeProfile', () => {
  it('adds self time per area and counts a server function with what it calls', () => {
    const s = summarizeProfile(profile);
    const area = Object.fromEntries(s.byArea.map((e) => [e.name, e.selfMs]));
    expect(area['npm: libsql']).toBe(3);
    expect(area['server/payments']).toBe(1);
    expect(s.idleMs).toBe(1);
    expect(s.byServerStep[0]).toMatchObject({ name: 'createPayment (server/payments/createPayment.ts:10)', selfMs: 4 });
  });
  it('keeps only the samples inside the window', () => {
    // samples at 1_000_000 (createPayment), 1_001_000..1_003_000 (run), 1_004_000.. (idle)
    const s = summarizeProfile(profile, 15, { fromUs: 1_002_000, toUs: 1_003_500 });
    expect(s.totalMs).toBe(2);
    expect(s.byArea).toEqual([{ name: 'npm: libsql', selfMs: 2, share: 1 }]);
  });
});

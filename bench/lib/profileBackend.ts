import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UNLIMITED_RATES } from './backendEnv';
import { paymentRun, sessionQueue, sessionsFor } from './paymentLoad';
import { runLoad, type LoadResult } from './runLoad';
import { startTarget } from './startTarget';
import type { StepTotals } from './stepTimers';
import { summarizeProfile, type CpuProfile, type ProfileSummary } from './summarizeProfile';

export interface BackendProfile {
  run: LoadResult;
  steps: StepTotals;
  /** undefined when the process wrote no profile */
  profile: ProfileSummary | undefined;
}

/**
 * One timed run of `amount` payments against a fresh backend under `node --cpu-prof`, with its SQLite and
 * gateway calls timed from the inside. The profile keeps only the timed run: start-up, the warm-up and the
 * creation of the sessions fall outside its window.
 */
export async function profileBackend(
  gatewayUrl: string,
  amount: number,
  warmup: number,
  connections: number,
): Promise<BackendProfile> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-prof-'));
  try {
    const backend = await startTarget({
      kind: 'backend',
      gatewayUrl,
      backendEnv: { ...UNLIMITED_RATES },
      cpuProfileDir: dir,
      stepTimers: true,
    });
    let run: LoadResult;
    let steps: StepTotals;
    const window = { fromUs: 0, toUs: 0 };
    try {
      await paymentRun(backend, warmup, connections);
      const sessions = await sessionsFor(backend, amount, connections);
      await backend.steps(); // drops the warm-up's totals
      window.fromUs = await backend.clock();
      run = await runLoad({ url: backend.url, connections, amount, next: sessionQueue(sessions) });
      window.toUs = await backend.clock();
      steps = await backend.steps();
    } finally {
      // the profile is written when the process exits
      await backend.close();
    }
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    const profile = file
      ? summarizeProfile(
          JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile,
          Number(process.env.PROFILE_ROWS ?? 12),
          window,
        )
      : undefined;
    return { run, steps, profile };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux almost everywhere). */
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat; undefined where there is no
 * /proc (not Linux) or no such process. Ten-millisecond resolution: read it around runs of seconds.
 */
export function cpuMsOf(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // the command name (field 2) may hold spaces: fields are counted after its closing parenthesis
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return undefined;
  return ((utime + stime) * 1000) / clockTicks();
}

/**
 * Runs `run` and reports the CPU time each of `pids` used meanwhile, in ms (a process that cannot be read is
 * left out): what each process of a benchmark spends, whoever the load generator waited for.
 */
export async function measureCpu<T>(
  pids: Readonly<Record<string, number>>,
  run: () => Promise<T>,
): Promise<{ result: T; cpuMs: Record<string, number> }> {
  const before = Object.entries(pids).map(([name, pid]) => [name, pid, cpuMsOf(pid)] as const);
  const result = await run();
  const cpuMs: Record<string, number> = {};
  for (const [name, pid, start] of before) {
    const end = cpuMsOf(pid);
    if (start !== undefined && end !== undefined) cpuMs[name] = end - start;
  }
  return { result, cpuMs };
}

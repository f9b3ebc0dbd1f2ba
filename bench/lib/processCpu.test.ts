import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cpuMsOf, measureCpu } from './processCpu';

const onLinux = process.platform === 'linux';

describe.runIf(onLinux)('processCpu', () => {
  it('reads a process’s CPU time, which grows while it computes', async () => {
    const { cpuMs } = await measureCpu({ me: process.pid }, async () => {
      // 200 ms of this process's CPU, not of the clock: on a loaded machine 200 ms of wall time may get far less
      const start = process.cpuUsage();
      let x = 0;
      while (process.cpuUsage(start).user < 200_000) for (let i = 0; i < 1e5; i++) x += Math.sqrt(x + 1);
      return x;
    });
    expect(cpuMs.me).toBeGreaterThanOrEqual(100);
    expect(cpuMs.me).toBeLessThan(2000);
  });

  it('counts another process’s time, not ours, and leaves out a process that does not exist', async () => {
    // a fixed amount of work, then it waits to be killed (a process that has exited cannot be read)
    const child = spawn(
      process.execPath,
      [
        '-e',
        'let x = 0; for (let i = 0; i < 3e7; i++) x += Math.sqrt(i); console.log("done", x); setTimeout(() => {}, 60000);',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const { cpuMs } = await measureCpu(
        { child: child.pid!, gone: 2 ** 22 + 12345 },
        () => new Promise((resolve) => child.stdout!.once('data', resolve)),
      );
      expect(cpuMs.child).toBeGreaterThanOrEqual(20);
      expect('gone' in cpuMs).toBe(false);
      expect(cpuMsOf(2 ** 22 + 12345)).toBeUndefined();
    } finally {
      child.kill();
    }
  });
});

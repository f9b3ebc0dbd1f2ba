/** Two commands at once, one streamed, one held: what `npm test` runs (scripts/test.ts). */
import { spawn } from 'node:child_process';

interface Command {
  name: string;
  command: string;
  args: string[];
}

/** How a command ended: its exit code, 1 if a signal ended it or it did not start. */
function exitCode(code: number | null): number {
  return code ?? 1;
}

/**
 * Runs `live` with the terminal as its output and `held` with its output collected, at the same time; once both
 * have ended, writes `held`'s output to `write` in a block headed by its name and exit code. Answers `live`'s exit
 * code if it failed, else `held`'s: which of the two ended first is not asked, since on a loaded machine the order
 * in which their ends are noticed need not be the order in which they ended.
 */
export async function runTogether(live: Command, held: Command, write: (text: string) => void): Promise<number> {
  const liveRun = new Promise<number>((resolve) => {
    const child = spawn(live.command, live.args, { stdio: 'inherit' });
    child.on('error', (e) => {
      write(`${live.name} did not start: ${e.message}\n`);
      resolve(1);
    });
    child.on('close', (code) => resolve(exitCode(code)));
  });
  const heldRun = new Promise<{ code: number; output: string }>((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(held.command, held.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (e) => {
      chunks.push(Buffer.from(`did not start: ${e.message}\n`));
      resolve({ code: 1, output: Buffer.concat(chunks).toString('utf8') });
    });
    child.on('close', (code) => resolve({ code: exitCode(code), output: Buffer.concat(chunks).toString('utf8') }));
  });
  const [liveCode, check] = await Promise.all([liveRun, heldRun]);
  const output = check.output.endsWith('\n') || check.output === '' ? check.output : `${check.output}\n`;
  write(
    `\n── ${held.name} (${check.code === 0 ? 'passed' : `failed, exit code ${check.code}`}) ──\n${output}` +
      `── end of ${held.name} ──\n`,
  );
  return liveCode !== 0 ? liveCode : check.code;
}

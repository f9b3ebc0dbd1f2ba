import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { main } from '../scripts/cli';

const CLI = fileURLToPath(new URL('../scripts/cli.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run cli -- <args>` as a real process, from the repository root, with exactly the environment given (the
 * caller decides what it inherits, e.g. without API_KEY). Killed after 30 s so a hung command fails its test.
 */
export function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * The same command line run in this process, through `main(argv, io)` of scripts/cli.ts, with `env` as its whole
 * environment and its output collected: what the process version answers, without starting tsx for each command
 * (about a second of CPU each). The working directory is this process's; a test that means another sets INIT_CWD,
 * as npm does.
 */
export async function runCliInProcess(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

/**
 * `npm test`: the check (`npm run check`: Biome, dependency-cruiser, knip, the type check) and the tests
 * (`vitest run`, with this script's arguments) at the same time. The check's half a minute runs beside Vitest's
 * first files instead of before them. Vitest's output streams as it comes; the check's is held and printed in one
 * block once both have ended, below Vitest's summary (Vitest redraws the last lines of a terminal, and a block
 * printed into them would be overwritten). The exit code is the tests' if they failed, else the check's, 0 if
 * both pass: a failed check stops nothing, the tests still finish.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runTogether } from './runTogether';

const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
// the npm that runs this script (npm_execpath), else the one on the PATH
const npm = process.env.npm_execpath
  ? { command: process.execPath, args: [process.env.npm_execpath] }
  : { command: 'npm', args: [] };
process.exitCode = await runTogether(
  { name: 'vitest run', command: process.execPath, args: [vitest, 'run', ...process.argv.slice(2)] },
  { name: 'npm run check', command: npm.command, args: [...npm.args, 'run', 'check'] },
  (text) => process.stdout.write(text),
);

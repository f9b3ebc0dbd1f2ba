import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTogether } from './runTogether';

const dir = mkdtempSync(join(tmpdir(), 'run-together-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A node command that waits for the file `after` to exist (if given), then creates `mark` and exits with `code`. */
function fake(name: string, code: number, opts: { after?: string; mark?: string; say?: string } = {}) {
  const script = `
    const fs = require('node:fs');
    ${opts.say ? `console.log(${JSON.stringify(opts.say)}); console.error('on stderr');` : ''}
    const end = () => { ${opts.mark ? `fs.writeFileSync(${JSON.stringify(opts.mark)}, '');` : ''} process.exit(${code}); };
    ${opts.after ? `const wait = () => fs.existsSync(${JSON.stringify(opts.after)}) ? end() : setTimeout(wait, 10); wait();` : 'end();'}
  `;
  return { name, command: process.execPath, args: ['-e', script] };
}

async function run(live: ReturnType<typeof fake>, held: ReturnType<typeof fake>) {
  let written = '';
  const code = await runTogether(live, held, (text) => (written += text));
  return { code, written };
}

describe('runTogether', () => {
  it('0 when both pass, the held output in one block after both ended', async () => {
    const { code, written } = await run(fake('tests', 0), fake('check', 0, { say: 'all clean' }));
    expect(code).toBe(0);
    expect(written).toBe('\n── check (passed) ──\nall clean\non stderr\n── end of check ──\n');
  });

  it("both fail: the live command's code, though the held one failed first, and the live one runs to its end", async () => {
    const checkDone = join(dir, 'check1');
    const testsDone = join(dir, 'tests1');
    const { code, written } = await run(
      fake('tests', 5, { after: checkDone, mark: testsDone }),
      fake('check', 3, { mark: checkDone }),
    );
    expect(code).toBe(5);
    expect(existsSync(testsDone)).toBe(true);
    expect(written).toContain('── check (failed, exit code 3) ──');
  });

  it("both fail, the live one first: its code, and the held one's failure is told", async () => {
    const testsDone = join(dir, 'tests2');
    const { code, written } = await run(fake('tests', 4, { mark: testsDone }), fake('check', 2, { after: testsDone }));
    expect(code).toBe(4);
    expect(written).toContain('── check (failed, exit code 2) ──');
  });

  it('the one that fails when the other passes, whichever ends first', async () => {
    expect((await run(fake('tests', 0), fake('check', 7))).code).toBe(7);
    expect((await run(fake('tests', 6), fake('check', 0))).code).toBe(6);
  });

  it('a command that does not start is a failure', async () => {
    const missing = { name: 'check', command: join(dir, 'no-such-program'), args: [] };
    const { code, written } = await run(fake('tests', 0), missing);
    expect(code).toBe(1);
    expect(written).toMatch(/── check \(failed, exit code 1\) ──\ndid not start: .*ENOENT/);
  });
});

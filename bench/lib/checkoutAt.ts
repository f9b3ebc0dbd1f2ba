/**
 * A commit of this repository as a directory a benchmark can run: a detached git worktree in a temp directory,
 * with its dependencies. A commit whose package-lock.json is this checkout's gets this checkout's node_modules
 * linked in; one with another lock file (an older commit that used a driver since dropped) gets its own, installed
 * by `npm ci` from its lock once into a directory named by the lock's hash, and reused by later runs. So a benchmark
 * can measure several commits side by side in one run, each improvement against the commit before it, each with
 * the dependencies it was written for, without keeping a switch for the old behaviour in the product.
 *
 * Each commit is checked out once per process (asking for it again answers the same directory); the worktrees
 * are removed by `removeCheckouts()`, and also when the process exits or is interrupted (SIGINT, SIGTERM), so
 * no worktree is left registered in the repository after a failed run.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Checkout {
  /** what was asked for, e.g. `HEAD~1` or a short hash */
  ref: string;
  /** the full commit hash */
  commit: string;
  /** the commit's subject line, to name it in a table */
  subject: string;
  /** the worktree: run `bench/lib/targetProcess.ts` from here */
  dir: string;
}

function git(args: readonly string[], cwd = ROOT): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** The full hash of `ref` (a hash, a branch, `HEAD~2`); throws with git's message when there is no such commit. */
function resolveCommit(ref: string): { commit: string; subject: string } {
  let commit: string;
  try {
    commit = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new Error(`checkoutAt: ${JSON.stringify(ref)} is not a commit of this repository`);
  }
  return { commit, subject: git(['log', '-1', '--format=%s', commit]) };
}

/** commit hash -> its checkout (a promise, so two callers asking at once share one `git worktree add`) */
const checkouts = new Map<string, Promise<Checkout>>();
/** the temp directories made, each holding one worktree, to remove at the end */
const made = new Map<string, string>();
let hooksInstalled = false;

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  // synchronous: an 'exit' handler cannot wait
  process.on('exit', removeCheckoutsNow);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      // the removal last among the exit handlers: after testing/spawnService.ts has killed the children it
      // started, which run inside the worktrees
      process.removeListener('exit', removeCheckoutsNow);
      process.on('exit', removeCheckoutsNow);
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
}

/** Materialises `ref` as a detached worktree in a temp directory (once per commit), node_modules linked in. */
export function checkoutAt(ref: string): Promise<Checkout> {
  const { commit, subject } = resolveCommit(ref);
  const known = checkouts.get(commit);
  if (known) return known.then((c) => ({ ...c, ref }));
  installHooks();
  const pending = Promise.resolve().then(() => {
    const parent = mkdtempSync(join(tmpdir(), `bench-commit-${commit.slice(0, 8)}-`));
    const dir = join(parent, 'checkout');
    made.set(dir, parent);
    git(['worktree', 'add', '--detach', dir, commit]);
    symlinkSync(dependenciesOf(commit, dir), join(dir, 'node_modules'), 'dir');
    return { ref, commit, subject, dir };
  });
  checkouts.set(commit, pending);
  pending.catch(() => checkouts.delete(commit));
  return pending;
}

/**
 * The node_modules directory for `commit` (checked out in `dir`): this checkout's when the lock files are the same
 * blob, else one installed from the commit's own lock (`npm ci`, a minute or two the first time) in
 * `<tmpdir>/bench-deps-<lock hash>`, which later runs reuse.
 */
function dependenciesOf(commit: string, dir: string): string {
  const lock = git(['rev-parse', `${commit}:package-lock.json`]);
  if (lock === git(['hash-object', 'package-lock.json'])) return realpathSync(join(ROOT, 'node_modules'));
  const home = join(tmpdir(), `bench-deps-${lock.slice(0, 12)}`);
  const modules = join(home, 'node_modules');
  if (existsSync(join(modules, '.package-lock.json'))) return modules;
  // installed beside, then moved into place: an interrupted install is never taken for a finished one
  const staging = `${home}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(dir, file), join(staging, file));
  process.stderr.write(`commits: installing the dependencies of ${commit.slice(0, 8)} (its lock file differs)\n`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: staging, stdio: ['ignore', 'ignore', 'inherit'] });
  rmSync(home, { recursive: true, force: true });
  renameSync(staging, home);
  return modules;
}

/** Removes every worktree checkoutAt made (`git worktree remove --force`) and its temp directory. */
export function removeCheckouts(): void {
  removeCheckoutsNow();
}

function removeCheckoutsNow(): void {
  for (const [dir, parent] of made) {
    made.delete(dir);
    try {
      // the link first, so that nothing can follow it into the shared node_modules
      unlinkSync(join(dir, 'node_modules'));
    } catch {
      // already gone
    }
    try {
      git(['worktree', 'remove', '--force', dir]);
    } catch {
      // not registered (the add failed half-way): the directory below is all there is
    }
    // a child killed a moment ago may still be letting go of its files
    rmSync(parent, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
  checkouts.clear();
}

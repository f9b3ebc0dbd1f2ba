/**
 * A commit of this repository as a directory a benchmark can run: a detached git worktree in a temp directory,
 * with the repository's node_modules linked into it (the dependencies are installed once, for the checkout the
 * benchmark runs from). So a benchmark can measure several commits side by side in one run, each improvement
 * against the commit before it, without keeping a switch for the old behaviour in the product.
 *
 * Each commit is checked out once per process (asking for it again answers the same directory); the worktrees
 * are removed by `removeCheckouts()`, and also when the process exits or is interrupted (SIGINT, SIGTERM), so
 * no worktree is left registered in the repository after a failed run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
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
    symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(dir, 'node_modules'), 'dir');
    return { ref, commit, subject, dir };
  });
  checkouts.set(commit, pending);
  pending.catch(() => checkouts.delete(commit));
  return pending;
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

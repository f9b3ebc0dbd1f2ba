/**
 * Vitest globalSetup of the browser tests: builds the widget, the demo shop's script and the admin page ONCE
 * (`npm run build`) when an output is missing or older than any of its sources, so the browser always runs the
 * code under test and an unchanged tree is not rebuilt for every run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCES = ['widget', 'admin', 'shared', 'vite.config.ts', 'scripts/build.ts'];
const OUTPUTS = ['dist/widget/widget.js', 'dist/widget/demo.js', 'dist/admin/index.html'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Why a build is needed, or undefined when the outputs are current. */
function staleReason(root = ROOT): string | undefined {
  const missing = OUTPUTS.find((o) => !existsSync(join(root, o)));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...OUTPUTS.map((o) => statSync(join(root, o)).mtimeMs));
  const changed = SOURCES.find((s) => existsSync(join(root, s)) && newestMtime(join(root, s)) > built);
  return changed ? `${changed} changed since the last build` : undefined;
}

export default function setup(): void {
  const reason = staleReason();
  if (!reason) return;
  console.log(`e2e: building the bundles (${reason})`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`e2e: npm run build failed (exit ${result.status ?? result.signal})`);
}

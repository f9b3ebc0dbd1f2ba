/**
 * Builds the publishable packages under packages/ (`npm run build:packages`, or some: `... buildPackages.ts node`;
 * each package's `prepack` runs it, so `npm pack` never packs a stale build). For each: tsc emits JavaScript and
 * declarations of its src/ and of the repository files they import (shared/contract/, widget/core/types.ts) into
 * dist/, keeping the repository's layout (dist/packages/<name>/src/, dist/shared/...). Then two steps make that
 * output run and type-check as a published ES module package under Node's resolution ("moduleResolution":
 * "NodeNext") as well as a bundler's:
 * - every relative import gets its file's extension (`from './errors'` becomes `from './errors.js'`, a folder's
 *   import ends in `/index.js`): the sources are written extensionless, as the rest of the repository is;
 * - each entry of the package's `exports` (`./dist/<entry>.js`) gets a stub re-exporting src/<entry>.ts's build,
 *   with its declarations beside it.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const PACKAGES = ['js', 'react', 'node'] as const;

/** A relative module specifier after `from`, `import` or `import(`, in emitted JavaScript and declarations alike. */
const RELATIVE_SPECIFIER = /(\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The specifier with the extension Node needs, found from the emitted files beside `file`. */
function withExtension(file: string, specifier: string, ext: '.js' | '.d.ts'): string {
  if (/\.(m?js|json)$/.test(specifier)) return specifier;
  const target = resolve(dirname(file), specifier);
  if (existsSync(`${target}${ext}`)) return `${specifier}.js`;
  if (existsSync(join(target, `index${ext}`))) return `${specifier}/index.js`;
  throw new Error(`buildPackages: ${relative(ROOT, file)} imports ${specifier}, which was not emitted`);
}

function addExtensions(dist: string): void {
  for (const file of filesUnder(dist)) {
    const ext = file.endsWith('.d.ts') ? '.d.ts' : file.endsWith('.js') ? '.js' : undefined;
    if (!ext) continue;
    const text = readFileSync(file, 'utf8');
    const fixed = text.replace(
      RELATIVE_SPECIFIER,
      (_all, lead: string, quote: string, spec: string) => `${lead}${quote}${withExtension(file, spec, ext)}${quote}`,
    );
    if (fixed !== text) writeFileSync(file, fixed);
  }
}

async function buildPackage(name: string): Promise<void> {
  const dir = join(ROOT, 'packages', name);
  const dist = join(dir, 'dist');
  rmSync(dist, { recursive: true, force: true });
  try {
    await promisify(execFile)(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.build.json')]);
  } catch (e) {
    const { stdout = '', stderr = '' } = e as { stdout?: string; stderr?: string };
    throw new Error(`buildPackages: tsc failed for packages/${name}:\n${stdout}${stderr}`);
  }
  addExtensions(dist);

  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  const targets = JSON.stringify(manifest.exports).match(/\.\/dist\/[\w-]+\.js/g) ?? [];
  for (const target of new Set(targets)) {
    const entry = target.slice('./dist/'.length, -'.js'.length);
    const built = `./packages/${name}/src/${entry}.js`;
    if (!existsSync(join(dist, built)))
      throw new Error(`buildPackages: ${name}'s export ${target} has no src/${entry}.ts`);
    const stub = `export * from '${built}';\n`;
    writeFileSync(join(dist, `${entry}.js`), stub);
    writeFileSync(join(dist, `${entry}.d.ts`), stub);
  }
  console.log(`buildPackages: packages/${name}/dist (${targets.join(', ')})`);
}

const asked = process.argv.slice(2);
for (const name of asked) {
  if (!(PACKAGES as readonly string[]).includes(name)) throw new Error(`buildPackages: no package ${name}`);
}
const wanted = new Set(asked.length ? asked : PACKAGES);
// js and node at once (two tsc processes), react after js: its build reads @checkout/js's declarations
await Promise.all([
  (async () => {
    if (wanted.has('js')) await buildPackage('js');
    if (wanted.has('react')) await buildPackage('react');
  })(),
  wanted.has('node') ? buildPackage('node') : undefined,
]);

/**
 * Starts one of the project's servers (sandbox, merchant backend, a benchmark target) as a child process under tsx
 * and waits until a line of its stdout says it listens. Processes, not imports: the backend and the sandbox never share memory, as
 * in production. Children still running when the test process exits are killed, so a failed test leaves no
 * server behind.
 *
 * `compiled: true` runs the same entry bundled once by tsx's own esbuild (its packages left as imports) instead:
 * tsx's loader costs a start about 2.5 s of CPU (the backend 3.7 s under tsx, 1.3 s bundled; the sandbox 2.4 s and
 * 0.7 s, measured on the 2-core machine), and the fault and crash suites start dozens of processes. The bundle is
 * rebuilt when any file it was built from has changed.
 */
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SpawnServiceOptions {
  /** for error messages, e.g. "sandbox" */
  name: string;
  /** the TypeScript entry, relative to `cwd` (default the repository root) */
  entry: string;
  /**
   * the directory the child runs in and resolves `entry` (and tsx) from, e.g. another checkout of the repository
   * (a benchmark comparing commits); default this repository's root
   */
  cwd?: string;
  env: NodeJS.ProcessEnv;
  /** a stdout line that means "ready"; its first group is the service's URL */
  ready: RegExp;
  /** every line of stdout and stderr is appended here (logs of a failed run, and the secrets check) */
  logFile?: string;
  startTimeoutMs?: number;
  /** how long stop() waits after SIGTERM before SIGKILL (default 5 s) */
  stopTimeoutMs?: number;
  /** node's own flags, e.g. `--expose-gc`, `--cpu-prof` */
  nodeArgs?: readonly string[];
  /** open an IPC channel (`child.send`, `child.on('message')`) */
  ipc?: boolean;
  /** run the entry bundled (see above) rather than under tsx; only for an entry of this repository (no `cwd`) */
  compiled?: boolean;
}

export interface RunningService {
  child: ChildProcess;
  /** what the ready line's first group captured */
  url: string;
  /** the exit code once it exits (null when a signal ended it) */
  exited: Promise<number | null>;
  /** the tail of what it wrote, stdout and stderr: enough to explain a failure */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited after `stopTimeoutMs` */
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TAIL_CHARS = 8000;

/** Children still running, killed if the test process exits without stopping them. */
const live = new Set<ChildProcess>();
let exitHookInstalled = false;

export async function spawnService(opts: SpawnServiceOptions): Promise<RunningService> {
  if (opts.compiled && opts.cwd !== undefined)
    throw new Error('spawnService: compiled runs an entry of this repository');
  const program = opts.compiled
    ? ['--enable-source-maps', await compiledEntry(opts.entry)]
    : ['--import', 'tsx', opts.entry];
  return start(opts, program);
}

function start(opts: SpawnServiceOptions, program: readonly string[]): Promise<RunningService> {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const c of live) c.kill('SIGKILL');
    });
  }
  // generous: a start takes 1 to 2 s, but a 2-core machine running other suites beside this one has seen 20 s
  const startTimeoutMs = opts.startTimeoutMs ?? 45_000;
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...program], {
    cwd: opts.cwd ?? ROOT,
    env: opts.env,
    stdio: opts.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      live.delete(child);
      resolve(code);
    }),
  );
  let tail = '';
  const keep = (chunk: string) => {
    tail = (tail + chunk).slice(-TAIL_CHARS);
    if (opts.logFile) appendFileSync(opts.logFile, chunk);
  };
  child.stderr!.setEncoding('utf8').on('data', keep);

  return new Promise((resolve, reject) => {
    let stdout = '';
    let started = false;
    const fail = (why: string) => {
      if (started) return;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${opts.name} did not start: ${why}\n--- output ---\n${tail}`));
    };
    const timer = setTimeout(() => fail(`not ready within ${startTimeoutMs} ms`), startTimeoutMs);
    // stdout is read to the end even after the ready line: a full pipe would block the child's logging
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      keep(chunk);
      if (started) return;
      stdout += chunk;
      const m = opts.ready.exec(stdout);
      if (m) {
        started = true;
        clearTimeout(timer);
        resolve({
          child,
          url: m[1]!,
          exited,
          output: () => tail,
          stop: () => stopChild(child, exited, opts.stopTimeoutMs ?? 5_000),
        });
      }
    });
    // 'close', not 'exit': by then its stderr is read to the end, and the reason it gave is in the message
    child.once('close', (code, signal) => fail(`exited early with ${signal ?? `code ${code}`}`));
    child.once('error', (e) => fail(String(e)));
  });
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** Where the bundles go: under dist/, so that packages resolve from the repository's node_modules as under tsx. */
const BUNDLE_DIR = join(ROOT, 'dist', 'test-servers');

interface Esbuild {
  version: string;
  build(options: Record<string, unknown>): Promise<{
    outputFiles: { text: string }[];
    metafile: { inputs: Record<string, unknown> };
  }>;
}

/**
 * How the entry is compiled; recorded in the manifest, so that a change here builds again. `keepNames`: one bundle
 * renames a function or class whose name another module also uses, and code that reads `.name` (an error's
 * constructor, say) would see the new one; under tsx, each file keeps its own names.
 */
const BUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${process.versions.node}`,
  packages: 'external',
  sourcemap: 'inline',
  keepNames: true,
};

/** An entry's bundle, built at most once per test process (and not at all while its inputs are unchanged). */
const bundles = new Map<string, Promise<string>>();

function compiledEntry(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundle = bundleOf(entry);
    bundles.set(entry, bundle);
    bundle.catch(() => bundles.delete(entry));
  }
  return bundle;
}

/** Each input file with its size and modification time: the bundle is current while they all match. */
type Stamps = Record<string, string>;

function stampsOf(files: readonly string[]): Stamps | undefined {
  const stamps: Stamps = {};
  for (const file of files) {
    try {
      const { size, mtimeMs } = statSync(join(ROOT, file));
      stamps[file] = `${size}:${mtimeMs}`;
    } catch {
      return undefined;
    }
  }
  return stamps;
}

/**
 * The manifest `<name>.json` names the bundle (`<name>-<id>.mjs`, a name of its own, written before the manifest)
 * and the stamps of the files it was built from. The manifest is written to a temporary name and renamed, so that
 * two test processes building at once (two workers) never read half of one.
 */
async function bundleOf(entry: string): Promise<string> {
  const name = entry.replace(/\.ts$/, '').replace(/[/\\]/g, '_');
  const manifestFile = join(BUNDLE_DIR, `${name}.json`);
  // tsx's own esbuild: the same compiler that runs the entry under tsx, and no dependency of the project's own
  const esbuild = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'))('esbuild') as Esbuild;
  try {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      esbuild: string;
      options: unknown;
      bundle: string;
      stamps: Stamps;
    };
    const now = stampsOf(Object.keys(manifest.stamps));
    const same =
      manifest.esbuild === esbuild.version &&
      JSON.stringify(manifest.options) === JSON.stringify(BUILD_OPTIONS) &&
      now !== undefined &&
      JSON.stringify(now) === JSON.stringify(manifest.stamps);
    if (same) {
      statSync(join(BUNDLE_DIR, manifest.bundle));
      return join(BUNDLE_DIR, manifest.bundle);
    }
  } catch {
    // no bundle yet, or an unreadable one: build it
  }
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const bundle = `${name}-${randomUUID().slice(0, 8)}.mjs`;
  const began = Date.now();
  const result = await esbuild.build({
    ...BUILD_OPTIONS,
    absWorkingDir: ROOT,
    entryPoints: [entry],
    metafile: true,
    write: false,
    outfile: join(BUNDLE_DIR, bundle),
    logLevel: 'silent',
  });
  const tsconfigs = ['tsconfig.json', 'tsconfig.base.json'].filter((f) => existsSync(join(ROOT, f)));
  const stamps = stampsOf([...Object.keys(result.metafile.inputs), ...tsconfigs]);
  if (!stamps) throw new Error(`spawnService: an input of ${entry} vanished while it was bundled`);
  writeFileSync(join(BUNDLE_DIR, bundle), result.outputFiles[0]!.text);
  // a file saved while esbuild read it may be in the bundle as it was before: this process runs the bundle, and
  // the next one builds again
  if (Object.values(stamps).some((stamp) => Number(stamp.split(':')[1]) >= began - 1000))
    return join(BUNDLE_DIR, bundle);
  const temp = (file: string) => `${file}.${randomUUID().slice(0, 8)}.tmp`;
  const manifestTemp = temp(manifestFile);
  writeFileSync(manifestTemp, JSON.stringify({ esbuild: esbuild.version, options: BUILD_OPTIONS, bundle, stamps }));
  renameSync(manifestTemp, manifestFile);
  // the bundles this one replaces, once no test could still be starting from them
  for (const file of readdirSync(BUNDLE_DIR)) {
    if (!file.startsWith(`${name}-`) || file === bundle) continue;
    const path = join(BUNDLE_DIR, file);
    try {
      if (statSync(path).mtimeMs < Date.now() - 600_000) rmSync(path, { force: true });
    } catch {
      // removed by another test process meanwhile
    }
  }
  return join(BUNDLE_DIR, bundle);
}

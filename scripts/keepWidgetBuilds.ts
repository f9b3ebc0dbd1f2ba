import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Which earlier widget builds keep their content-hashed files: a build stays while it is one of the last `builds`
 * earlier builds or is younger than `days` (either is enough). Set by WIDGET_KEEP_BUILDS and WIDGET_KEEP_DAYS.
 */
export interface WidgetRetention {
  builds: number;
  days: number;
}

/** One build's content-hashed files, newest build first in `builds.json`. */
interface BuildRecord {
  at: string;
  files: string[];
}

/** The record of the builds whose files the folder holds, written beside manifest.json. */
export const HISTORY_FILE = 'builds.json';

/** `name-<hash>.ext` (and its `.br` / `.gz` twin), as server/http/readBuiltFile.ts recognises an immutable file. */
const HASHED = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
const isHashed = (file: string) => HASHED.test(file.replace(/\.(br|gz)$/, ''));

const DEFAULT_RETENTION: WidgetRetention = { builds: 10, days: 90 };

/** WIDGET_KEEP_BUILDS and WIDGET_KEEP_DAYS (whole numbers, 0 allowed), else 10 builds and 90 days. */
export function widgetRetentionFromEnv(env: Readonly<Record<string, string | undefined>>): WidgetRetention {
  const read = (name: string, fallback: number) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    if (!/^\d+$/.test(value)) throw new Error(`${name}: ${JSON.stringify(value)} is not a whole number`);
    return Number(value);
  };
  return {
    builds: read('WIDGET_KEEP_BUILDS', DEFAULT_RETENTION.builds),
    days: read('WIDGET_KEEP_DAYS', DEFAULT_RETENTION.days),
  };
}

async function hashedFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir)).filter(isHashed).sort();
}

/** The builds `dir` holds: its builds.json, or for a folder built before there was one, its files as one build. */
async function readHistory(dir: string): Promise<BuildRecord[]> {
  try {
    return JSON.parse(await readFile(join(dir, HISTORY_FILE), 'utf8')) as BuildRecord[];
  } catch {
    const files = await hashedFiles(dir);
    if (files.length === 0) return [];
    const at = await stat(join(dir, 'manifest.json')).then(
      (s) => s.mtime.toISOString(),
      () => new Date().toISOString(),
    );
    return [{ at, files }];
  }
}

export interface KeptBuilds {
  /** earlier builds whose files are served again beside the new one (a build the new one repeats merges into it) */
  kept: number;
  /** earlier builds whose files are gone (past the retention rule) */
  dropped: number;
  /** the hashed files of earlier builds written back */
  files: string[];
}

/**
 * Runs `build` (which empties `dir`, as Vite does) and puts back the content-hashed files of the earlier builds
 * the retention rule keeps, so a shop page that pins `widget-<hash>.js` with SRI keeps working after a deploy:
 * its loader, entry, chunks and stylesheet are all content-hashed, so nothing of the new build is overwritten.
 * The earlier files are read from `from` (default `dir` itself: a release built in place; another folder: the
 * previous release's `dist/widget`). `builds.json` in `dir` records each kept build's time and files.
 */
export async function buildKeepingEarlier(
  dir: string,
  build: () => Promise<unknown>,
  options: { retention: WidgetRetention; from?: string; now?: Date },
): Promise<KeptBuilds> {
  const from = options.from ?? dir;
  const now = options.now ?? new Date();
  const earlier = await readHistory(from);
  const contents = new Map<string, Buffer>();
  for (const record of earlier) {
    for (const file of record.files) {
      if (contents.has(file)) continue;
      const content = await readFile(join(from, file)).catch(() => undefined);
      if (content) contents.set(file, content);
    }
  }
  await build();
  const current = await hashedFiles(dir);
  const oldest = now.getTime() - options.retention.days * 86_400_000;
  const kept = earlier.filter((record, i) => i < options.retention.builds || Date.parse(record.at) > oldest);
  // a file the new build wrote again (its source unchanged) belongs to the new build from now on
  for (const record of kept) record.files = record.files.filter((file) => !current.includes(file));
  const written: string[] = [];
  for (const record of kept) {
    record.files = record.files.filter((file) => contents.has(file));
    for (const file of record.files) {
      if (written.includes(file)) continue;
      await writeFile(join(dir, file), contents.get(file)!);
      written.push(file);
    }
  }
  const remaining = kept.filter((r) => r.files.length);
  const history: BuildRecord[] = [{ at: now.toISOString(), files: current }, ...remaining];
  await writeFile(join(dir, HISTORY_FILE), `${JSON.stringify(history, null, 2)}\n`);
  return { kept: remaining.length, dropped: earlier.length - kept.length, files: written.sort() };
}

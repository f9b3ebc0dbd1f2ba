import { readFileSync } from 'node:fs';
import type { CliIo } from './io';
import { resolve } from 'node:path';
import { InputError } from './InputError';

/**
 * Where a path given on the command line points: relative to the folder the owner ran the command in.
 * `npm run cli` runs in the package's folder and says where it was started in INIT_CWD.
 */
export function fromInvocationDir(path: string, env: CliIo['env']): string {
  return resolve(env.INIT_CWD || process.cwd(), path);
}

/** The text of an input file, or an InputError that names the full path and what is wrong with it. */
export function readInputFile(path: string, env: CliIo['env']): { path: string; text: string } {
  const full = fromInvocationDir(path, env);
  try {
    return { path: full, text: readFileSync(full, 'utf8') };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'not found'
        : code === 'EISDIR'
          ? 'is a folder, not a file'
          : code === 'EACCES'
            ? 'cannot be read (permission denied)'
            : (e as Error).message;
    throw new InputError(`${full}: ${why}`);
  }
}

import { basename } from 'node:path';
import type { CliIo } from './io';
import { InputError } from './InputError';
import { readInputFile } from './readInputFile';

/** A JSON file the owner gave, parsed; a file that is not JSON is an InputError with the parser's reason. */
export function readJsonFile(path: string, env: CliIo['env']): unknown {
  const file = readInputFile(path, env);
  try {
    return JSON.parse(file.text) as unknown;
  } catch (e) {
    throw new InputError(`${basename(file.path)} is not valid JSON: ${(e as Error).message}`);
  }
}

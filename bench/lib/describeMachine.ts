import { availableParallelism, cpus, totalmem } from 'node:os';

/** The machine a run happened on, as one markdown line: results mean little without it. */
export function describeMachine(command: string, at = new Date()): string {
  const model = cpus()[0]?.model.trim() || 'unknown CPU';
  return [
    `- machine: ${availableParallelism()} cores (\`nproc\`), ${model}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${process.platform} ${process.arch}`,
    `- node ${process.version}, date ${at.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- command: \`${command}\``,
  ].join('\n');
}

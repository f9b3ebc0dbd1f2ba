import type { Output } from './io';

/** A one-line progress bar on a terminal (redrawn in place), or a plain line per step when piped to a file. */
export function progressBar(label: string, total: number, out: Output): { update(done: number): void; finish(): void } {
  const width = 30;
  const render = (done: number) => {
    const filled = total === 0 ? width : Math.round((done / total) * width);
    return `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`;
  };
  return {
    update(done) {
      if (out.isTTY) out.write(`\r${render(done)}`);
      else out.write(`${render(done)}\n`);
    },
    finish() {
      if (out.isTTY) out.write('\n');
    },
  };
}

import { median, percentile } from './stats';

/** A GitHub markdown table; `|` inside a cell is escaped so a value can never split a column. */
export function markdownTable(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cell = (v: string | number) => String(v).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const line = (cells: readonly (string | number)[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Formatting helpers shared by the benchmarks' tables. */
export const fmt = {
  int: (n: number) => Math.round(n).toLocaleString('en-US'),
  /** one decimal, for requests per second and milliseconds */
  one: (n: number) => n.toFixed(1),
  two: (n: number) => n.toFixed(2),
  kb: (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`,
  mb: (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`,
  seconds: (ms: number) => `${(ms / 1000).toFixed(1)} s`,
};

/** A table row of repeated measurements: its name, then median, min, p90 and max, one decimal each. */
export function spreadRow(name: string, values: readonly number[]): string[] {
  return [
    name,
    fmt.one(median(values)),
    fmt.one(Math.min(...values)),
    fmt.one(percentile(values, 90)),
    fmt.one(Math.max(...values)),
  ];
}

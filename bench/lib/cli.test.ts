import { describe, expect, it } from 'vitest';
import { benchOptions, parseBenchArgs } from './cli';

describe('parseBenchArgs', () => {
  it('reads --quick, --only and --commits, lists split on commas, in order', () => {
    expect(parseBenchArgs(['--quick', '--only=paymentPathCommits', '--commits=HEAD~3,HEAD'])).toEqual({
      quick: true,
      only: ['paymentPathCommits'],
      commits: ['HEAD~3', 'HEAD'],
    });
  });
  it('joins repeated flags and leaves out empty names', () => {
    expect(parseBenchArgs(['--commits=a,', '--commits= b ,c']).commits).toEqual(['a', 'b', 'c']);
    expect(parseBenchArgs([])).toEqual({ quick: false, only: [], commits: [] });
  });
  it('reads --warmup as a whole number of payments, the last one if repeated', () => {
    expect(parseBenchArgs(['--warmup=3000']).warmup).toBe(3000);
    expect(parseBenchArgs(['--warmup=10', '--warmup=20']).warmup).toBe(20);
    expect('warmup' in parseBenchArgs(['--quick'])).toBe(false);
  });
  it.each(['0', '-5', '2.5', 'many', '100001'])('refuses --warmup=%s, naming the flag', (value) => {
    expect(() => parseBenchArgs([`--warmup=${value}`])).toThrow(/^--warmup: must be a whole number/);
  });
});

describe('benchOptions', () => {
  it('carries the commits only when some are named, so a benchmark falls back to its own list', () => {
    expect(benchOptions(['--commits=abc1234']).commits).toEqual(['abc1234']);
    expect('commits' in benchOptions(['--quick'])).toBe(false);
  });
  it('carries the warm-up only when it is given', () => {
    expect(benchOptions(['--warmup=500']).warmup).toBe(500);
    expect('warmup' in benchOptions([])).toBe(false);
  });
});

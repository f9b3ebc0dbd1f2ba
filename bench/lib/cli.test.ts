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
});

describe('benchOptions', () => {
  it('carries the commits only when some are named, so a benchmark falls back to its own list', () => {
    expect(benchOptions(['--commits=abc1234']).commits).toEqual(['abc1234']);
    expect('commits' in benchOptions(['--quick'])).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { ratiosToPrevious } from './ratiosToPrevious';

describe('ratiosToPrevious', () => {
  it('divides each commit by the one before it, round by round, and takes the median', () => {
    const [second, third] = ratiosToPrevious([
      [100, 200, 100],
      [110, 180, 130],
      [110, 360, 130],
    ]);
    expect(second!.rounds).toEqual([1.1, 0.9, 1.3]);
    expect(second!.median).toBe(1.1);
    // against the commit before it, not the first one
    expect(third!.rounds).toEqual([1, 2, 1]);
    expect(third!.median).toBe(1);
  });
  it('skips rounds where either side was not measured, and has no median when none is left', () => {
    const [r] = ratiosToPrevious([
      [2, undefined, 4],
      [3, 5, undefined],
    ]);
    expect(r!.rounds).toEqual([1.5]);
    expect(ratiosToPrevious([[undefined], [1]])[0]!.median).toBeUndefined();
  });
  it('has nothing to say about a single commit', () => {
    expect(ratiosToPrevious([[1, 2]])).toEqual([]);
  });
});

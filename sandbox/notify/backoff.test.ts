import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, GIVE_UP_AFTER_MS, MAX_DELAY_MS, isExpired, retryDelayMs } from './backoff';

describe('retry schedule', () => {
  const middle = () => 0.5;
  it('doubles from 1 s: 1, 2, 4, 8 s', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1, middle))).toEqual([1000, 2000, 4000, 8000]);
  });
  it('is capped at 12 hours', () => {
    expect(retryDelayMs(40, 1, middle)).toBe(MAX_DELAY_MS);
    expect(retryDelayMs(1000, 1, middle)).toBe(MAX_DELAY_MS);
  });
  it('jitters within +-20 %', () => {
    expect(retryDelayMs(1, 1, () => 0)).toBe(800);
    expect(retryDelayMs(1, 1, () => 0.999999)).toBe(1200);
  });
  it('scales: 0.01 makes the first retry 10 ms, never 0', () => {
    expect(retryDelayMs(1, 0.01, middle)).toBe(FIRST_RETRY_MS * 0.01);
    expect(retryDelayMs(1, 0, middle)).toBe(1);
  });
  it('expires after 36 hours, scaled', () => {
    expect(isExpired(0, GIVE_UP_AFTER_MS, 1)).toBe(false);
    expect(isExpired(0, GIVE_UP_AFTER_MS + 1, 1)).toBe(true);
    expect(isExpired(0, GIVE_UP_AFTER_MS * 0.01 + 1, 0.01)).toBe(true);
  });
});

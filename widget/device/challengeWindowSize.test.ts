import { describe, expect, test } from 'vitest';
import { challengeWindowSize } from './challengeWindowSize';

describe('challengeWindowSize', () => {
  test.each([
    [640, 900, '03'],
    [500, 600, '03'],
    [640, 500, '04'],
    [499, 900, '02'],
    [390, 400, '02'],
    [320, 640, '01'],
    [249, 900, '05'],
    [320, 399, '05'],
  ])('a %ix%i frame gets %s', (width, height, code) => {
    expect(challengeWindowSize(width, height)).toBe(code);
  });
});

import { describe, expect, it } from 'vitest';
import { markdownTable } from './markdownTable';

describe('markdownTable', () => {
  it('writes a header, a separator and one line per row', () => {
    expect(markdownTable(['a', 'b'], [[1, 'x']])).toBe('| a | b |\n| --- | --- |\n| 1 | x |');
  });
  it('escapes a pipe and flattens a newline, so a value cannot break the columns', () => {
    expect(markdownTable(['v'], [['a|b\nc']])).toBe('| v |\n| --- |\n| a\\|b c |');
  });
});

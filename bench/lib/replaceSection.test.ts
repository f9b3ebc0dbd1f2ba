import { describe, expect, it } from 'vitest';
import { replaceSection } from './replaceSection';

const doc = [
  '# Results',
  '',
  '<!-- bench:a:start -->',
  'old a',
  '<!-- bench:a:end -->',
  '',
  '<!-- bench:b:start -->',
  'old b',
  '<!-- bench:b:end -->',
  '',
].join('\n');

describe('replaceSection', () => {
  it('replaces only the named section and keeps the others and the text around them', () => {
    const out = replaceSection(doc, 'a', 'new a\n');
    expect(out).toContain('<!-- bench:a:start -->\nnew a\n<!-- bench:a:end -->');
    expect(out).toContain('old b');
    expect(out).not.toContain('old a');
    expect(out.startsWith('# Results\n')).toBe(true);
  });
  it('appends a section whose markers are missing', () => {
    const out = replaceSection(doc, 'c', 'c body');
    expect(out.endsWith('<!-- bench:c:start -->\nc body\n<!-- bench:c:end -->\n')).toBe(true);
    expect(out).toContain('old a');
  });
  it('is stable: writing the same body twice gives the same document', () => {
    const once = replaceSection(doc, 'b', 'x');
    expect(replaceSection(once, 'b', 'x')).toBe(once);
  });
});

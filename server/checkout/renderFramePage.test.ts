import { describe, expect, it } from 'vitest';
import { readLoadingPage } from '../gateway/operations/readLoadingPage';
import { inlineHashes } from '../http/inlineHashes';
import { FRAME_SCRIPT_HASH, renderFramePage } from './renderFramePage';

const FORM = {
  action: 'https://gateway.example/v1/checkout',
  fields: [
    ['merNo', '701001'],
    ['address', `"'></form><script>window.__xss=1</script><input name="x`],
    ['submit', 'shadows form.submit'],
    ['allParams', 'merNo=701001&address=%22%3E'],
  ] as [string, string][],
};

describe('renderFramePage', () => {
  it("carries exactly the gateway's form: reading the page back gives the same action and fields", () => {
    expect(readLoadingPage(renderFramePage(FORM), FORM.action)).toEqual(FORM);
  });

  it('has one script, our constant auto-submit, whose hash is the one the CSP pins; values stay text', () => {
    const html = renderFramePage(FORM);
    expect(html.match(/<script\b/gi)).toHaveLength(1);
    expect(inlineHashes(html, 'script')).toEqual([FRAME_SCRIPT_HASH]);
    expect(inlineHashes(renderFramePage({ ...FORM, fields: [['a', 'b']] }), 'script')).toEqual([FRAME_SCRIPT_HASH]);
    expect(html).not.toContain('<script>window.__xss');
    expect(html).toContain('&lt;/form&gt;&lt;script&gt;');
  });
});

import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escapeHtml';
import { renderIssuerPage } from './renderIssuerPage';

describe('escapeHtml', () => {
  it('escapes the five characters that can break out of text or a quoted attribute', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
  it('renders null and undefined as empty', () => {
    expect(escapeHtml(undefined)).toBe('');
    expect(escapeHtml(null)).toBe('');
  });
  it('pages echo merchant values escaped', () => {
    const html = renderIssuerPage({
      action: '/issuer/T1',
      token: 't"><script>',
      method: 'PIX',
      orderNo: '<img src=x onerror=alert(1)>',
      amountText: 'USD 1.00',
      website: '"shop"',
    });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('"><script>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

import { describe, expect, it } from 'vitest';
import { readLoadingPage } from './readLoadingPage';

const PAGE_URL = 'https://gateway.example/v1/checkout';

/**
 * A loading page as docs/gateway-api.md 2.4 describes it (docs/gateway-evidence.md shows none): titled as a loading
 * page, one form that posts itself on load to {base_url}/v1/checkout, the routing inputs and the aliases with
 * `signInfo` and `allParams`, values HTML-escaped, and the gateway's own script.
 */
const LOADING_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Loading...</title>
<script>var s = '<form action="https://evil.example">'; /* a string in a script is no form */</script></head>
<body><p role="status">Loading the secure payment page...</p>
<!-- <form method="get" action="https://evil.example/old"> -->
<form id="gateway-form" method="POST" action="https://gateway.example/v1/checkout">
<input type="hidden" name="gbc_id" value="SBX701001010">
<input type="hidden" name="connector_code" value="SANDBOX">
<input type='hidden' name='website' value='Tom &amp; Jerry&#39;s &quot;shop&quot; &gt; yours'>
<input type="hidden" name="apm_type" value="">
<input type=hidden name=to_pass_page value=1>
<input type="hidden" name="merNo" value="701001">
<input type="hidden" name="orderNo" value="ORD-1-1">
<input type="hidden" name="address" value="a > b &#x26; c R&D">
<input type="hidden" name="remark">
<input type="hidden" name="signInfo" value="0f3a">
<input type="hidden" name="allParams" value="merNo=701001&amp;orderNo=ORD-1-1">
<noscript><button type="submit">Continue to payment</button></noscript>
</form>
<script>HTMLFormElement.prototype.submit.call(document.getElementById('gateway-form'));</script>
</body></html>`;

describe('readLoadingPage', () => {
  it("reads the form's action and its hidden inputs in page order, values decoded, scripts and comments unread", () => {
    expect(readLoadingPage(LOADING_PAGE, PAGE_URL)).toEqual({
      action: 'https://gateway.example/v1/checkout',
      fields: [
        ['gbc_id', 'SBX701001010'],
        ['connector_code', 'SANDBOX'],
        ['website', `Tom & Jerry's "shop" > yours`],
        ['apm_type', ''],
        ['to_pass_page', '1'],
        ['merNo', '701001'],
        ['orderNo', 'ORD-1-1'],
        ['address', 'a > b & c R&D'],
        ['remark', ''],
        ['signInfo', '0f3a'],
        ['allParams', 'merNo=701001&orderNo=ORD-1-1'],
      ],
    });
  });

  it('resolves a relative action against the gateway page', () => {
    const page = '<form method="post" action="/v1/checkout?step=2"><input type="hidden" name="a" value="1"></form>';
    expect(readLoadingPage(page, PAGE_URL).action).toBe('https://gateway.example/v1/checkout?step=2');
  });

  const form = (attrs: string, body = '<input type="hidden" name="a" value="1">') => `<form ${attrs}>${body}</form>`;
  const POST = 'method="post" action="/v1/checkout"';

  it.each([
    ['no form', '<p>Loading...</p>', /found 0/],
    ['two forms', form(POST) + form(POST), /found 2/],
    ['a form never closed', `<form ${POST}><input type="hidden" name="a">`, /not closed/],
    ['a GET form', form('method="get" action="/v1/checkout"'), /posts by "get"/],
    ['a form without method', form('action="/v1/checkout"'), /posts by ""/],
    ['a form without action', form('method="post"'), /no action/],
    ['an action off the gateway', form('method="post" action="https://evil.example/v1/checkout"'), /off the gateway/],
    ['an action on another port', form('method="post" action="https://gateway.example:8443/x"'), /off the gateway/],
    ['a javascript: action', form('method="post" action="javascript:alert(1)"'), /off the gateway/],
    ['a text input', form(POST, '<input type="text" name="card" value="">'), /"text" input/],
    ['an input without type', form(POST, '<input name="card">'), /"undefined" input/],
    ['a select', form(POST, '<input type="hidden" name="a"><select name="b"></select>'), /not hidden/],
    ['a textarea', form(POST, '<input type="hidden" name="a"><textarea name="b"></textarea>'), /not hidden/],
    ['an input without a name', form(POST, '<input type="hidden" value="1">'), /without a name/],
    ['no fields', form(POST, ''), /carries no fields/],
    [
      'an input attached from outside',
      `${form(POST)}<input type="hidden" form="gateway-form" name="b" value="2">`,
      /from outside/,
    ],
    ['an unknown entity', form(POST, '<input type="hidden" name="a" value="&nbsp;">'), /unknown entity/],
    ['a NUL character reference', form(POST, '<input type="hidden" name="a" value="&#0;">'), /bad character/],
  ])('refuses %s', (_what, html, message) => {
    expect(() => readLoadingPage(html, PAGE_URL)).toThrow(message);
  });
});

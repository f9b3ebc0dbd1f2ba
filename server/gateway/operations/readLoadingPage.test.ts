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
  const ACTION = 'https://gateway.example/v1/checkout';

  it('reads an input written otherwise than the plain shape in full, to the same field', () => {
    const body = [
      '<input  type="hidden" name="spaces" value="1">',
      '<input type="hidden"\nname="newline" value="2">',
      "<input type='hidden' name='single' value='a\">b'>",
      '<input type="hidden" name="a&amp;b" value="name with an entity">',
      '<input type="hidden" name="extra" value="4" id="x">',
      '<input name="order" type="hidden" value="5">',
      '<INPUT TYPE="HIDDEN" NAME="Upper" VALUE="Six">',
      '<input type="hidden" name="unquoted" value=7>',
      '<input type="hidden" name="first" value="8" name="second">',
      '<input type="hidden" name="slash" value="9"/ >',
    ].join('\n');
    expect(readLoadingPage(form(POST, body), PAGE_URL)).toEqual({
      action: ACTION,
      fields: [
        ['spaces', '1'],
        ['newline', '2'],
        ['single', 'a">b'],
        ['a&b', 'name with an entity'],
        ['extra', '4'],
        ['order', '5'],
        ['Upper', 'Six'],
        ['unquoted', '7'],
        ['first', '8'],
        ['slash', '9'],
      ],
    });
  });

  it('reads the plain shape in any ending, in an upper-case tag, with `>`, quotes and entities in its value', () => {
    const body = [
      '<input type="hidden" name="gt" value="a > b">',
      '<input type="hidden" name="quote" value="it\'s">',
      '<input type="hidden" name="selfClosing" value="1"/>',
      '<input type="hidden" name="spacedSlash" value="2" />',
      '<input type="hidden" name="spaced" value="3"   >',
      '<INPUT type="hidden" name="upperTag" value="4">',
      '<input type="hidden" name="empty" value="">',
      '<input type="hidden" name="cart" value="[{&quot;name&quot;:&quot;T-shirt&quot;,&quot;price&quot;:25}]">',
      '<input type="hidden" name="after" value="5">',
    ].join('\n');
    expect(readLoadingPage(form(POST, body), PAGE_URL)).toEqual({
      action: ACTION,
      fields: [
        ['gt', 'a > b'],
        ['quote', "it's"],
        ['selfClosing', '1'],
        ['spacedSlash', '2'],
        ['spaced', '3'],
        ['upperTag', '4'],
        ['empty', ''],
        ['cart', '[{"name":"T-shirt","price":25}]'],
        ['after', '5'],
      ],
    });
  });

  it('decodes a plain value only where it has an `&`, wherever else the page has one', () => {
    const body = [
      '<input type="hidden" name="a" value="1">',
      '<p>R&D</p>',
      '<input type="hidden" name="b" value="2">',
      '<input type="hidden" name="c" value="x&amp;y">',
      '<input type="hidden" name="d" value="R&D">',
      '<input type="hidden" name="e" value="3">',
    ].join('\n');
    expect(readLoadingPage(form(POST, body), PAGE_URL).fields).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['c', 'x&y'],
      ['d', 'R&D'],
      ['e', '3'],
    ]);
  });

  it("takes no tag that only starts with `<input` and no input whose `>` is past the form's end", () => {
    const body =
      '<inputs type="hidden" name="no" value="1"><input_x type="hidden" name="no" value="2">' +
      '<input type="hidden" name="a" value="1">' +
      '<input type="hidden" name="cut" value="</form>">';
    expect(readLoadingPage(form(POST, body), PAGE_URL)).toEqual({ action: ACTION, fields: [['a', '1']] });
  });

  it('skips an input whose quote never closes inside the form', () => {
    const page = `<form ${POST}><input type="hidden" name="a" value="1"><input type="hidden" name='b></form>`;
    expect(readLoadingPage(page, PAGE_URL).fields).toEqual([['a', '1']]);
  });

  it.each([
    ['&#38', '&'],
    ['&#38;', '&'],
    ['&#0038;x', '&x'],
    ['&#65x', 'Ax'],
    ['&#x26;', '&'],
    ['&#X26;', '&'],
    ['&#x4A;&#x4a', 'JJ'],
    ['&#x1F600;', '\u{1F600}'],
    ['&AMP;&Lt;&gT;&QUOT;&Apos;', `&<>"'`],
    ['&amp', '&amp'],
    ['&amp x', '&amp x'],
    ['&#x;', '&#x;'],
    ['&#xg;', '&#xg;'],
    ['&#;', '&#;'],
    ['&1;', '&1;'],
    ['& ;', '& ;'],
    ['&&amp;', '&&'],
    ['&#&#38;', '&#&'],
    ['a&', 'a&'],
  ])('decodes %s as %s', (raw, decoded) => {
    for (const input of [
      `<input type="hidden" name="a" value="${raw}">`,
      `<input type='hidden' name='a' value='${raw}'>`,
    ]) {
      expect(readLoadingPage(form(POST, input), PAGE_URL)).toEqual({ action: ACTION, fields: [['a', decoded]] });
    }
  });

  it.each([
    ['&#0;', /bad character reference &#0;$/],
    ['&#0', /bad character reference &#0$/],
    ['&#x0;', /bad character reference &#x0;$/],
    ['&#x110000;', /bad character reference &#x110000;$/],
    ['&#1114112', /bad character reference &#1114112$/],
    ['&#99999999999999999999;', /bad character reference &#99999999999999999999;$/],
    ['&foo;', /unknown entity &foo;$/],
    ['&amq;', /unknown entity &amq;$/],
    ['&ampx;', /unknown entity &ampx;$/],
    ['&lt1;', /unknown entity &lt1;$/],
    ['&toString;', /unknown entity &toString;$/],
    // a name of an Object's prototype is no entity
    ['&constructor;', /unknown entity &constructor;$/],
    ['ok &amp; then &nbsp;', /unknown entity &nbsp;$/],
  ])('refuses the reference in %s', (raw, message) => {
    for (const input of [
      `<input type="hidden" name="a" value="${raw}">`,
      `<input type='hidden' name='a' value='${raw}'>`,
    ]) {
      expect(() => readLoadingPage(form(POST, input), PAGE_URL)).toThrow(message);
    }
  });

  it('finds the form where it is after characters that lower-case to two (U+0130, İ)', () => {
    const page = `<p>${'İ'.repeat(8)}</p>${form(POST)}`;
    expect(readLoadingPage(page, PAGE_URL)).toEqual({ action: ACTION, fields: [['a', '1']] });
  });

  it('skips scripts and styles in any case, and reads what follows one that never closes as the page', () => {
    const page =
      '<STYLE media="x">form{}</Style ><SCRIPT type="module">var f = "<form>"</script\n>' +
      '<scripts><s><formal>' +
      form(POST) +
      '<script>var s = "no end"';
    expect(readLoadingPage(page, PAGE_URL)).toEqual({ action: ACTION, fields: [['a', '1']] });
    expect(() => readLoadingPage(`<script>"<form>"${form(POST)}`, PAGE_URL)).toThrow(/found 2/);
    expect(readLoadingPage(`<style>${form(POST)}</script>`, PAGE_URL).fields).toEqual([['a', '1']]);
  });

  it('ends the form at its first `</form>`, spaces and case allowed, not at a longer tag', () => {
    const page = `<form ${POST}><input type="hidden" name="a" value="1"></formx><input type="hidden" name="b" value="2"></FORM\n ><input type="hidden" name="c" value="3"></form>`;
    expect(readLoadingPage(page, PAGE_URL).fields).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
  });

  it('takes only a `form` attribute, not a word ending in form, as attaching a field from outside', () => {
    const outside = (attr: string) => `${form(POST)}<input type="hidden" ${attr} name="b" value="2">`;
    expect(readLoadingPage(outside('data-xform="f"'), PAGE_URL).fields).toEqual([['a', '1']]);
    expect(readLoadingPage(outside('data-form-x="f"'), PAGE_URL).fields).toEqual([['a', '1']]);
    expect(() => readLoadingPage(outside('form = "gateway-form"'), PAGE_URL)).toThrow(/from outside/);
    expect(() => readLoadingPage(outside('data-form\t="f"'), PAGE_URL)).toThrow(/from outside/);
  });

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

import { describe, expect, it } from 'vitest';
import { MAX_XML_CHARS, parseXml, XmlError } from './parseXml';

const ok = `<?xml version="1.0" encoding="UTF-8"?>
<respon>
  <merchant_id>701001</merchant_id>
  <order_no>ORD-1</order_no>
  <issuer_url>https://issuer.example/pay?a=1&amp;b=2</issuer_url>
  <empty/>
</respon>`;

describe('parseXml', () => {
  it('reads the flat <respon> document, decoding &amp;', () => {
    expect(parseXml(ok)).toEqual({
      root: 'respon',
      fields: { merchant_id: '701001', order_no: 'ORD-1', issuer_url: 'https://issuer.example/pay?a=1&b=2', empty: '' },
    });
  });

  it('decodes the five predefined entities, decimal and hex references, and CDATA', () => {
    const doc = '<respon><m>&lt;&gt;&amp;&quot;&apos; &#65;&#x42;&#x1F600;</m><c><![CDATA[a&b<c>]]></c></respon>';
    expect(parseXml(doc).fields).toEqual({ m: `<>&"' AB\u{1F600}`, c: 'a&b<c>' });
  });

  it('accepts a BOM, comments, attributes and no declaration', () => {
    expect(parseXml('\uFEFF<!-- x --><respon a="1"><code b=\'2\'>I0061</code><!-- y --></respon>\n').fields).toEqual({
      code: 'I0061',
    });
  });

  it('refuses a DOCTYPE, also the billion-laughs and external-entity forms', () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><respon><a>&x;</a></respon>';
    const laughs =
      '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><respon><a>&lol2;</a></respon>';
    expect(() => parseXml(xxe)).toThrow(/DOCTYPE is not allowed/);
    expect(() => parseXml(laughs)).toThrow(/DOCTYPE is not allowed/);
    expect(() => parseXml('<!doctype respon><respon/>')).toThrow(XmlError);
  });

  it('refuses ENTITY declarations and other declarations anywhere', () => {
    expect(() => parseXml('<!ENTITY x "y"><respon/>')).toThrow(/ENTITY is not allowed/);
    expect(() => parseXml('<respon><!ELEMENT a ANY></respon>')).toThrow(/declarations are not allowed/);
  });

  it('refuses unknown entity references instead of passing them through', () => {
    expect(() => parseXml('<respon><a>&x;</a></respon>')).toThrow(/unknown entity &x;/);
    expect(() => parseXml('<respon><a>&nbsp;</a></respon>')).toThrow(/unknown entity/);
    expect(() => parseXml('<respon><a>a & b</a></respon>')).toThrow(XmlError);
    expect(() => parseXml('<respon a="&x;"/>')).toThrow(/unknown entity/);
  });

  it('refuses references to characters XML does not allow', () => {
    expect(() => parseXml('<respon><a>&#0;</a></respon>')).toThrow(/not an XML character/);
    expect(() => parseXml('<respon><a>&#xD800;</a></respon>')).toThrow(/not an XML character/);
    expect(() => parseXml('<respon><a>&#x110000;</a></respon>')).toThrow(XmlError);
  });

  it('refuses processing instructions other than the leading declaration', () => {
    expect(() => parseXml('<?xml-stylesheet href="x"?><respon/>')).toThrow(/processing instructions/);
    expect(() => parseXml('<respon><?php echo 1 ?></respon>')).toThrow(XmlError);
    expect(() => parseXml(' <?xml version="1.0"?><respon/>')).toThrow(/processing instructions/);
    expect(() => parseXml('<respon/><?xml version="1.0"?>')).toThrow(/processing instructions/);
  });

  it('refuses malformed and non-flat documents', () => {
    const bad = [
      '',
      'not xml',
      '<respon>',
      '<respon><a>1</a>',
      '<respon><a>1</b></respon>',
      '<respon><a><b>1</b></a></respon>',
      '<respon>loose text</respon>',
      '<respon><a>1</a><a>2</a></respon>',
      '<respon></respon><respon></respon>',
      '<respon/>trailing',
      '<respon a=1/>',
      '<ns:respon/>',
      '<respon><a>]]></a></respon>',
      '<respon><!-- open </respon>',
    ];
    for (const doc of bad) expect(() => parseXml(doc), doc).toThrow(XmlError);
  });

  it('refuses documents over the size limit before parsing', () => {
    expect(() => parseXml(`<respon><a>${'x'.repeat(MAX_XML_CHARS)}</a></respon>`)).toThrow(/larger than/);
  });
});

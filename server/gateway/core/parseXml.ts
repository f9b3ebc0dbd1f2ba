/**
 * A strict parser for the gateway's flat XML answers: one root element whose children hold text only, e.g.
 * `<respon><order_no>A1</order_no><issuer_url>https://...</issuer_url></respon>`.
 *
 * Written here rather than taken from a library because the documents are tiny and fixed in shape, and a
 * general XML parser brings the attack surface we want to refuse outright: a DOCTYPE (external entities,
 * "billion laughs" expansion), entity declarations, processing instructions. Only the five predefined entities
 * and numeric character references are decoded; any other `&name;` is an error, never passed through.
 */
export class XmlError extends Error {
  override name = 'XmlError';
}

/** Documents larger than this are refused before parsing; the gateway's answers are a few hundred bytes. */
export const MAX_XML_CHARS = 64 * 1024;

const NAME = /^[A-Za-z_][A-Za-z0-9._-]*/;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export interface FlatXml {
  root: string;
  fields: Record<string, string>;
}

export function parseXml(text: string): FlatXml {
  if (text.length > MAX_XML_CHARS) throw new XmlError(`document is larger than ${MAX_XML_CHARS} characters`);
  const p = new Parser(text.startsWith('\uFEFF') ? text.slice(1) : text);
  p.prolog();
  const root = p.openTag();
  const fields: Record<string, string> = Object.create(null);
  if (!root.selfClosing) {
    for (;;) {
      p.skipMisc();
      if (p.startsWith('</')) break;
      if (!p.startsWith('<')) p.fail('text is not allowed directly inside the root element');
      const child = p.openTag();
      if (Object.hasOwn(fields, child.name)) p.fail(`element <${child.name}> appears twice`);
      fields[child.name] = child.selfClosing ? '' : p.textUntilClose(child.name);
    }
    p.closeTag(root.name);
  }
  p.skipMisc();
  if (!p.atEnd()) p.fail('content after the root element');
  return { root: root.name, fields: { ...fields } };
}

class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  fail(message: string): never {
    throw new XmlError(`${message} (at character ${this.i})`);
  }
  atEnd(): boolean {
    return this.i >= this.s.length;
  }
  startsWith(token: string): boolean {
    return this.s.startsWith(token, this.i);
  }

  /** Optional `<?xml ...?>` declaration (only at the very start), then whitespace and comments. */
  prolog(): void {
    if (this.startsWith('<?xml') && /[\s?]/.test(this.s[this.i + 5] ?? '')) {
      const end = this.s.indexOf('?>', this.i);
      if (end < 0) this.fail('unterminated XML declaration');
      const decl = this.s.slice(this.i + 5, end);
      if (!/^(\s+[a-z]+\s*=\s*("[^"<&]*"|'[^'<&]*'))*\s*$/.test(decl)) this.fail('malformed XML declaration');
      this.i = end + 2;
    }
    this.skipMisc();
  }

  /** Whitespace and comments; refuses DOCTYPE, ENTITY, other declarations and processing instructions. */
  skipMisc(): void {
    for (;;) {
      while (/\s/.test(this.s[this.i] ?? '')) this.i++;
      if (this.startsWith('<!--')) {
        const end = this.s.indexOf('-->', this.i + 4);
        if (end < 0) this.fail('unterminated comment');
        this.i = end + 3;
      } else if (this.startsWith('<!')) {
        const what = /^<!(\w*)/.exec(this.s.slice(this.i))?.[1]?.toUpperCase() ?? '';
        this.fail(what === 'DOCTYPE' || what === 'ENTITY' ? `${what} is not allowed` : 'declarations are not allowed');
      } else if (this.startsWith('<?')) {
        // the XML declaration was consumed by prolog(); any other `<?...?>` (or a late declaration) is refused
        this.fail('processing instructions are not allowed');
      } else {
        return;
      }
    }
  }

  openTag(): { name: string; selfClosing: boolean } {
    if (!this.startsWith('<')) this.fail('expected an element');
    this.i++;
    const name = this.name();
    for (;;) {
      const ws = this.whitespace();
      if (this.startsWith('/>')) {
        this.i += 2;
        return { name, selfClosing: true };
      }
      if (this.startsWith('>')) {
        this.i++;
        return { name, selfClosing: false };
      }
      if (!ws) this.fail(`malformed start tag <${name}>`);
      this.attribute();
    }
  }

  closeTag(name: string): void {
    if (!this.startsWith(`</${name}`)) this.fail(`expected </${name}>`);
    this.i += name.length + 2;
    this.whitespace();
    if (!this.startsWith('>')) this.fail(`malformed end tag </${name}>`);
    this.i++;
  }

  /** Character data (with CDATA sections) up to `</name>`; a nested element is refused: the format is flat. */
  textUntilClose(name: string): string {
    let out = '';
    for (;;) {
      if (this.atEnd()) this.fail(`unterminated element <${name}>`);
      const c = this.s[this.i]!;
      if (c === '<') {
        if (this.startsWith('<![CDATA[')) {
          const end = this.s.indexOf(']]>', this.i + 9);
          if (end < 0) this.fail('unterminated CDATA section');
          out += this.s.slice(this.i + 9, end);
          this.i = end + 3;
        } else if (this.startsWith('</')) {
          this.closeTag(name);
          return out;
        } else if (this.startsWith('<!--')) {
          const end = this.s.indexOf('-->', this.i + 4);
          if (end < 0) this.fail('unterminated comment');
          this.i = end + 3;
        } else {
          this.fail(`nested markup inside <${name}> is not allowed`);
        }
      } else if (c === '&') {
        out += this.reference();
      } else {
        if (c === '>' && this.s.startsWith(']]>', this.i - 2)) this.fail("']]>' is not allowed in text");
        out += c;
        this.i++;
      }
    }
  }

  private name(): string {
    const m = NAME.exec(this.s.slice(this.i, this.i + 200));
    if (!m) this.fail('expected a name');
    this.i += m[0].length;
    if (this.s[this.i] === ':') this.fail('namespaced names are not expected');
    return m[0];
  }

  private whitespace(): boolean {
    const start = this.i;
    while (/\s/.test(this.s[this.i] ?? '')) this.i++;
    return this.i > start;
  }

  /** `name="value"`: checked for well-formedness (entities included), then ignored. */
  private attribute(): void {
    this.name();
    this.whitespace();
    if (!this.startsWith('=')) this.fail('expected = after an attribute name');
    this.i++;
    this.whitespace();
    const quote = this.s[this.i];
    if (quote !== '"' && quote !== "'") this.fail('attribute value must be quoted');
    this.i++;
    while (this.s[this.i] !== quote) {
      if (this.atEnd() || this.s[this.i] === '<') this.fail('malformed attribute value');
      if (this.s[this.i] === '&') this.reference();
      else this.i++;
    }
    this.i++;
  }

  /** `&lt;` and the other four, `&#65;`, `&#x41;`; anything else is refused. */
  private reference(): string {
    const m = /^&(#x[0-9A-Fa-f]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]*);/.exec(this.s.slice(this.i, this.i + 12));
    if (!m) this.fail("'&' must start a character or entity reference");
    const ref = m[1]!;
    let value: string;
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!isXmlChar(code)) this.fail(`character reference &${ref}; is not an XML character`);
      value = String.fromCodePoint(code);
    } else {
      const known = PREDEFINED[ref];
      if (known === undefined) this.fail(`unknown entity &${ref};`);
      value = known;
    }
    this.i += m[0].length;
    return value;
  }
}

/** XML 1.0 `Char`: tab, LF, CR and the non-surrogate code points from U+0020, minus U+FFFE/U+FFFF. */
function isXmlChar(c: number): boolean {
  return (
    c === 0x9 ||
    c === 0xa ||
    c === 0xd ||
    (c >= 0x20 && c <= 0xd7ff) ||
    (c >= 0xe000 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0x10ffff)
  );
}

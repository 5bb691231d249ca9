// Test support: a strict reader of XML 1.0 documents without a DTD. The parsers in node_modules
// (sax, fast-xml-parser, cheerio) accept what XML forbids — a second `]]>` after a CDATA section,
// control characters, `<` in an attribute — so feeds are held to the specification here: any
// document this reads is well-formed, and anything else throws, saying where.

/** An element: its name, its attributes, and its children, adjacent text joined. */
export interface XmlElement {
  readonly name: string;
  readonly attributes: ReadonlyMap<string, string>;
  readonly children: readonly XmlNode[];
}
export type XmlNode = XmlElement | string;

// The Char production: tab, line ends, and every code point from space up but surrogates and
// U+FFFE and U+FFFF.
const NOT_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
// Names: ASCII as the specification has them, and any letter or mark beyond, which is wider than
// the specification but tells no feed apart (every name a feed uses is ASCII).
const NAME = /[:A-Z_a-z\p{L}][:A-Z_a-z\p{L}\p{M}\p{Nd}\-.\u00B7]*/uy;
const SPACE = /[ \t\n]*/y;
const REFERENCE = /&(?:(lt|gt|amp|apos|quot)|#([0-9]+)|#x([0-9a-fA-F]+));/y;
const PREDEFINED: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  apos: "'",
  quot: '"',
};

/** Reads `xml` as a well-formed XML 1.0 document and returns its root element. */
export function parseStrictXml(xml: string): XmlElement {
  return new Reader(xml.replace(/\r\n?/g, '\n')).document();
}

/** The text an element holds, its descendants' included. */
export function textOf(node: XmlNode): string {
  return typeof node === 'string' ? node : node.children.map(textOf).join('');
}

/** The child elements of `element` named `name`. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter(
    (child): child is XmlElement => typeof child !== 'string' && child.name === name,
  );
}

class Reader {
  private at = 0;

  constructor(private readonly xml: string) {
    const bad = NOT_CHAR.exec(xml);
    if (bad)
      this.fail(
        `U+${(bad[0].codePointAt(0) ?? 0).toString(16)} is not an XML character`,
        bad.index,
      );
  }

  document(): XmlElement {
    if (this.xml.startsWith('<?xml')) this.instruction(true);
    this.misc();
    if (this.xml.startsWith('<!DOCTYPE', this.at)) this.fail('a DTD, which this reader refuses');
    const root = this.element();
    this.misc();
    if (this.at !== this.xml.length) this.fail('content after the root element');
    return root;
  }

  private misc(): void {
    for (;;) {
      this.space();
      if (this.xml.startsWith('<!--', this.at)) this.comment();
      else if (this.xml.startsWith('<?', this.at)) this.instruction(false);
      else return;
    }
  }

  private element(): XmlElement {
    this.expect('<');
    const name = this.name();
    const attributes = new Map<string, string>();
    for (;;) {
      const before = this.at;
      this.space();
      if (this.eat('/>')) return { name, attributes, children: [] };
      if (this.eat('>')) break;
      if (this.at === before) this.fail('no space before an attribute');
      const attribute = this.name();
      this.space();
      this.expect('=');
      this.space();
      if (attributes.has(attribute)) this.fail(`attribute ${attribute} given twice`);
      attributes.set(attribute, this.attributeValue());
    }
    const children: XmlNode[] = [];
    let text = '';
    for (;;) {
      if (this.at >= this.xml.length) this.fail(`<${name}> is never closed`);
      if (this.eat('<![CDATA[')) {
        const end = this.xml.indexOf(']]>', this.at);
        if (end < 0) this.fail('an unclosed CDATA section');
        text += this.xml.slice(this.at, end);
        this.at = end + 3;
      } else if (this.xml.startsWith('<!--', this.at)) this.comment();
      else if (this.xml.startsWith('<?', this.at)) this.instruction(false);
      else if (this.eat('</')) {
        if (this.name() !== name) this.fail(`a closing tag that does not match <${name}>`);
        this.space();
        this.expect('>');
        if (text) children.push(text);
        return { name, attributes, children };
      } else if (this.xml[this.at] === '<') {
        if (text) children.push(text);
        text = '';
        children.push(this.element());
      } else if (this.xml[this.at] === '&') text += this.reference();
      else {
        const end = this.xml.slice(this.at).search(/[<&]/);
        const chars = this.xml.slice(this.at, end < 0 ? undefined : this.at + end);
        const cdataEnd = chars.indexOf(']]>');
        if (cdataEnd >= 0) this.fail(']]> in character data', this.at + cdataEnd);
        text += chars;
        this.at += chars.length;
      }
    }
  }

  private attributeValue(): string {
    const quote = this.xml[this.at];
    if (quote !== '"' && quote !== "'") this.fail('an attribute value without quotes');
    this.at++;
    let value = '';
    for (;;) {
      const char = this.xml[this.at];
      if (char === undefined) this.fail('an unclosed attribute value');
      if (char === quote) break;
      if (char === '<') this.fail('< in an attribute value');
      if (char === '&') value += this.reference();
      else {
        value += char === '\t' || char === '\n' ? ' ' : char;
        this.at++;
      }
    }
    this.at++;
    return value;
  }

  private reference(): string {
    REFERENCE.lastIndex = this.at;
    const match = REFERENCE.exec(this.xml);
    if (!match) return this.fail('& that begins no reference');
    this.at = REFERENCE.lastIndex;
    const [, entity, decimal, hex] = match;
    if (entity) return PREDEFINED[entity] ?? '';
    const code = decimal ? Number(decimal) : parseInt(hex ?? '', 16);
    const char = code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFF';
    if (NOT_CHAR.test(char))
      this.fail(`a reference to U+${code.toString(16)}, not an XML character`);
    return char;
  }

  private comment(): void {
    this.expect('<!--');
    const end = this.xml.indexOf('--', this.at);
    if (end < 0) this.fail('an unclosed comment');
    if (!this.xml.startsWith('-->', end)) this.fail('-- in a comment', end);
    this.at = end + 3;
  }

  private instruction(declaration: boolean): void {
    this.expect('<?');
    const target = this.name();
    if (!declaration && target.toLowerCase() === 'xml') this.fail('an XML declaration not first');
    const end = this.xml.indexOf('?>', this.at);
    if (end < 0) this.fail('an unclosed processing instruction');
    this.at = end + 2;
  }

  private name(): string {
    NAME.lastIndex = this.at;
    const match = NAME.exec(this.xml);
    if (!match) return this.fail('a name expected');
    this.at = NAME.lastIndex;
    return match[0];
  }

  private space(): void {
    SPACE.lastIndex = this.at;
    SPACE.exec(this.xml);
    this.at = SPACE.lastIndex;
  }

  private eat(text: string): boolean {
    if (!this.xml.startsWith(text, this.at)) return false;
    this.at += text.length;
    return true;
  }

  private expect(text: string): void {
    if (!this.eat(text)) this.fail(`${text} expected`);
  }

  private fail(problem: string, at = this.at): never {
    const line = this.xml.slice(0, at).split('\n').length;
    const near = JSON.stringify(this.xml.slice(Math.max(0, at - 30), at + 30));
    throw new Error(`not well-formed XML: ${problem}, line ${line}, near ${near}`);
  }
}

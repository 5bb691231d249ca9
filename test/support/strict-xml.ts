// Test support: XML read strictly, as the specification has it. The lenient parsers feeds are
// usually read with (sax, fast-xml-parser, cheerio) accept what XML forbids — a second `]]>`
// after a CDATA section, control characters, `<` in an attribute — so feeds are read with
// saxes, which does not: any document it reads is well-formed, every prefix bound to a
// namespace, and anything else throws.
import { SaxesParser } from 'saxes';

/** An element: its name, its attributes, and its children, adjacent text joined. */
export interface XmlElement {
  readonly name: string;
  readonly attributes: ReadonlyMap<string, string>;
  readonly children: readonly XmlNode[];
}
export type XmlNode = XmlElement | string;

interface OpenElement extends XmlElement {
  readonly children: XmlNode[];
}

/** Reads `xml` as a well-formed XML 1.0 document and returns its root element. */
export function parseStrictXml(xml: string): XmlElement {
  // Namespaces checked too: a prefix bound nowhere (`dc:creator` without `xmlns:dc`) is an
  // error to browsers and to feed readers that read XML with namespaces.
  const parser = new SaxesParser({ xmlns: true });
  const open: OpenElement[] = [];
  let root: XmlElement | undefined;
  const addText = (text: string): void => {
    const children = open.at(-1)?.children;
    if (!children) return;
    const last = children.length - 1;
    if (typeof children[last] === 'string') children[last] += text;
    else children.push(text);
  };
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element: OpenElement = {
      name: tag.name,
      attributes: new Map(
        Object.entries(tag.attributes).map(([name, attribute]) => [name, attribute.value]),
      ),
      children: [],
    };
    open.at(-1)?.children.push(element);
    open.push(element);
  });
  parser.on('closetag', () => {
    const element = open.pop();
    if (open.length === 0) root = element;
  });
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(xml).close();
  if (!root) throw new Error('the document has no root element');
  return root;
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

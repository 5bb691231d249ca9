// Import: what a blog's own tags wrote, read from the page its engine built. A tag of the blog's
// own (an Eleventy shortcode written in JavaScript, a Jekyll plugin's Liquid tag, a Hugo
// shortcode's template) is code the import does not run; where such a tag stands alone between
// two blocks of text, the built page shows its HTML between those blocks' own.
import MarkdownIt from 'markdown-it';
import { type DomUtils, Parser, parseDocument } from 'htmlparser2';
import { escapeRegExp } from '../text/escape-reg-exp.js';
import { pushTo } from './built-site.js';

type DomNode = ReturnType<typeof DomUtils.getChildren>[number];
type DomElement = Extract<DomNode, { readonly attribs: unknown }>;
type DomText = Extract<DomNode, { readonly data: string }>;
type DomDocument = ReturnType<typeof parseDocument>;

const isElement = (node: DomNode): node is DomElement => 'attribs' in node;
const isText = (node: DomNode): node is DomText => String(node.type) === 'text';

// A Liquid or Nunjucks tag, or a Hugo shortcode, alone on its line.
const TAG_LINE =
  /^[ \t]*(?:\{%-?\s*([A-Za-z_]\w*)[^\n]*?-?%\}|\{\{[<%]\s*([\w.-][\w./-]*)[^\n]*?[>%]\}\})[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
// What a tag wrote that a post cannot carry: scripts, frames and styles, which Folio's pages run
// and load none of (a player, an ad, a card a script fills in show nothing); and `<pre>`, whose
// lines Markdown would read.
const UNCOPIED = /<(?:script|iframe|style|link|noscript|pre)[\s>/]/i;
// How much of a neighbouring block's text finds it in the page: enough to be its own, and no more
// than a theme's typography (quotes, dashes, spaces) could make differ.
const KEY_LENGTH = 32;
const SHORTEST_KEY = 6;

const markdown = new MarkdownIt({ html: true });

/** What a blog's own tags wrote, as `builtTagWriting` reads it from a built page. */
export interface BuiltWriting {
  /**
   * The HTML each tag standing alone between two blocks wrote, by the tag's line in the post file.
   * A tag whose place in the page cannot be told for certain (its neighbours' text is not found
   * once, or a run of tags wrote a different number of elements than it holds) has none.
   */
  readonly tags: Map<number, string>;
  /**
   * What each tag inside an attribute of an HTML element (`<img src="{% img_url a.png %}" alt="A">`)
   * or a Markdown image's address wrote: the same attribute of the page's element of that name
   * with the same other attributes, paired in order where the body and the page hold as many
   * such elements. By `line tag`, the tag as written and its line in the post file.
   */
  readonly values: Map<string, string>;
}

/**
 * What the tags of `body` wrote into `html`, the page its engine built of the post (`body` starts
 * at line `bodyLine` of the post file).
 */
export function builtTagWriting(body: string, bodyLine: number, html: string): BuiltWriting {
  const lines = body.split('\n');
  const kinds = lineKinds(lines, body);
  const runs = tagRuns(lines, kinds);
  const wanted = templatedElements(lines, kinds, bodyLine);
  if (runs.length === 0 && wanted.length === 0) return { tags: new Map(), values: new Map() };
  const document = parseDocument(html, { withStartIndices: true, withEndIndices: true });
  return {
    tags: tagOutputs(runs, bodyLine, html, document),
    values: attributeValues(wanted, document),
  };
}

function tagOutputs(
  runs: readonly TagRun[],
  bodyLine: number,
  html: string,
  document: DomDocument,
): Map<number, string> {
  const outputs = new Map<number, string>();
  if (runs.length === 0) return outputs;
  const page = readPage(document);
  for (const run of runs) {
    const before = keyOf(run.before, 'end');
    const after = keyOf(run.after, 'start');
    if (before === '' || (after === '' && run.after !== '')) continue;
    const between = page.between(before, after, run.lines.length);
    if (between === undefined) continue;
    const written = between.map((node) =>
      html.slice(node.startIndex ?? 0, (node.endIndex ?? 0) + 1),
    );
    if (written.some((part) => UNCOPIED.test(part))) continue;
    if (run.lines.length === written.length) {
      run.lines.forEach((line, i) => outputs.set(bodyLine + line, written[i] ?? ''));
    } else if (run.lines.length === 1 && run.lines[0] !== undefined) {
      outputs.set(bodyLine + run.lines[0], written.join('\n'));
    }
  }
  return outputs;
}

/** Tags alone on their lines, one after another but for blank lines, with the text around them. */
interface TagRun {
  /** The lines of the tags, from the body's first. */
  readonly lines: number[];
  /** The Markdown of the block before the run, and of the one after. */
  before: string;
  after: string;
}

function tagRuns(lines: readonly string[], kinds: readonly LineKind[]): TagRun[] {
  const runs: TagRun[] = [];
  let i = 0;
  while (i < lines.length) {
    if (kinds[i] !== 'tag') {
      i++;
      continue;
    }
    const run: TagRun = { lines: [], before: blockBefore(lines, kinds, i), after: '' };
    while (i < lines.length && (kinds[i] === 'tag' || kinds[i] === 'blank')) {
      if (kinds[i] === 'tag') run.lines.push(i);
      i++;
    }
    run.after = blockFrom(lines, kinds, i);
    if (run.before !== '') runs.push(run);
  }
  return runs;
}

type LineKind = 'text' | 'blank' | 'tag' | 'code';

/**
 * Each line's kind: a tag alone (not one that opens or closes a block of text, which is read as
 * text around its content), blank, in a fenced block of code, or other text.
 */
function lineKinds(lines: readonly string[], body: string): LineKind[] {
  let fence: string | undefined;
  return lines.map((line) => {
    const marks = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (marks !== undefined && marks[0] === fence[0] && marks.length >= fence.length)
        fence = undefined;
      return 'code';
    }
    if (marks !== undefined) {
      fence = marks;
      return 'code';
    }
    if (line.trim() === '') return 'blank';
    const tag = TAG_LINE.exec(line);
    const name = tag?.[1] ?? tag?.[2];
    if (name === undefined || name.startsWith('end') || name.startsWith('/')) return 'text';
    const closed =
      body.includes(`end${name}`) ||
      new RegExp(`\\{\\{[<%]\\s*/\\s*${escapeRegExp(name)}\\b`).test(body);
    return closed ? 'text' : 'tag';
  });
}

// The text around a run of tags: its blocks up to the next tag or code, a short heading's
// neighbours too.
const TEXT_KINDS: ReadonlySet<LineKind> = new Set(['text', 'blank']);

/** The text that ends just before line `at`, back to a tag or code, or '' for none. */
function blockBefore(lines: readonly string[], kinds: readonly LineKind[], at: number): string {
  let start = at - 1;
  while (start >= 0 && TEXT_KINDS.has(kinds[start] ?? 'code')) start--;
  return lines
    .slice(start + 1, at)
    .join('\n')
    .trim();
}

/** The text that starts at line `at`, up to a tag or code, or '' where one does. */
function blockFrom(lines: readonly string[], kinds: readonly LineKind[], at: number): string {
  let end = at;
  while (end < lines.length && TEXT_KINDS.has(kinds[end] ?? 'code')) end++;
  return lines.slice(at, end).join('\n').trim();
}

/** The end or the start of a block's text as `normalText` gives it, or '' when too little. */
function keyOf(block: string, side: 'start' | 'end'): string {
  // A tag inside the text (an image's address, a link's) is no text of the page's.
  const untagged = block.replace(TAG_IN_VALUE, '');
  const text = normalText(markdown.render(untagged).replace(/<[^>]*>/g, ''));
  if (text.length < SHORTEST_KEY) return '';
  return side === 'end' ? text.slice(-KEY_LENGTH) : text.slice(0, KEY_LENGTH);
}

/** Letters and digits only, in one form and case: what a page and its Markdown both show. */
export function normalText(text: string): string {
  return (
    text
      .replace(/&(?:#\d+|#x[\da-f]+|\w+);/gi, ' ')
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.join('') ?? ''
  );
}

interface BuiltPage {
  /**
   * The nodes between those whose text ends with `before` and those whose text starts with
   * `after`, children of one parent; undefined unless exactly one such run is found. Without
   * `after` (the tags end the body), the nodes after `before` to the end of their parent, which
   * must be `count` elements.
   */
  between(before: string, after: string, count: number): DomNode[] | undefined;
}

function readPage(document: DomDocument): BuiltPage {
  const texts = new Map<DomNode, string>();
  const parents: DomElement[] = [];
  const walk = (node: DomNode): string => {
    let text = '';
    if (isText(node)) text = normalText(node.data);
    else if (isElement(node) && node.name !== 'script' && node.name !== 'style') {
      for (const child of node.children) text += walk(child);
      if (node.children.length > 1) parents.push(node);
    }
    texts.set(node, text);
    return text;
  };
  for (const child of document.children) walk(child);
  const textOf = (node: DomNode): string => texts.get(node) ?? '';
  return {
    between(before, after, count) {
      if (before === '') return undefined;
      const found: DomNode[][] = [];
      for (const parent of parents) {
        const nodes = runBetween(parent.children, textOf, before, after, count);
        if (nodes !== undefined) found.push(nodes);
      }
      // Without a text after the tags, the innermost parent is the body's own.
      return found.length === 1 || (after === '' && found.length > 0) ? found[0] : undefined;
    },
  };
}

/**
 * Among `children`, the nodes after the last one whose text, with all before it, ends with
 * `before`, up to the first with text of its own whose text, with all after it, starts with
 * `after`; at least one node with something to show lies between.
 */
function runBetween(
  children: readonly DomNode[],
  textOf: (node: DomNode) => string,
  before: string,
  after: string,
  count: number,
): DomNode[] | undefined {
  const texts = children.map(textOf);
  let prefix = '';
  for (let i = 0; i < children.length; i++) {
    prefix += texts[i] ?? '';
    if (texts[i] === '' || !prefix.endsWith(before)) continue;
    if (after === '') {
      const rest = children.slice(i + 1).filter(shown);
      return rest.length === count && rest.every(isElement) ? rest : undefined;
    }
    let suffix = '';
    for (let j = children.length - 1; j > i + 1; j--) {
      suffix = (texts[j] ?? '') + suffix;
      if (texts[j] === '' || !suffix.startsWith(after)) continue;
      const nodes = children.slice(i + 1, j).filter(shown);
      // The text between is the tags' alone: none of it is the blocks'.
      if (nodes.length === 0 || nodes.some((node) => textOf(node).includes(after)))
        return undefined;
      return nodes;
    }
    return undefined;
  }
  return undefined;
}

/** Whether a page shows `node`: an element, or text other than spaces. */
function shown(node: DomNode): boolean {
  return isElement(node) || (isText(node) && node.data.trim() !== '');
}

// One tag of Liquid or Nunjucks, or one Hugo shortcode, in a text or an attribute's value.
const TAG_IN_VALUE = /\{%-?[^%]*?-?%\}|\{\{[<%][^}]*?[>%]\}\}/g;

// `![text](tag "title")`, its text plain, its address a tag alone.
const MARKDOWN_IMAGE =
  /!\[([^\]\\*_`[]*)\]\(\s*(\{%-?[^%]*?-?%\}|\{\{[<%][^}]*?[>%]\}\})\s*(?:"([^"]*)")?\s*\)/g;

/** An element of a body whose attributes hold tags, with those it holds as written. */
interface TemplatedElement {
  readonly line: number;
  readonly name: string;
  /** Its other attributes, which find it on the page. */
  readonly literal: readonly (readonly [name: string, value: string])[];
  readonly templated: readonly {
    readonly name: string;
    readonly before: string;
    readonly tag: string;
    readonly after: string;
  }[];
}

/** What identifies the elements a body's element may be on the page: its name and literals. */
function signatureOf(element: TemplatedElement): string {
  return JSON.stringify([element.name, [...element.literal].sort()]);
}

function attributeValues(
  wanted: readonly TemplatedElement[],
  document: DomDocument,
): Map<string, string> {
  const values = new Map<string, string>();
  if (wanted.length === 0) return values;
  const bySignature = new Map<string, TemplatedElement[]>();
  for (const element of wanted) pushTo(bySignature, signatureOf(element), element);
  const found = new Map<string, DomElement[]>();
  const walk = (node: DomNode): void => {
    if (!isElement(node)) return;
    for (const [signature, [first]] of bySignature) {
      if (first !== undefined && matches(node, first)) pushTo(found, signature, node);
    }
    for (const child of node.children) walk(child);
  };
  for (const child of document.children) walk(child);
  const given = new Map<string, string | undefined>();
  for (const [signature, elements] of bySignature) {
    const onPage = found.get(signature) ?? [];
    if (onPage.length !== elements.length) continue;
    elements.forEach((element, i) => {
      const shownThere = onPage[i];
      for (const { name, before, tag, after } of element.templated) {
        const value = shownThere?.attribs[name];
        if (value === undefined || !value.startsWith(before) || !value.endsWith(after)) continue;
        const key = `${element.line} ${tag}`;
        const written = value.slice(before.length, value.length - after.length);
        // One tag written twice on a line, given two values: neither can be told.
        given.set(key, given.has(key) && given.get(key) !== written ? undefined : written);
      }
    });
  }
  for (const [key, value] of given) if (value !== undefined) values.set(key, value);
  return values;
}

/** The elements of the body's HTML and Markdown images whose attributes hold tags. */
function templatedElements(
  lines: readonly string[],
  kinds: readonly LineKind[],
  bodyLine: number,
): TemplatedElement[] {
  const elements: TemplatedElement[] = [];
  lines.forEach((text, i) => {
    if (kinds[i] === 'code' || !/\{%|\{\{[<%]/.test(text)) return;
    const line = bodyLine + i;
    // The line's HTML as a page's parser reads it, its attributes' references decoded.
    const parser = new Parser(
      {
        onopentag(name, attributes) {
          const literal: [string, string][] = [];
          const templated: TemplatedElement['templated'][number][] = [];
          for (const [attribute, value] of Object.entries(attributes)) {
            const tags = [...value.matchAll(TAG_IN_VALUE)];
            const [only] = tags;
            if (tags.length === 0) literal.push([attribute, value]);
            else if (tags.length === 1 && only !== undefined)
              templated.push({
                name: attribute,
                before: value.slice(0, only.index),
                tag: only[0],
                after: value.slice(only.index + only[0].length),
              });
          }
          if (templated.length > 0) elements.push({ line, name, literal, templated });
        },
      },
      { decodeEntities: true },
    );
    parser.end(text);
    // Markdown's image is an `<img>` of its text and title, its address the tag's.
    for (const [, alt = '', tag = '', title] of text.matchAll(MARKDOWN_IMAGE)) {
      elements.push({
        line,
        name: 'img',
        literal: [['alt', alt], ...(title === undefined ? [] : [['title', title] as const])],
        templated: [{ name: 'src', before: '', tag, after: '' }],
      });
    }
  });
  return elements;
}

/** Whether `node` is an element such as `element`, with each attribute its tags wrote. */
function matches(node: DomElement, element: TemplatedElement): boolean {
  return (
    node.name === element.name &&
    element.literal.every(([name, value]) => node.attribs[name] === value) &&
    element.templated.every(({ name }) => name in node.attribs)
  );
}

/** A heading of a built page: its text as `normalText` gives it, and the id links to it end in. */
export interface BuiltHeading {
  readonly key: string;
  readonly id: string;
}

/**
 * The headings of a built page that carry an id (on the heading, or on an anchor inside it, as
 * some themes put one), in the page's order. What is hidden from readers is not its text; a
 * theme's `#` or `¶` beside it holds no letter to count.
 */
export function builtHeadings(html: string): BuiltHeading[] {
  const headings: BuiltHeading[] = [];
  const visit = (node: DomNode): void => {
    if (!isElement(node)) return;
    if (/^h[1-6]$/.test(node.name)) {
      const id = node.attribs.id ?? anchorId(node);
      const key = normalText(shownText(node));
      if (id !== undefined && id !== '' && key !== '') headings.push({ key, id });
      return;
    }
    node.children.forEach(visit);
  };
  parseDocument(html).children.forEach(visit);
  return headings;
}

function anchorId(heading: DomElement): string | undefined {
  for (const child of heading.children) {
    if (!isElement(child) || child.name !== 'a') continue;
    const id = child.attribs.id ?? child.attribs.name;
    if (id !== undefined) return id;
  }
  return undefined;
}

function shownText(node: DomNode): string {
  if (isText(node)) return node.data;
  if (!isElement(node) || node.attribs['aria-hidden'] === 'true') return '';
  return node.children.map(shownText).join('');
}

// Import: a Hugo post or page written in Org — its `#+KEY: value` lines read as Hugo reads them
// for front matter, its body written again in Markdown that Folio renders as Hugo's Org renderer
// (go-org) rendered the Org: headlines a level below the title, code fenced with its language,
// quotes, lists, tables, footnotes, images with their captions. Org is read line by line, as
// its syntax is made of lines; what a blog does not use (agendas, clocks, spreadsheets) is left
// out or kept as text.
import { escapeRegExp } from '../text/escape-reg-exp.js';
import { fenceFor } from './convert-body.js';
import type { ForeignDocument } from './foreign-document.js';

// Front matter keys Hugo splits on white space without the `[]` that asks for a list.
const LISTS = new Set(['tags', 'categories', 'aliases', 'keywords', 'series']);
const DATES = new Set(['date', 'lastmod', 'publishdate', 'expirydate']);
const IMAGE = /\.(?:png|jpe?g|gif|svg|webp|avif|bmp)$/i;

const KEYWORD = /^\s*#\+([^:\s]+):\s?(.*)$/;
const BLOCK_BEGIN = /^\s*#\+begin_(\S+)\s*(.*)$/i;
const HEADLINE = /^(\*+)\s+(.*?)\s*$/;
const LIST_ITEM = /^(\s*)([-+]|(?<!^)\*|\d+[.)])(?:\s+|$)(.*)$/;
const TABLE_ROW = /^\s*\|/;
const FIXED_WIDTH = /^\s*:(?:\s|$)/;
const DRAWER = /^\s*:[\w-]+:\s*$/;
const PLANNING = /^\s*(?:SCHEDULED|DEADLINE|CLOSED):/;
const FOOTNOTE_DEFINITION = /^\[fn:([^\]\s]+)\]\s*(.*)$/;
const LATEX_BEGIN = /^\s*\\begin\{([^}]+)\}/;
const RULE = /^\s*-{5,}\s*$/;

/**
 * An Org file as Hugo reads it: the `#+KEY: value` lines it opens with are its front matter
 * (`#+TAGS[]: a b` a list, an Org timestamp `<2022-04-30 Sat 10:00>` a date), the rest its body,
 * here in Markdown. A post with LaTeX in it turns math on.
 */
export function readOrgDocument(text: string): ForeignDocument {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const fields: Record<string, unknown> = {};
  let at = 0;
  for (; at < lines.length; at++) {
    const line = lines[at] ?? '';
    if (line.trim() === '' || /^#(?:\s|$)/.test(line)) continue;
    const keyword = KEYWORD.exec(line);
    if (!keyword || BLOCK_BEGIN.test(line)) break;
    const [, rawKey = '', rawValue = ''] = keyword;
    const key = rawKey.replace(/\[\]$/, '').toLowerCase();
    const value = rawValue.trim();
    fields[key] =
      rawKey.endsWith('[]') || LISTS.has(key)
        ? value.split(/\s+/).filter(Boolean)
        : DATES.has(key)
          ? orgDate(value)
          : key === 'draft'
            ? /^(?:t|true|yes|1)$/i.test(value)
            : value;
  }
  const writer = new MarkdownWriter();
  const blocks = writer.blocks(lines.slice(at));
  if (writer.math && fields.math === undefined) fields.math = true;
  return {
    fields,
    format: 'org',
    body: [...blocks, ...writer.footnotes].join('\n\n') + '\n',
    bodyLine: at + 1,
  };
}

/** An Org timestamp as a date Folio reads: `<2022-04-30 Sat 10:00>` is `2022-04-30 10:00`. */
function orgDate(value: string): string {
  const stamp =
    /^[<[](\d{4}-\d{2}-\d{2})(?:\s+[^\d\s>\]]+)?(?:\s+(\d{1,2}:\d{2}))?[^>\]]*[>\]]$/.exec(value);
  if (!stamp) return value;
  const [, day = '', time] = stamp;
  return time === undefined ? day : `${day} ${time.padStart(5, '0')}`;
}

/** Writes Org's lines as Markdown blocks. */
class MarkdownWriter {
  /** Whether the body holds LaTeX, which Folio typesets with math on. */
  math = false;
  /** The footnotes' definitions, which go at the end. */
  readonly footnotes: string[] = [];
  #inlineNotes = 0;

  blocks(lines: readonly string[]): string[] {
    const blocks: string[] = [];
    let caption: string | undefined;
    let skipBelow: number | undefined;
    for (let at = 0; at < lines.length;) {
      const line = lines[at] ?? '';
      const headline = HEADLINE.exec(line);
      if (skipBelow !== undefined) {
        if (!headline || (headline[1] ?? '').length > skipBelow) {
          at++;
          continue;
        }
        skipBelow = undefined;
      }
      // `# more`, a comment to Org, is where Hugo ends an Org post's summary.
      if (/^# more\s*$/.test(line)) {
        blocks.push('<!--more-->');
        at++;
        continue;
      }
      if (line.trim() === '' || /^\s*#(?:\s|$)/.test(line) || PLANNING.test(line)) {
        at++;
        continue;
      }
      if (headline) {
        const level = (headline[1] ?? '').length;
        const title = headlineTitle(headline[2] ?? '');
        if (title === undefined) skipBelow = level;
        else {
          // Its `CUSTOM_ID` is its id, which go-org gave it and `[[#id]]` links to.
          const id = customId(lines, at + 1);
          const text = this.inline(title).replace(/\{(?=#[^}]*\}$)/, '\\{');
          // go-org makes a first-level headline an `<h2>`, below the page's title.
          blocks.push(`${'#'.repeat(Math.min(level + 1, 6))} ${text}${id ? ` {#${id}}` : ''}`);
        }
        at++;
        continue;
      }
      const begin = BLOCK_BEGIN.exec(line);
      if (begin) {
        const name = (begin[1] ?? '').toLowerCase();
        const end = new RegExp(`^\\s*#\\+end_${escapeRegExp(name)}\\s*$`, 'i');
        let close = at + 1;
        while (close < lines.length && !end.test(lines[close] ?? '')) close++;
        const block = this.#namedBlock(name, begin[2] ?? '', lines.slice(at + 1, close));
        if (block !== undefined) blocks.push(block);
        at = close + 1;
        continue;
      }
      const keyword = KEYWORD.exec(line);
      if (keyword) {
        const key = (keyword[1] ?? '').toUpperCase();
        if (key === 'CAPTION') caption = keyword[2]?.trim();
        // `#+TOC: headlines 2` asked for a table of contents where it stands.
        else if (key === 'TOC') blocks.push('[[toc]]');
        else if (key === 'HTML') blocks.push(keyword[2] ?? '');
        at++;
        continue;
      }
      if (DRAWER.test(line)) {
        let end = at + 1;
        while (end < lines.length && !/^\s*:END:\s*$/i.test(lines[end] ?? '')) end++;
        at = end < lines.length ? end + 1 : at + 1;
        continue;
      }
      const latex = LATEX_BEGIN.exec(line);
      if (latex) {
        const end = new RegExp(`\\\\end\\{${escapeRegExp(latex[1] ?? '')}\\}`);
        let close = at;
        while (close < lines.length && !end.test(lines[close] ?? '')) close++;
        this.math = true;
        blocks.push(`$$\n${lines.slice(at, close + 1).join('\n')}\n$$`);
        at = close + 1;
        continue;
      }
      if (FIXED_WIDTH.test(line)) {
        const start = at;
        while (at < lines.length && FIXED_WIDTH.test(lines[at] ?? '')) at++;
        blocks.push(
          fenced(
            lines
              .slice(start, at)
              .map((l) => l.replace(/^\s*:\s?/, ''))
              .join('\n'),
            '',
          ),
        );
        continue;
      }
      if (TABLE_ROW.test(line)) {
        const start = at;
        while (at < lines.length && TABLE_ROW.test(lines[at] ?? '')) at++;
        blocks.push(this.#table(lines.slice(start, at)));
        continue;
      }
      if (RULE.test(line)) {
        blocks.push('---');
        at++;
        continue;
      }
      const footnote = FOOTNOTE_DEFINITION.exec(line);
      if (footnote) {
        const start = at++;
        while (at < lines.length && isParagraphLine(lines[at] ?? '')) at++;
        const text = [footnote[2] ?? '', ...lines.slice(start + 1, at)].map((l) => l.trim());
        this.footnotes.push(`[^${footnote[1] ?? ''}]: ${this.inline(text.join('\n'))}`);
        continue;
      }
      if (LIST_ITEM.test(line)) {
        const { markdown, next } = this.#list(lines, at);
        blocks.push(markdown);
        at = next;
        continue;
      }
      const start = at;
      while (at < lines.length && isParagraphLine(lines[at] ?? '')) at++;
      if (at === start) at++;
      const paragraph = this.inline(
        lines
          .slice(start, at)
          .map((l) => l.trim())
          .join('\n'),
      );
      // An image alone, under a `#+CAPTION`, is a figure: the caption on the line below it.
      blocks.push(
        caption !== undefined && /^!\[[^\]]*\]\([^)]*\)$/.test(paragraph)
          ? `${paragraph}\n_${this.inline(caption)}_`
          : paragraph,
      );
      caption = undefined;
    }
    return blocks.filter((block) => block.trim() !== '');
  }

  #namedBlock(name: string, parameters: string, lines: readonly string[]): string | undefined {
    const [first = ''] = parameters.split(/\s+/);
    // A line of a block that begins with `,*` or `,#+` is escaped so, for Org not to read it.
    const raw = lines.map((line) => line.replace(/^(\s*),(\*|#\+)/, '$1$2')).join('\n');
    switch (name) {
      case 'src':
        return fenced(dedent(raw), first);
      case 'example':
        return fenced(dedent(raw), '');
      case 'export':
        return first.toLowerCase() === 'html' ? raw : undefined;
      case 'html':
        return raw;
      case 'comment':
        return undefined;
      case 'quote':
        return this.blocks(lines)
          .join('\n\n')
          .split('\n')
          .map((line) => (line === '' ? '>' : `> ${line}`))
          .join('\n');
      case 'verse':
        return lines.map((line) => this.inline(line.trim())).join('\\\n');
      default:
        return this.blocks(lines).join('\n\n');
    }
  }

  /** The list whose first item is at `start`, its items and what is indented under them. */
  #list(lines: readonly string[], start: number): { markdown: string; next: number } {
    const first = LIST_ITEM.exec(lines[start] ?? '');
    const indent = (first?.[1] ?? '').length;
    const items: string[] = [];
    let at = start;
    let number = 1;
    while (at < lines.length) {
      const item = LIST_ITEM.exec(lines[at] ?? '');
      if (!item || (item[1] ?? '').length !== indent) break;
      const ordered = /\d/.test(item[2] ?? '');
      // The item's lines: those indented past its bullet, blank lines between them included.
      const own = [item[3] ?? ''];
      at++;
      while (at < lines.length) {
        const line = lines[at] ?? '';
        if (line.trim() === '') {
          const next = lines.slice(at).findIndex((l) => l.trim() !== '');
          const after = next < 0 ? '' : (lines[at + next] ?? '');
          if (next < 0 || next > 1 || indentOf(after) <= indent) break;
          own.push('');
          at++;
          continue;
        }
        if (indentOf(line) <= indent) break;
        own.push(line.slice(Math.min(indentOf(line), indent + 2)));
        at++;
      }
      const [first = '', ...rest] = own;
      let head = first;
      const box = /^\[([ xX-])\]\s+/.exec(head);
      if (box) head = head.slice(box[0].length);
      // A description list's item, `term :: text`, gives its term in bold.
      const term = /^(.*?)\s+::(?:\s+|$)(.*)$/.exec(head);
      const body = this.blocks([term ? (term[2] ?? '') : head, ...rest]);
      if (term) body[0] = `**${this.inline(term[1] ?? '')}**: ${body[0] ?? ''}`;
      const marker = ordered ? `${number++}.` : '-';
      const checkbox = box ? (box[1] === ' ' ? '[ ] ' : '[x] ') : '';
      const pad = ' '.repeat(marker.length + 1);
      items.push(
        `${marker} ${checkbox}${joinItemBlocks(body).split('\n').join(`\n${pad}`)}`.replace(
          /\n\s+\n/g,
          '\n\n',
        ),
      );
    }
    return { markdown: items.join('\n'), next: at };
  }

  #table(rows: readonly string[]): string {
    const cells: string[][] = [];
    let header = false;
    for (const row of rows) {
      if (/^\s*\|-/.test(row)) {
        if (cells.length === 1) header = true;
        continue;
      }
      cells.push(
        row
          .trim()
          .replace(/^\||\|$/g, '')
          .split('|')
          .map((cell) => this.inline(cell.trim()).replace(/\|/g, '\\|')),
      );
    }
    const width = Math.max(1, ...cells.map((row) => row.length));
    const line = (row: readonly string[]): string =>
      `| ${Array.from({ length: width }, (_, i) => row[i] ?? '').join(' | ')} |`;
    // GFM needs a header row: a table without one gets an empty one.
    const head = header ? (cells.shift() ?? []) : [];
    return [line(head), `|${' --- |'.repeat(width)}`, ...cells.map(line)].join('\n');
  }

  /** Org's inline markup as Markdown: emphasis, code, links, footnotes, LaTeX, line breaks. */
  inline(text: string): string {
    let out = '';
    let at = 0;
    // Where the next `]]` is: a link is looked for only before it, so that a long text of
    // unclosed `[[` is read once, not once for each of them.
    let linkEnd = -1;
    while (at < text.length) {
      const rest = text.slice(at);
      if (linkEnd !== -2 && linkEnd < at) {
        const next = text.indexOf(']]', at);
        linkEnd = next < 0 ? -2 : next;
      }
      const link =
        linkEnd >= 0 && text.startsWith('[[', at)
          ? /^\[\[((?:[^\]\\]|\\.)+)\](?:\[((?:[^\]]|\](?!\]))+)\])?\]/.exec(rest)
          : null;
      if (link) {
        out += this.#link(link[1] ?? '', link[2]);
        at += link[0].length;
        continue;
      }
      const note = /^\[fn:([^\]:\s]*)(?::([^\]]*))?\]/.exec(rest);
      if (note) {
        let label = note[1] ?? '';
        if (note[2] !== undefined) {
          label ||= `inline-${++this.#inlineNotes}`;
          this.footnotes.push(`[^${label}]: ${this.inline(note[2].trim())}`);
        }
        out += `[^${label}]`;
        at += note[0].length;
        continue;
      }
      const latex = /^\\\((.+?)\\\)|^\\\[(.+?)\\\]/.exec(rest);
      // Only TeX is math: `\[Hacker\]` is a word in brackets, as go-org showed it.
      if (latex && /[\\^_{}=]|^\s*[a-z]\s*$/i.test(latex[1] ?? latex[2] ?? '')) {
        this.math = true;
        out += latex[1] !== undefined ? `$${latex[1]}$` : `$$${latex[2] ?? ''}$$`;
        at += latex[0].length;
        continue;
      }
      // A Hugo shortcode, which Hugo ran in Org too, is left for the import to convert.
      const shortcode = /^\{\{<.*?>\}\}|^\{\{%.*?%\}\}/.exec(rest);
      if (shortcode) {
        out += shortcode[0];
        at += shortcode[0].length;
        continue;
      }
      const snippet = /^@@html:(.*?)@@/.exec(rest);
      if (snippet) {
        out += snippet[1] ?? '';
        at += snippet[0].length;
        continue;
      }
      const marked = emphasisAt(text, at);
      if (marked) {
        const { marker, content, length } = marked;
        out +=
          marker === '=' || marker === '~'
            ? codeSpan(content)
            : `${EMPHASIS[marker] ?? ''}${this.inline(content)}${CLOSING[marker] ?? ''}`;
        at += length;
        continue;
      }
      if (rest.startsWith('\\\\') && /^\\\\[ \t]*(?:\n|$)/.test(rest)) {
        // `\\` at the end of a line breaks it there.
        out += '\\';
        at += 2;
        continue;
      }
      const char = text[at] ?? '';
      const lineStart = at === 0 || text[at - 1] === '\n';
      out += lineStart ? escapeLineStart(rest.split('\n')[0] ?? '', char) : escapeChar(char);
      at++;
    }
    return out;
  }

  #link(target: string, description: string | undefined): string {
    const path = target.replace(/\\([[\]\\])/g, '$1');
    const url = path.replace(/^file:/, '');
    const words = description === undefined ? undefined : this.inline(description);
    // A link within the page (`[[#id]]`, `[[*Heading]]`) or to a name keeps its words.
    if (url.startsWith('*') || (!/^[a-z][\w+.-]*:|^[./#]|\//i.test(url) && !IMAGE.test(url)))
      return words ?? escapeText(url.replace(/^\*/, ''));
    const href = url.replace(/[()\s<>]/g, (char) => encodeURIComponent(char));
    if (words === undefined && IMAGE.test(url)) return `![](${href})`;
    // A description that is an image's path shows that image, linked.
    if (description !== undefined && IMAGE.test(description) && !/\s/.test(description))
      return `[![](${description.replace(/^file:/, '')})](${href})`;
    return `[${words ?? escapeText(url)}](${href})`;
  }
}

const EMPHASIS_REACH = 2000;
const EMPHASIS: Record<string, string> = { '*': '**', '/': '*', '+': '~~', _: '<u>' };
const CLOSING: Record<string, string> = { '*': '**', '/': '*', '+': '~~', _: '</u>' };

/**
 * The emphasis that opens at `at`, as go-org reads it: a marker after the start, white space or
 * one of `-({'"`, content that neither begins nor ends with white space, on two lines at most, and the
 * same marker before the end, white space or one of `-.,:!?;'")}[\`.
 */
function emphasisAt(
  text: string,
  at: number,
): { marker: string; content: string; length: number } | undefined {
  const marker = text[at] ?? '';
  if (!'*/_+=~'.includes(marker) || marker === '') return undefined;
  const before = text[at - 1];
  if (before !== undefined && !/\s/.test(before) && !`-({'"`.includes(before)) return undefined;
  // Within its line and the next, as Org reads it, and within a paragraph's length: a line of a
  // thousand markers is read in a thousand short looks, not a thousand long ones.
  const first = text.indexOf('\n', at);
  const second = first < 0 ? -1 : text.indexOf('\n', first + 1);
  const end = Math.min(second < 0 ? text.length : second, at + 1 + EMPHASIS_REACH);
  const line = text.slice(at + 1, end);
  if (line === '' || /^\s/.test(line)) return undefined;
  // The content may begin with the marker: go-org reads `**word**` as bold in bold.
  for (let close = line.indexOf(marker, 1); close > 0; close = line.indexOf(marker, close + 1)) {
    const content = line.slice(0, close);
    const after = line[close + 1];
    if (/\s$/.test(content)) continue;
    if (after !== undefined && !/\s/.test(after) && !`-.,:!?;'")}[\\`.includes(after)) continue;
    return { marker, content, length: close + 2 };
  }
  return undefined;
}

/** The `CUSTOM_ID` of the properties under a headline, where it is one word. */
function customId(lines: readonly string[], from: number): string | undefined {
  let at = from;
  while (at < lines.length && PLANNING.test(lines[at] ?? '')) at++;
  if (!/^\s*:PROPERTIES:\s*$/i.test(lines[at] ?? '')) return undefined;
  for (at++; at < lines.length && !/^\s*:END:\s*$/i.test(lines[at] ?? ''); at++) {
    const id = /^\s*:CUSTOM_ID:\s+(\S+)\s*$/i.exec(lines[at] ?? '')?.[1];
    if (id !== undefined) return /^[^\s{}#]+$/.test(id) ? id : undefined;
  }
  return undefined;
}

/** The title of a headline without its TODO keyword, priority and tags; none for one left out. */
function headlineTitle(text: string): string | undefined {
  const tags = /\s+(:[\w@#%:]+:)$/.exec(text);
  const tagList = tags?.[1]?.split(':').filter(Boolean) ?? [];
  let title = tags ? text.slice(0, tags.index) : text;
  // Org's exporters leave out a subtree tagged `noexport`, and one marked COMMENT.
  if (tagList.includes('noexport') || /^COMMENT(?:\s|$)/.test(title)) return undefined;
  title = title.replace(/^(?:TODO|DONE)\s+/, '').replace(/^\[#[A-Z]\]\s+/, '');
  return title;
}

/** An item's blocks, a list inside it right under its text, as a tight list keeps it. */
function joinItemBlocks(blocks: readonly string[]): string {
  return blocks.reduce(
    (joined, block, i) =>
      i === 0 ? block : `${joined}${/^(?:-|\d+\.) /.test(block) ? '\n' : '\n\n'}${block}`,
    '',
  );
}

function isParagraphLine(line: string): boolean {
  return (
    line.trim() !== '' &&
    !HEADLINE.test(line) &&
    !KEYWORD.test(line) &&
    !BLOCK_BEGIN.test(line) &&
    !TABLE_ROW.test(line) &&
    !FIXED_WIDTH.test(line) &&
    !RULE.test(line) &&
    !LIST_ITEM.test(line) &&
    !FOOTNOTE_DEFINITION.test(line) &&
    !LATEX_BEGIN.test(line) &&
    !/^\s*#(?:\s|$)/.test(line)
  );
}

function indentOf(line: string): number {
  return /^\s*/.exec(line)?.[0].length ?? 0;
}

function dedent(code: string): string {
  const lines = code.split('\n');
  const least = Math.min(
    ...lines.filter((line) => line.trim() !== '').map(indentOf),
    Number.POSITIVE_INFINITY,
  );
  return Number.isFinite(least) ? lines.map((line) => line.slice(least)).join('\n') : code;
}

function fenced(code: string, language: string): string {
  const fence = fenceFor(code);
  return `${fence}${language}\n${code.replace(/\n+$/, '')}\n${fence}`;
}

function codeSpan(code: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map(([run]) => run.length));
  const ticks = '`'.repeat(longest + 1);
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${code}${pad}${ticks}`;
}

// The signs Markdown reads as markup wherever they stand.
function escapeChar(char: string): string {
  return /[\\`*_[\]<>~|$&]/.test(char) ? `\\${char}` : char;
}

function escapeText(text: string): string {
  return [...text].map(escapeChar).join('');
}

/** The first sign of a line, escaped where it would open a Markdown block (`#`, `>`, `1.`). */
function escapeLineStart(line: string, char: string): string {
  if (/^(?:[#>+=-]|\d+[.)])(?:\s|$)/.test(line.trimStart()) && line.trimStart().startsWith(char))
    return /\d/.test(char) ? char : `\\${char}`;
  return escapeChar(char);
}

// Load: fenced code as bloggers write it — highlighted in its language, with a title, marked
// lines, line numbers and the added and removed lines of a diff — into plain HTML and CSS.
import type MarkdownIt from 'markdown-it';
import { escapeHtml, unescapeAll } from 'markdown-it/lib/common/utils.mjs';
import { grammarFileOf, highlightCode, type GrammarSource } from './highlight.js';
import { noteFeature } from './technical-writing.js';

/** What a fence's info string asks for, beyond its language. */
export interface CodeInfo {
  readonly language: string;
  readonly title: string | undefined;
  readonly marked: ReadonlySet<number>;
  readonly lineNumbers: boolean;
}

/** The environment a code block is rendered in. */
export interface CodeEnv {
  readonly grammars?: GrammarSource | undefined;
}

const TITLE = /\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/;
const BRACES = /\{([^}]*)\}/g;
const LINE_NUMBERS = /(?:^|\s)(?:showLineNumbers|linenos|line-numbers)(?=\s|$)/;

/**
 * The info string of a fence, in the spellings of Docusaurus (`js title="app.js" {1,3-5}
 * showLineNumbers`), VitePress (`js{1,3}`, `js:line-numbers`) and Hugo (`go {linenos=true,
 * hl_lines=[2,"5-7"]}`).
 */
export function parseCodeInfo(info: string): CodeInfo {
  const text = unescapeAll(info).trim();
  const first = /^[^\s{]+/.exec(text)?.[0] ?? '';
  const language = first.replace(/:line-numbers$/, '');
  const titleMatch = TITLE.exec(text);
  const marked = new Set<number>();
  let lineNumbers = first.endsWith(':line-numbers') || LINE_NUMBERS.test(text);
  for (const [, inside = ''] of text.matchAll(BRACES)) {
    const hugo = /hl_lines\s*=\s*\[([^\]]*)\]/.exec(inside);
    if (/linenos\s*=\s*(?:true|table|inline)/.test(inside)) lineNumbers = true;
    const ranges = hugo ? (hugo[1] ?? '') : /^[\d\s,-]+$/.test(inside) ? inside : '';
    for (const range of ranges.split(',')) addRange(range.replace(/["'\s]/g, ''), marked);
  }
  return {
    language,
    title: titleMatch ? (titleMatch[1] ?? titleMatch[2] ?? titleMatch[3]) : undefined,
    marked,
    lineNumbers,
  };
}

// A range past any real block's length is a typo, not a reason to loop for long.
const MOST_MARKED = 100_000;

function addRange(range: string, marked: Set<number>): void {
  const [from = NaN, to = from] = range.split('-').map(Number);
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1) return;
  for (let line = from; line <= Math.min(to, from + MOST_MARKED); line++) marked.add(line);
}

/**
 * The lines of highlighted HTML, each whole: a span that runs across a line break (a block
 * comment, a long string) is closed at the end of each line and opened again on the next.
 */
export function highlightedLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let line = '';
  for (const part of html.split(/(<span[^>]*>|<\/span>|\n)/)) {
    if (part === '\n') {
      lines.push(line + '</span>'.repeat(open.length));
      line = open.join('');
    } else {
      if (part.startsWith('<span')) open.push(part);
      else if (part === '</span>') open.pop();
      line += part;
    }
  }
  if (line !== open.join('')) lines.push(line + '</span>'.repeat(open.length));
  return lines;
}

export function useCodeBlocks(markdown: MarkdownIt): void {
  markdown.renderer.rules.fence = (tokens, index, _options, env) => {
    const token = tokens[index];
    if (!token) return '';
    const info = parseCodeInfo(token.info);
    if (info.language.toLowerCase() === 'mermaid') {
      // Drawn in the browser by Mermaid, where scripts run; elsewhere its source is the diagram.
      noteFeature(env, 'diagram');
      return `<pre class="mermaid" tabindex="0">${escapeHtml(token.content)}</pre>\n`;
    }
    noteFeature(env, 'code');
    const grammars = (env as CodeEnv | undefined)?.grammars;
    const highlighted =
      (grammars && highlightCode(token.content, info.language, grammars)) ||
      escapeHtml(token.content);
    const diff = grammarFileOf(info.language) === 'diff';
    const source = token.content.split('\n');
    const byLine = info.marked.size > 0 || info.lineNumbers || diff;
    const body = byLine
      ? highlightedLines(highlighted)
          .map((html, i) => {
            const classes = ['line'];
            if (info.marked.has(i + 1)) classes.push('line-marked');
            if (diff) classes.push(...diffClass(source[i] ?? ''));
            return `<span class="${classes.join(' ')}">${html}</span>\n`;
          })
          .join('')
      : highlighted;
    const language = info.language ? ` class="language-${escapeHtml(info.language)}"` : '';
    const preClass = byLine ? ` class="lines${info.lineNumbers ? ' line-numbers' : ''}"` : '';
    const pre = `<pre tabindex="0"${preClass}><code${language}>${body}</code></pre>\n`;
    if (info.title === undefined) return pre;
    return `<figure class="code-block">\n<figcaption>${escapeHtml(info.title)}</figcaption>\n${pre}</figure>\n`;
  };
}

function diffClass(line: string): string[] {
  if (line.startsWith('+++') || line.startsWith('---')) return [];
  if (line.startsWith('+')) return ['line-added'];
  if (line.startsWith('-')) return ['line-removed'];
  return [];
}

// Import: the paragraphs WordPress made of a post's text when it showed it. Its editor keeps a
// post as text with blank lines between paragraphs and line breaks within them, and its filter
// `wpautop` made them `<p>` and `<br />` on every page; an exported post holds the text alone.

// The elements WordPress keeps out of paragraphs: each stands as a block of its own.
const BLOCK =
  '(?:address|article|aside|blockquote|caption|col|colgroup|dd|details|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hgroup|hr|legend|li|map|area|math|menu|nav|ol|p|pre|section|style|summary|table|tbody|td|tfoot|th|thead|tr|ul)';
const OPENS_BLOCK = new RegExp(`(<${BLOCK}(?=[\\s/>])[^>]*>)`, 'gi');
const CLOSES_BLOCK = new RegExp(`(</${BLOCK}>)`, 'gi');
const BLOCK_TAG = new RegExp(`^</?${BLOCK}(?=[\\s/>])[^>]*>`, 'i');
const BLOCK_TAG_AT_END = new RegExp(`</?${BLOCK}(?=[\\s/>])[^>]*>$`, 'i');

// What WordPress leaves as written: preformatted text, scripts and styles, comments, and the code
// of SyntaxHighlighter's shortcodes.
const KEPT =
  /<(pre|script|style|textarea)\b[\s\S]*?<\/\1>|<!--[\s\S]*?-->|\[(sourcecode|source|code)\b[^\]]*\][\s\S]*?\[\/\2\]/gi;

/**
 * The HTML WordPress showed of a post's `text`: each run of text between blank lines a paragraph,
 * a line break within one a `<br />`, blocks (`<div>`, `<ul>`, `<table>`…) standing apart, the
 * text of `<pre>`, comments and code shortcodes as written. With `markdown`, the paragraphs are
 * Markdown's, their text read as Markdown reads it (its formulas typeset), the marks that would
 * begin a heading, a list or a quote at a line's start escaped.
 */
export function wordPressParagraphs(text: string, { markdown = false } = {}): string {
  if (text.trim() === '') return '';
  const kept: string[] = [];
  // Each kept run stands for itself by a mark no text holds; a block one on a line of its own.
  let body = text.replace(/\r\n?/g, '\n').replace(KEPT, (run) => {
    kept.push(run);
    const mark = `\uFDD0${kept.length - 1}\uFDD0`;
    // Preformatted text, code, and the mark where the excerpt ends stand apart as blocks.
    return /^(?:<pre\b|\[|<!--more\b)/i.test(run) ? `\n\n${mark}\n\n` : mark;
  });
  // A line break inside a tag (its attributes over two lines) is no break of the text.
  body = body.replace(/<[^<>]*>/g, (tag) => tag.replace(/\s*\n\s*/g, ' '));
  body = body
    .replace(OPENS_BLOCK, '\n\n$1')
    .replace(CLOSES_BLOCK, '$1\n\n')
    // A rule closes as it opens: the text after it is a paragraph of its own.
    .replace(/(<hr\b[^>]*>)/gi, '$1\n\n');
  const blocks = body
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '');
  const html = blocks.map((block) => {
    // A block that opens or closes an element of blocks is no paragraph.
    const lines = block.split('\n').map((line) => line.trim());
    // A paragraph of Markdown shows its lines as their words; HTML is passed on as written.
    const literal =
      markdown &&
      !BLOCK_TAG.test(lines[0] ?? '') &&
      !BLOCK_TAG_AT_END.test(lines[lines.length - 1] ?? '');
    const joined = lines.reduce((all, written, i) => {
      const line = literal ? literalLine(written) : written;
      if (i === 0) return line;
      const previous = lines[i - 1] ?? '';
      // A break between two lines of text; none beside a tag of a block, or after a break.
      const breaks =
        !BLOCK_TAG_AT_END.test(previous) && !BLOCK_TAG.test(line) && !/<br\s*\/?>$/i.test(previous);
      return `${all}${breaks ? '<br />' : ''}\n${line}`;
    }, '');
    // A quote's paragraphs are paragraphs inside it.
    const quoted =
      /^(<blockquote\b[^>]*>)([\s\S]*?)(<\/blockquote>)?$/i.exec(joined) ??
      /^()([\s\S]*?)(<\/blockquote>)$/i.exec(joined);
    if (quoted && !BLOCK_TAG.test(quoted[2] ?? '') && (quoted[2] ?? '').trim() !== '')
      return `${quoted[1] ?? ''}<p>${(quoted[2] ?? '').trim()}</p>${quoted[3] ?? ''}`;
    if (BLOCK_TAG.test(joined) || BLOCK_TAG_AT_END.test(joined) || /^\uFDD0\d+\uFDD0$/.test(joined))
      return joined;
    // An address alone in its paragraph WordPress showed as what it leads to, a video or a post.
    if (/^https?:\/\/[^\s<>"]+$/.test(joined))
      return markdown ? `<${joined}>` : `<p><a href="${joined}">${joined}</a></p>`;
    return markdown ? joined : `<p>${joined}</p>`;
  });
  return `${html
    .join(markdown ? '\n\n' : '\n')
    .replace(/\uFDD0(\d+)\uFDD0/g, (_, index: string) => kept[Number(index)] ?? '')}\n`;
}

// What begins a heading, a list item, a quote, a rule or a fence at a line's start in Markdown,
// or makes the line before a heading (`=` or `-` under it).
const LINE_MARK =
  /^(?:#{1,6}(?=\s|$)|[-+*](?=\s|$)|\d{1,9}(?=[.)](?:\s|$))|>|=+\s*$|-+\s*$|`{3,}|~{3,}|\*{3,}|_{3,})/;

/** The line, shown as its words by Markdown: a mark that would begin a block escaped. */
function literalLine(line: string): string {
  const mark = LINE_MARK.exec(line)?.[0];
  if (mark === undefined) return line;
  // `1. ` is escaped at its dot; the others at their first character.
  return /^\d/.test(mark) ? `${mark}\\${line.slice(mark.length)}` : `\\${line}`;
}

// Import: a page written in HTML, made into a body Markdown passes through as it is.

// What changes how a line is read: a comment's ends, and the elements whose text keeps its lines.
const MARKS = /<!--|-->|<(\/?)(pre|textarea|script|style)\b/gi;

// The elements a line must open (or close) for Markdown to read it, and every line after it up to
// a blank one, as HTML: CommonMark's sixth kind of HTML block.
const BLOCK_OPENING =
  /^<\/?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?:[\s/>]|$)/i;

interface Reading {
  /** The element whose lines are kept as written, while one is open. */
  readonly inside: string | undefined;
  readonly inComment: boolean;
}

/**
 * `html` as a Markdown body that renders the same: one block of HTML, which Markdown passes
 * through whole. Markdown ends such a block at a blank line, and reads a line indented by four
 * spaces after one as code: so the lines lose their indentation and the blank lines go, which HTML
 * shows no differently, except inside `<pre>`, `<textarea>`, `<script>` and `<style>`. There the
 * lines stay as written; a blank line of a `<pre>` becomes an empty comment, and one of a
 * `<textarea>` a character reference, which show the same empty line. A body that does not open
 * with an element of blocks is put in a `<div>`, so that no line of its text is read as Markdown.
 * A first heading that says the page's title again goes, as Folio shows the title above the text.
 */
export function htmlAsMarkdown(html: string, title: string | undefined): string {
  const lines: string[] = [];
  let reading: Reading = { inside: undefined, inComment: false };
  for (const line of html.replace(/\r\n?/g, '\n').split('\n')) {
    const blank = line.trim() === '';
    if (reading.inside === undefined) {
      if (!blank) lines.push(line.trim());
    } else if (!blank) lines.push(line);
    else if (reading.inside === 'pre') lines.push('<!---->');
    else if (reading.inside === 'textarea' && lines.length > 0) lines[lines.length - 1] += '&#10;';
    reading = readingAfter(line, reading);
  }
  const [first, ...rest] = lines;
  const heading = first === undefined ? undefined : /^<h1\b[^>]*>(.*)<\/h1>$/i.exec(first);
  const said = heading?.[1]?.replace(/<[^>]*>/g, '').trim();
  const body = said !== undefined && said === title?.trim() ? rest : lines;
  if (body.length === 0) return '';
  const whole = BLOCK_OPENING.test(body[0] ?? '') ? body : ['<div>', ...body, '</div>'];
  return `\n${whole.join('\n')}\n`;
}

/** Where a reading of the HTML stands after `line`, from where it stood before it. */
function readingAfter(line: string, before: Reading): Reading {
  let { inside, inComment } = before;
  for (const [mark, closing, name] of line.matchAll(MARKS)) {
    const element = name?.toLowerCase();
    if (inside !== undefined) {
      if (element === inside && closing === '/') inside = undefined;
    } else if (inComment) inComment = mark !== '-->';
    else if (mark === '<!--') inComment = true;
    else if (element !== undefined && closing === '') inside = element;
  }
  return { inside, inComment };
}

// Import: a page written in HTML, made into a body Markdown passes through as it is.

/** Elements whose text keeps its lines as written. */
const VERBATIM = /<(\/?)(pre|textarea|script|style)\b/gi;

/**
 * `html` as a Markdown body that renders the same. Markdown ends a block of HTML at a blank line,
 * and reads a line indented by four spaces after one as code: so the lines lose their indentation
 * and the blank lines go, which HTML shows no differently, except inside `<pre>`, `<textarea>`,
 * `<script>` and `<style>`. There the lines stay as written, and a blank line of a `<pre>` becomes
 * an empty comment, which shows as the same empty line but keeps the block whole. A first heading
 * that says the page's title again goes too, as Folio shows the title above the text.
 */
export function htmlAsMarkdown(html: string, title: string | undefined): string {
  const lines: string[] = [];
  let inside: string | undefined;
  for (const line of html.replace(/\r\n?/g, '\n').split('\n')) {
    if (inside === undefined) {
      const trimmed = line.trim();
      if (trimmed !== '') lines.push(trimmed);
    } else if (line.trim() !== '') lines.push(line);
    else if (inside === 'pre') lines.push('<!---->');
    inside = verbatimAfter(line, inside);
  }
  const [first, ...rest] = lines;
  const heading = first === undefined ? undefined : /^<h1\b[^>]*>(.*)<\/h1>$/i.exec(first);
  const said = heading?.[1]?.replace(/<[^>]*>/g, '').trim();
  const body = said !== undefined && said === title?.trim() ? rest : lines;
  return body.length > 0 ? `\n${body.join('\n')}\n` : '';
}

/** The verbatim element still open after `line`, given the one open before it. */
function verbatimAfter(line: string, open: string | undefined): string | undefined {
  let inside = open;
  for (const [, closing, name] of line.matchAll(VERBATIM)) {
    const element = name?.toLowerCase();
    if (inside === undefined && closing === '') inside = element;
    else if (inside === element && closing === '/') inside = undefined;
  }
  return inside;
}

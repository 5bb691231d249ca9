// Import: a post body written for Jekyll or Hexo (Liquid and Nunjucks tags) or Hugo (shortcodes)
// as plain Markdown. What Folio has is converted; everything else is removed and reported, so
// that no reader ever sees `{% … %}` or `{{< … >}}`. Code blocks and inline code stay as written.
import { posix } from 'node:path';
import { escapeHtml, unescapeAll } from 'markdown-it/lib/common/utils.mjs';
import type { BuiltWriting } from './built-tags.js';
import { htmlAsMarkdown } from './html-body.js';

/**
 * How a body's tags are written: Liquid as Jekyll runs it over kramdown (`jekyll`), Liquid-like
 * Nunjucks as Hexo runs it (`liquid`), or Hugo's shortcodes (`hugo`).
 */
export type Dialect = 'jekyll' | 'liquid' | 'hugo';

/** A change made to a body, at its line in the post file. */
export interface BodyNote {
  readonly line: number;
  readonly kind: 'converted' | 'removed';
  /** The construct, e.g. `{% highlight %}`. */
  readonly what: string;
  /** For a removal, what the author can do. */
  readonly hint?: string;
}

/** How a body's links to other posts and files are answered. */
export interface BodyLinks {
  /** The URL of the post a reference names (`post_url`, `post_link`, `ref`…), if there is one. */
  readonly postUrl: (reference: string) => string | undefined;
  /** The title of the post a reference names, which a link to it without text shows. */
  readonly postTitle?: (reference: string) => string | undefined;
  /**
   * The folder URL the body's readers were at (`/about/` for a page served there): given, relative
   * links and images are made paths from the root, which lead to the same files wherever the body
   * is served now.
   */
  readonly base?: string;
  /**
   * The folder the body's relative images are under, where the blog named one (Chirpy's
   * `media_subpath`): given, they are made paths from the root under it.
   */
  readonly imageBase?: string;
  /**
   * The name of the folder of the post's own files (Hexo's asset folder), now the folder the post
   * is written as: a relative path through it (`kmp/1.png` in `kmp.md`, as Typora and Hexo's
   * image plugins write them) is read from inside it (`1.png`).
   */
  readonly ownFolder?: string;
  /**
   * Where an image a shortcode of the blog's own names was published, when that shortcode read
   * it from elsewhere than the post (Hugo's `resources.Get` reads the blog's `assets/`): its path
   * from the root.
   */
  readonly shortcodeImage?: (shortcode: string, src: string) => string | undefined;
  /**
   * The text of the blog's setting at a path (`social.email` for Liquid's `{{ site.social.email }}`),
   * when it is one: what the page showed there.
   */
  readonly setting?: (path: string) => string | undefined;
  /**
   * Where the page made of a Markdown file of the blog is now, for a link that names the file by
   * its path (`[First post](firstpost.md)`, which Eleventy turns into the post's URL).
   */
  readonly fileLink?: (path: string) => string | undefined;
  /** What a tag of the blog's own writes for its arguments as written, where that is known. */
  readonly shortcode?: (name: string, args: string) => string | undefined;
  /**
   * The text of a file of the blog's folder of code (Hexo's `code_dir`), by its path there, which
   * `{% include_code %}` shows; none when there is no such file.
   */
  readonly codeFile?: (path: string) => string | undefined;
}

export interface ConvertedBody {
  readonly body: string;
  readonly notes: readonly BodyNote[];
}

// Liquid's `{% name args %}` (and `{%- -%}`), Hugo's `{{< name args >}}` and `{{% name args %}}`.
const LIQUID_TAG = /\{%-?\s*([A-Za-z_]\w*)([\s\S]*?)-?%\}/y;
const LIQUID_OUTPUT = /\{\{-?([\s\S]*?)-?\}\}/y;
// A closing shortcode may have spaces after its slash: `{{</ table >}}`.
const HUGO_TAG = /\{\{([<%])(\/\*)?\s*(\/?)\s*([\w.-][\w./-]*)([\s\S]*?)(\*\/)?\s*[>%]\}\}/y;
const FENCE = /^( {0,3})(`{3,}|~{3,})/;
// The file of an image, by its extension.
const IMAGE_FILE = /\.(?:avif|gif|jpe?g|png|svg|webp)(?:[?#]|$)/i;
// An HTML element that kramdown reads Markdown in, opened on a line of its own.
const MARKDOWN_ELEMENT =
  /( {0,3})<([A-Za-z][\w-]*)([^>\n]*?)\s+markdown=(["']?)(?:1|block)\4([^>\n]*)>[ \t]*(?:\n|$)/y;
// A line that opens a block of HTML that CommonMark ends only at a blank line (its kind 6).
const BLOCK_ELEMENT_START =
  /^ {0,3}<(div|p|section|figure|center|aside|details|header|footer|table|h[1-6])(?=[\s>/])/i;
// A line that opens or closes an element: `<div …` or `</div>`.
const ELEMENT_LINE = / {0,3}<(\/)?([A-Za-z][\w-]*)[\s>]/y;
// kramdown's attribute list, `{: .class}`, `{:target="_blank"}`, `{:#id}`: on a line of its own
// after a block, or right after a span (a link, an image, emphasis).
const ATTRIBUTE_LIST = /\{:(?:[^}"'\n]|"[^"\n]*"|'[^'\n]*')*\}/y;
// The id an attribute list names, as kramdown reads one: `{: #intro}`, `{:#intro .lead}`.
const BLOCK_ID = /[{\s:]#([A-Za-z][\w:-]*)(?=[\s}])/;
// kramdown's extensions that show nothing: `{::comment}`, `{::options key="value" /}`.
const KRAMDOWN_EXTENSION = /\{::(comment|options)\b[^}\n]*?(\/)?\}/y;
// An alert's first line as Hugo and Obsidian write it: a type, maybe folded (`+`, `-`), a title.
const TITLED_ALERT = /([ \t]{0,3}(?:>[ \t]?)+)\[!(\w+)\]([+-]?)([^\n]*)/y;
// Ends a quote made of a block, which a quote on the next line would otherwise run on into.
const QUOTE_END = '\n';
// Butterfly's and NexT's tab marks, `<!-- tab Caption @icon -->` and `<!-- endtab -->`.
// The parts of Butterfly's `tabs` and `timeline`: `<!-- tab Caption -->` … `<!-- endtab -->`.
const TAB_MARKS = /<!--\s*(?:end(?:tab|timeline)|(?:tab|timeline)(?:\s+([^>]*?))?)\s*-->/g;
// An image that ends the text, with what comes before it on its line.
const DARK_IMAGE = /[ \t]*!\[[^\]\n]*\]\([^)\n]*\)$/;
// A table of contents on a built page: kramdown's list, Hugo's `.TableOfContents`.
const BUILT_TOC = /\bid=["']?(?:markdown-toc|TableOfContents)\b/;
// A list item of its own line at the end of the text, as `* TOC` is.
const TOC_ITEM = /(?:^|\n)[ \t]*(?:[*+-]|1\.)[ \t][^\n]*\n$/;
// Jekyll's `{% raw %}` and `{% endraw %}`, which Liquid reads in code blocks too.
const RAW_TAGS = /\{%-?\s*(?:end)?raw\s*-?%\}/g;
// The summary's end as Hugo and Hexo write it (`<!-- more -->` too), and what may follow it at the
// end of a paragraph: spaces, then a blank line or the end of the body.
const MORE_MARKER = /<!--\s*more\s*-->/iy;
const PARAGRAPH_END = /[ \t]*(?:\n[ \t]*(?:\n|$)|$)/y;
// A blank line, which ends a paragraph; and a line that begins a block, which ends one too, as
// CommonMark reads it: a heading, a fence, a quote, a list item (an ordered one from 1).
const BLANK_LINE = /\n[ \t]*\n/;
const BLOCK_START = /\n {0,3}(?:#{1,6}(?:[ \t]|$)|`{3}|~{3}|>|[-*+][ \t]+\S|1[.)][ \t]+\S)/;
// An environment of displayed equations, `\begin{align*} … \end{align*}`, and the blank line (or
// the end) after a paragraph of one: between single dollars, or bare.
const ENVIRONMENT =
  '(\\\\begin\\{((?:equation|align|alignat|gather|multline|flalign|eqnarray)\\*?)\\}(?:(?!\\\\end\\{\\2\\}|\\n[ \\t]*\\n)[^$])*\\\\end\\{\\2\\})';
const PARAGRAPH_ENDS = '[ \\t]*(?=\\n[ \\t]*\\n|\\n?$)';
const DOLLAR_ENVIRONMENT = new RegExp(
  `\\$[ \\t]*\\n?[ \\t]*${ENVIRONMENT}[ \\t]*\\n?[ \\t]*\\$${PARAGRAPH_ENDS}`,
  'y',
);
const BARE_ENVIRONMENT = new RegExp(`${ENVIRONMENT}${PARAGRAPH_ENDS}`, 'y');
/**
 * Whether `at` starts a paragraph of `text` at the margin: the text's start, or a line after a
 * blank one. An indented line is a list item's, or code.
 */
function startsParagraph(text: string, at: number): boolean {
  if (at === 0) return true;
  if (text[at - 1] !== '\n') return false;
  let i = at - 2;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
  return i < 0 || text[i] === '\n';
}

// An element whose text HTML shows as written, or a script's, opened at the start of a line (not
// named in a sentence or in code), or closed: no math is read in it.
const RAW_HTML_ELEMENT =
  /(?:^|\n)[ \t]*<(pre|code|script|style|textarea)[\s>]|<\/(pre|code|script|style|textarea)>/gi;

/** Whether `at` is inside a `<pre>`, `<code>`, `<script>`, `<style>` or `<textarea>` of `text`. */
function insideRawHtml(text: string, at: number): boolean {
  const open = new Map<string, number>();
  for (const found of text.slice(0, at).matchAll(RAW_HTML_ELEMENT)) {
    const name = (found[1] ?? found[2] ?? '').toLowerCase();
    open.set(name, Math.max(0, (open.get(name) ?? 0) + (found[1] ? 1 : -1)));
  }
  return [...open.values()].some((depth) => depth > 0);
}

// Nothing but spaces up to the end of the line.
const LINE_REST = /[ \t]*(?:\n|$)/y;
// Where a script would have found math: `$$`, `\(`, `\[` or an environment; a lone `$` is as
// often a price.
const MATH_DELIMITER = /\$\$|\\[([]|\\begin\{/;
// A backslash escape of CommonMark: a backslash before ASCII punctuation.
const MARKDOWN_ESCAPE = /\\([!-/:-@[-`{-~])/g;

/** How the blog's engine read a body, beyond its dialect. */
export interface BodyReading {
  /**
   * Whether its Markdown was read before its math was typeset in the page (Hugo without Goldmark's
   * passthrough, math set by a script): the author escaped the math for Markdown, `\\{` for `\{`
   * and `\\\\` for a new line, and Folio, which reads math first, reads it unescaped.
   */
  readonly markdownBeforeMath?: boolean;
  /**
   * Whether its math was typeset by a script from the page its Markdown made, which found the
   * brackets `\(…\)` and `\[…\]` in the text: the author wrote `\\(…\\)`, an escaped backslash,
   * for Markdown to leave one, and Folio, which reads math first, reads `\(…\)` as math.
   */
  readonly bracketsReadAsMarkdown?: boolean;
  /**
   * The blog's Hugo shortcodes that write what they enclose as it is written (`{{ .Inner }}`, as
   * PaperMod's `rawhtml` does): called with `{{< >}}`, that text reaches the page untouched by
   * Markdown, so it is kept as written, its math as a script saw it.
   */
  readonly rawShortcodes?: ReadonlySet<string>;
  /**
   * The HTML of the blog's Hugo shortcodes whose templates write it whatever they are given (a
   * series' list of its parts), by name: shown as the template wrote it.
   */
  readonly fixedShortcodes?: ReadonlyMap<string, string>;
  /** What the blog's own tags wrote into the page its engine built of the post. */
  readonly built?: BuiltWriting;
  /**
   * Whether the body is HTML, which its engine published as written (a Jekyll post in `.html`):
   * what a shortcode becomes is written in HTML too, as Markdown is not read there.
   */
  readonly html?: boolean;
}

/**
 * The `end` tag that closes the Liquid block `name` opened just before `from`: blocks of the same
 * name opened inside it are passed over with their own, as Hexo's NexT nests `{% note %}`s.
 */
function ownEndTag(text: string, from: number, name: string): RegExpExecArray | undefined {
  const tags = new RegExp(`\\{%-?\\s*(end)?${name}(?!\\w)[\\s\\S]*?-?%\\}`, 'g');
  tags.lastIndex = from;
  // What a block of code, raw text or a comment holds is not read: its first `end` tag is its own.
  const kind = BLOCKS[name];
  const read = !(
    kind === 'code' ||
    kind === 'raw' ||
    kind === 'diagram' ||
    kind === 'math' ||
    kind === 'mathText' ||
    name === 'comment'
  );
  let depth = 0;
  for (let tag = tags.exec(text); tag; tag = tags.exec(text)) {
    if (tag[1] === undefined) {
      if (read) depth++;
    } else if (depth === 0) return tag;
    else depth--;
  }
  return undefined;
}

/** Converts a body whose first line is line `bodyLine` of the post file. */
export function convertBody(
  body: string,
  dialect: Dialect,
  bodyLine: number,
  links: BodyLinks,
  reading: BodyReading = {},
): ConvertedBody {
  const converter = new Converter(body, dialect, bodyLine, links, true, reading);
  return { body: converter.run(), notes: converter.notes };
}

class Converter {
  readonly notes: BodyNote[] = [];
  #out = '';
  #at = 0;
  /** Where the output's last code block ends, and where the line that opens it ends. */
  #lastFence: { readonly opened: number; readonly end: number } | undefined;
  /**
   * The HTML elements around this point that kramdown read Markdown in (`markdown="1"`), the
   * innermost last, each with how many elements of its name were opened inside it since.
   */
  readonly #markdownElements: { readonly name: string; nested: number }[] = [];
  // A block of HTML open at the start of the line: its element's tags, and how deep in it the
  // line is.
  #htmlBlock: { readonly opened: RegExp; readonly closed: RegExp; depth: number } | undefined;
  // The start of a line that a blank line goes before, to end a block of HTML there.
  #blankBefore = -1;

  constructor(
    readonly text: string,
    readonly dialect: Dialect,
    readonly bodyLine: number,
    readonly links: BodyLinks,
    /** Whether tags are read: not in what `{% raw %}` keeps as written. */
    readonly tags = true,
    readonly reading: BodyReading = {},
  ) {}

  run(): string {
    const { text } = this;
    while (this.#at < text.length) {
      const lineStart = this.#at === 0 || text[this.#at - 1] === '\n';
      if (lineStart && this.#fence()) continue;
      if (lineStart && this.dialect === 'hugo' && this.#titledAlert()) continue;
      if (lineStart && this.dialect === 'jekyll' && this.#markdownInHtml()) continue;
      if (lineStart && this.dialect === 'jekyll') this.#endHtmlBlocks();
      const char = text[this.#at];
      if (char === '`') {
        this.#inlineCode();
        continue;
      }
      if (char === '{' && this.tags && this.#tag()) continue;
      if (
        char === '{' &&
        this.dialect === 'jekyll' &&
        (this.#kramdownExtension() || this.#attributeList())
      )
        continue;
      if ((char === '$' || char === '\\') && this.#displayEnvironment()) continue;
      if (char === '$' && this.dialect === 'jekyll' && this.#kramdownMath()) continue;
      if (char === '$' && this.reading.markdownBeforeMath && this.#mathReadAsMarkdown()) continue;
      if (char === '\\' && this.reading.bracketsReadAsMarkdown && this.#bracketsReadAsMarkdown())
        continue;
      if (char === '<' && this.#moreMarker()) continue;
      if (char === '[' && this.#wordpressShortcode()) continue;
      if (
        (this.links.base !== undefined ||
          this.links.imageBase !== undefined ||
          this.links.ownFolder !== undefined ||
          this.links.fileLink !== undefined) &&
        this.#relativeReference()
      )
        continue;
      this.#out += char;
      this.#at++;
    }
    return this.#out;
  }

  /**
   * A shortcode of WordPress that a blog moved from it still carries, closed by its end tag, which
   * its engine showed as text: `[caption …]` around an image and its caption, SyntaxHighlighter's
   * `[sourcecode language="…"]` (`[code]`, `[source]`) around code, `[embed]` around the address
   * of a video or a post.
   */
  #wordpressShortcode(): boolean {
    WORDPRESS_SHORTCODE.lastIndex = this.#at;
    const match = WORDPRESS_SHORTCODE.exec(this.text);
    if (!match) return false;
    const [open] = match;
    const name = match[1] ?? match[3] ?? '';
    const rawArgs = match[2] ?? match[4] ?? '';
    const after = this.#at + open.length;
    const close = this.text.indexOf(`[/${name}]`, after);
    if (close === -1) return false;
    const args = namedArgs(splitArgs(rawArgs));
    const inner = this.text.slice(after, close);
    const line = this.#line();
    let block: string;
    const html = this.reading.html === true;
    if (name === 'embed') {
      // WordPress showed the video or post at the address; a link to it is what Folio can show.
      const address = EMBEDDED_ADDRESS.exec(inner)?.[1];
      if (address === undefined) return false;
      block = html
        ? `<p><a href="${escapeHtml(address)}">${escapeHtml(address)}</a></p>`
        : `<${address}>`;
    } else if (name === 'caption') {
      const figure = captionedImage(inner, args);
      if (figure === undefined) return false;
      block = html
        ? `<figure><img src="${escapeHtml(figure.src)}" alt="${escapeHtml(figure.alt)}">${figure.caption ? `<figcaption>${figure.caption}</figcaption>` : ''}</figure>`
        : this.#converted({ text: figure.markdown, line });
    } else {
      const language = args.language ?? args.lang ?? '';
      const code = inner.replace(/^[ \t]*\n/, '').replace(/\n?[ \t]*$/, '\n');
      const fence = fenceFor(code);
      const kind = /^[\w+#-]+$/.test(language) ? ` class="language-${language}"` : '';
      block = html
        ? `<pre><code${kind}>${escapeHtml(code)}</code></pre>`
        : `${fence}${language}\n${code}${fence}`;
    }
    let end = close + name.length + 3;
    // A paragraph of HTML around it alone (`<p>[caption …]…[/caption]</p>`, `<p style="…">`) goes:
    // a figure or a block of code is no paragraph's, and Markdown inside it would not be read.
    const { before } = this.#lineAround(0);
    if (
      /^<p(?:\s[^<>]*)?>$/.test(before.trim()) &&
      this.#out.endsWith(before) &&
      this.text.startsWith('</p>', end)
    ) {
      this.#out = this.#out.slice(0, this.#out.length - before.length);
      end += '</p>'.length;
    }
    // A block of its own, as Folio captions only an image alone in its paragraph.
    const gap = name === 'caption' || name === 'embed' ? '\n\n' : '\n';
    const next = this.text[end];
    if (this.#out !== '' && !this.#out.endsWith(gap))
      this.#out += this.#out.endsWith('\n') ? gap.slice(1) : gap;
    // An embed's link stands apart from a line of text after it, as the player did.
    const ownParagraph =
      name === 'embed' && next === '\n' && !['\n', undefined].includes(this.text[end + 1]);
    this.#out += block + (next === undefined || next === '\n' ? (ownParagraph ? '\n' : '') : gap);
    this.#at = end;
    this.notes.push({ line, kind: 'converted', what: `WordPress's [${name}]` });
    return true;
  }

  #line(at = this.#at): number {
    let line = this.bodyLine;
    for (let i = 0; i < at; i++) if (this.text.charCodeAt(i) === 10) line++;
    return line;
  }

  /**
   * A `<!--more-->` at the end of a paragraph's last line, put on a line of its own after it:
   * Hugo and Hexo end a post's summary at the marker wherever it stands, Folio only at a line that
   * holds it alone, and a paragraph that ends with it reads the same either way. One inside a
   * paragraph is left where it is: moved, it would cut the paragraph in two on the post's page.
   */
  #moreMarker(): boolean {
    MORE_MARKER.lastIndex = this.#at;
    const marker = MORE_MARKER.exec(this.text)?.[0];
    if (marker === undefined) return false;
    const before = this.text.slice(this.text.lastIndexOf('\n', this.#at - 1) + 1, this.#at);
    PARAGRAPH_END.lastIndex = this.#at + marker.length;
    const after = PARAGRAPH_END.exec(this.text)?.[0];
    if (after === undefined || before.trim() === '' || /^(?: {4}|\t)/.test(before)) return false;
    this.#out = `${this.#out.replace(/[ \t]+$/, '')}\n\n${marker}`;
    this.notes.push({
      line: this.#line(),
      kind: 'converted',
      what: `${marker} into a line of its own`,
    });
    this.#at += marker.length + after.replace(/\n[\s\S]*$/, '').length;
    return true;
  }

  /**
   * Hugo's alert of a title or a type of Obsidian's, `> [!question]+ Why?`, as the alert Folio
   * has of that kind with its title on the next line: GitHub's alerts, which Folio reads, have
   * their marker alone.
   */
  #titledAlert(): boolean {
    TITLED_ALERT.lastIndex = this.#at;
    const found = TITLED_ALERT.exec(this.text);
    if (!found) return false;
    const [whole, quote = '> ', type = '', fold = '', title = ''] = found;
    const alert = ALERT_KINDS[type.toLowerCase()] ?? 'NOTE';
    const words = title.trim();
    if (alert === type && fold === '' && words === '') return false;
    const prefix = quote.endsWith(' ') ? quote : `${quote} `;
    this.#out += `${quote}[!${alert}]${words ? `\n${prefix}**${words}**` : ''}`;
    this.notes.push({ line: this.#line(), kind: 'converted', what: `[!${type}] into an alert` });
    this.#at += whole.length;
    return true;
  }

  /** A fenced code block, copied as it is up to its closing fence (or the end). */
  #fence(): boolean {
    const rest = this.text.slice(this.#at);
    const line = rest.slice(0, rest.indexOf('\n') + 1 || undefined);
    const open = FENCE.exec(line);
    if (!open) return false;
    const marker = open[2] ?? '```';
    // Backticks after a backtick fence's marker make the line text with code in it (```a```).
    if (marker.startsWith('`') && line.includes('`', open[0].length)) return false;
    const close = new RegExp(
      `\\n {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*(?:\\n|$)`,
      'g',
    );
    const found = close.exec(rest);
    if (!found && this.dialect === 'jekyll') {
      // kramdown reads no fence that no line closes: the line is text, its marker escaped, so
      // that CommonMark does not read the rest of the body as code either.
      const indent = open[1] ?? '';
      this.notes.push({
        line: this.#line(),
        kind: 'converted',
        what: 'a fence never closed, into text',
      });
      this.#out += `${indent}\\${line.slice(indent.length)}`;
      this.#at += line.length;
      return true;
    }
    const end = found ? found.index + found[0].length : rest.length;
    const block = rest.slice(0, end);
    // Jekyll runs Liquid over code blocks too: what `{% raw %}` kept as it was shows without it;
    // Hugo reads its shortcodes there, and shows one written as text, `{{</* x */>}}`, as
    // `{{< x >}}`. Hexo writes the words after a block's language as its caption.
    const shown =
      this.dialect === 'jekyll'
        ? withoutRawTags(block)
        : this.dialect === 'hugo'
          ? block.replace(ESCAPED_SHORTCODE, shortcodeAsText)
          : withCaptionAsTitle(block);
    if (shown !== block && this.dialect === 'jekyll') {
      this.notes.push({ line: this.#line(), kind: 'converted', what: '{% raw %} in code' });
    }
    const opened = this.#out.length + (shown.indexOf('\n') + 1 || shown.length);
    this.#out += shown;
    this.#lastFence = { opened, end: this.#out.length };
    this.#at += end;
    return true;
  }

  /**
   * kramdown's `<div markdown="1">`, whose content it read as Markdown. CommonMark reads Markdown
   * there only after a blank line, and reads on as HTML up to the next one: the tag is written
   * without the attribute and with a blank line after it, and its closing tag with one before.
   * Elements of the same name inside are counted, so that only its own closing tag is met.
   */
  #markdownInHtml(): boolean {
    MARKDOWN_ELEMENT.lastIndex = this.#at;
    const opened = MARKDOWN_ELEMENT.exec(this.text);
    if (opened) {
      const [whole, indent = '', name = '', before = '', , after = ''] = opened;
      this.#out += `${indent}<${name}${before}${after}>\n\n`;
      this.#markdownElements.push({ name: name.toLowerCase(), nested: 0 });
      this.notes.push({
        line: this.#line(),
        kind: 'converted',
        what: `<${name} markdown="1"> into HTML around Markdown`,
      });
      this.#at += whole.length;
      return true;
    }
    const inside = this.#markdownElements.at(-1);
    if (inside === undefined) return false;
    ELEMENT_LINE.lastIndex = this.#at;
    const [line, closing, name = ''] = ELEMENT_LINE.exec(this.text) ?? [];
    if (line === undefined || name.toLowerCase() !== inside.name) return false;
    if (closing === undefined) {
      inside.nested++;
      return false;
    }
    if (inside.nested > 0) {
      inside.nested--;
      return false;
    }
    this.#markdownElements.pop();
    if (!/(?:^|\n[ \t]*\n)$/.test(this.#out)) this.#out += '\n';
    return false;
  }

  /**
   * Where a block of HTML ends with its element's closing tag and text follows on the next line
   * (`<div id="corollary-1"></div>` over a paragraph, a `<figure>` and then its explanation),
   * kramdown reads that line as Markdown; CommonMark reads HTML down to a blank line, so the
   * paragraph's emphasis and footnote marks showed as written. A blank line after the element
   * keeps kramdown's reading. Called at the start of each line.
   */
  #endHtmlBlocks(): void {
    if (this.#at === this.#blankBefore) this.#out += '\n';
    const lineEnd = this.text.indexOf('\n', this.#at);
    if (lineEnd === -1) return;
    const line = this.text.slice(this.#at, lineEnd);
    let block = this.#htmlBlock;
    if (block === undefined) {
      const name = BLOCK_ELEMENT_START.exec(line)?.[1];
      if (name === undefined) return;
      const opened = new RegExp(`<${name}(?=[\\s>/])`, 'gi');
      block = { opened, closed: new RegExp(`</${name}\\s*>`, 'gi'), depth: 0 };
    }
    const { opened, closed } = block;
    block.depth += (line.match(opened) ?? []).length - (line.match(closed) ?? []).length;
    if (block.depth > 0) {
      this.#htmlBlock = block;
      return;
    }
    this.#htmlBlock = undefined;
    if (/^[ \t]*[^\s<]/.test(this.text.slice(lineEnd + 1, lineEnd + 200))) {
      this.#blankBefore = lineEnd + 1;
    }
  }

  /**
   * kramdown's comment, `{::comment}…{:/comment}` (or `{:/}`), whose text kramdown never showed;
   * and `{::options … /}`, a setting of kramdown's. Both go.
   */
  #kramdownExtension(): boolean {
    KRAMDOWN_EXTENSION.lastIndex = this.#at;
    const opened = KRAMDOWN_EXTENSION.exec(this.text);
    if (!opened) return false;
    const [whole, name = '', alone] = opened;
    let after = this.#at + whole.length;
    if (alone === undefined) {
      const end = new RegExp(`\\{:/(?:${name})?\\}`, 'g');
      end.lastIndex = after;
      const closed = end.exec(this.text);
      if (!closed) return false;
      after = closed.index + closed[0].length;
    }
    this.notes.push({
      line: this.#line(),
      kind: 'removed',
      what: `{::${name}}`,
      hint: name === 'comment' ? 'what it held was never shown' : 'a setting of kramdown',
    });
    this.#at = after;
    return true;
  }

  /**
   * A kramdown attribute list: Chirpy's `{: .prompt-tip }` after a quote makes it an alert;
   * any other is removed, with the line it stood on alone, as Folio's Markdown has none.
   */
  #attributeList(): boolean {
    ATTRIBUTE_LIST.lastIndex = this.#at;
    const list = ATTRIBUTE_LIST.exec(this.text)?.[0];
    if (list === undefined) return false;
    const { before: prefix, after, end } = this.#lineAround(list.length);
    // Alone on its line, but for the line's indent and quote marks (`> {: .nolineno}`).
    const alone = /^[ \t>]*$/.test(prefix) && after.trim() === '';
    const attached = /\S/.test(this.text[this.#at - 1] ?? '');
    if (!alone && !attached) return false;
    const line = this.#line();
    this.#at += list.length;
    if (!alone) {
      // Chirpy shows one of an image's two forms by the reader's scheme: the light one stays.
      const dark = /\.dark\b/.test(list) ? DARK_IMAGE.exec(this.#out) : null;
      if (dark) {
        this.#out = this.#out.slice(0, dark.index);
        this.notes.push({
          line,
          kind: 'removed',
          what: '{: .dark } image',
          hint: 'its light form is shown',
        });
      } else this.#removedList(line);
      return true;
    }
    // A list alone on its line goes with the line, its indent and quote marks too.
    this.#out = this.#out.slice(0, this.#out.lastIndexOf('\n') + 1);
    this.#at = Math.min(this.text.length, end + 1);
    const next = this.text.slice(this.#at, this.text.indexOf('\n', this.#at) + 1 || undefined);
    const prompt = /\.prompt-(tip|info|warning|danger)\b/.exec(list)?.[1];
    // minimal-mistakes' notices, `{: .notice--warning}` (`.notice` alone a plain one).
    const notice = /\.notice(?:--(primary|info|warning|success|danger))?(?![\w-])/.exec(list);
    const noticeKind = notice ? (notice[1] ?? 'default') : undefined;
    const marked = prompt ?? noticeKind;
    // Chirpy's prompts, `{: .prompt-tip }`, and the theme's notices are of the kinds notes are.
    const alert = marked === undefined ? undefined : ALERT_KINDS[marked];
    const what = prompt !== undefined ? `{: .prompt-${prompt} }` : `{: ${notice?.[0] ?? ''} }`;
    const file = /\bfile=(?:"([^"\n]*)"|'([^'\n]*)')/.exec(list);
    const id = BLOCK_ID.exec(list)?.[1];
    const quoteBefore = /(?:^|\n)([ \t]{0,3}>[^\n]*\n)(?:[ \t]{0,3}>[^\n]*\n)*$/.exec(this.#out);
    const fence = this.#lastFence?.end === this.#out.length ? this.#lastFence : undefined;
    // The paragraph a notice is given to, which it follows.
    const noticed =
      alert && notice && !fence && prefix.trim() === '' ? paragraphBefore(this.#out) : undefined;
    if (alert && quoteBefore) {
      // Chirpy's way: the prompt after its quote.
      const at =
        this.#out.length - quoteBefore[0].length + (quoteBefore[0].startsWith('\n') ? 1 : 0);
      const indent = /^[ \t]*/.exec(quoteBefore[1] ?? '')?.[0] ?? '';
      this.#out = `${this.#out.slice(0, at)}${indent}> [!${alert}]\n${this.#out.slice(at)}`;
      this.notes.push({ line, kind: 'converted', what: `${what} into an alert` });
    } else if (alert && /^[ \t]{0,3}>/.test(next)) {
      // Written before the quote, kramdown gives it to the quote that follows.
      this.#out += `${/^[ \t]*/.exec(next)?.[0] ?? ''}> [!${alert}]\n`;
      this.notes.push({ line, kind: 'converted', what: `${what} into an alert` });
      return true;
    } else if (noticed !== undefined) {
      // A notice after its paragraph: the paragraph is the alert's text.
      const paragraph = noticed;
      const quoted = paragraph
        .replace(/\n$/, '')
        .split('\n')
        .map((text) => `> ${text}`);
      this.#out = `${this.#out.slice(0, this.#out.length - paragraph.length)}> [!${alert}]\n${quoted.join('\n')}\n`;
      this.notes.push({ line, kind: 'converted', what: `${what} into an alert` });
    } else if (file && fence) {
      // Chirpy's file name of a code block: the title Folio shows above it.
      const name = (file[1] ?? file[2] ?? '').replace(/"/g, "'");
      const info = fence.opened - 1;
      this.#out = `${this.#out.slice(0, info)} title="${name}"${this.#out.slice(info)}`;
      this.notes.push({ line, kind: 'converted', what: "{: file='…' } into the code's title" });
    } else if (id !== undefined && prefix.trim() === '' && this.#givenId(id, line)) {
      // Given to the block it names, as kramdown gave it.
    } else if (/^\{:\s*toc\s*\}$/.test(list) && TOC_ITEM.test(this.#out)) {
      // `* TOC` then `{:toc}`: the list item kramdown replaced with the post's table of contents,
      // which Folio's `[[toc]]` puts in the same place.
      this.#out = `${this.#out.slice(0, this.#out.lastIndexOf('\n', this.#out.length - 2) + 1)}[[toc]]\n`;
      this.notes.push({ line, kind: 'converted', what: '{:toc} into [[toc]]' });
    } else this.#removedList(line);
    // The block before ends here, as the list ended it: the next line does not join it. Inside a
    // quote, the quote goes on.
    if (!prefix.includes('>') && next.trim() !== '' && !this.#out.endsWith('\n\n')) {
      this.#out += '\n';
    }
    return true;
  }

  /**
   * Gives `id`, of an attribute list alone on its line, to the block kramdown gave it: the block
   * it follows without a blank line between, else the one after it. A heading carries it as
   * Folio reads one, `{#id}`; another block has an empty element of that id put before it, where
   * links to it land. Answers whether it was given.
   */
  #givenId(id: string, line: number): boolean {
    const anchor = `<div id="${id}"></div>\n`;
    const lastLine = this.#out.slice(this.#out.lastIndexOf('\n', this.#out.length - 2) + 1);
    if (this.#out === '' || this.#out.endsWith('\n\n')) this.#out += anchor;
    else if (/^#{1,6}[ \t]/.test(lastLine)) {
      const heading = lastLine
        .replace(/\n$/, '')
        .replace(/[ \t]+#+[ \t]*$/, '')
        .trimEnd();
      this.#out = `${this.#out.slice(0, this.#out.length - lastLine.length)}${heading} {#${id}}\n`;
    } else {
      const start = this.#blockStart();
      if (start === undefined) return false;
      this.#out = `${this.#out.slice(0, start)}${anchor}\n${this.#out.slice(start)}`;
    }
    this.notes.push({ line, kind: 'converted', what: `{: #${id} } into an id` });
    return true;
  }

  /**
   * Where the output's last block begins, if it is one at the top level that an element can go
   * before: a code block from its fence, another from the blank line above it, unless that line
   * parts the items of a list.
   */
  #blockStart(): number | undefined {
    const fence = this.#lastFence;
    if (fence && this.#out.slice(fence.end).trim() === '') {
      return this.#out.lastIndexOf('\n', fence.opened - 2) + 1;
    }
    const blank = this.#out.lastIndexOf('\n\n');
    const start = blank === -1 ? 0 : blank + 2;
    const block = this.#out.slice(start);
    if (/^[ \t]/.test(block)) return undefined;
    const lineBefore = this.#out.slice(this.#out.lastIndexOf('\n', blank - 1) + 1, blank);
    const item = /^(?:[-*+]|\d+[.)])[ \t]/;
    if (blank !== -1 && item.test(block) && (item.test(lineBefore) || /^[ \t]/.test(lineBefore)))
      return undefined;
    return start;
  }

  #removedList(line: number): void {
    this.notes.push({
      line,
      kind: 'removed',
      what: '{: … } attribute list',
      hint: "Folio's Markdown has none: a link opens where links do, an image takes the page's width",
    });
  }

  /** An inline code span: its backticks and what they hold, as they are. */
  #inlineCode(): void {
    const run = /`+/y;
    run.lastIndex = this.#at;
    const ticks = run.exec(this.text)?.[0] ?? '`';
    // A span ends in its paragraph: a backtick with no match before a blank line, or before a
    // line that begins a block and so ends the paragraph, is text. Three backticks or more are a
    // fence read here as a span (one indented in a list item), whose lines may begin anything.
    const paragraphEnd = new RegExp(
      ticks.length >= 3 ? BLANK_LINE.source : `${BLANK_LINE.source}|${BLOCK_START.source}`,
      'g',
    );
    paragraphEnd.lastIndex = this.#at;
    const limit = paragraphEnd.exec(this.text)?.index ?? this.text.length;
    const end = this.text.indexOf(ticks, this.#at + ticks.length);
    const stop = end === -1 || end > limit ? this.#at + ticks.length : end + ticks.length;
    const span = this.text.slice(this.#at, stop);
    // Hugo reads its shortcodes in code too: one written as text shows as text.
    this.#out += this.dialect === 'hugo' ? span.replace(ESCAPED_SHORTCODE, shortcodeAsText) : span;
    this.#at = stop;
  }

  // Where the `$$` closing the last block of math met stands.
  #blockMathClose = -1;

  /**
   * kramdown's math in a paragraph, `$$x$$` with words before it on its line or after it on the
   * line that closes it, which kramdown typesets inline: Folio's inline math is `$x$`, and a line
   * that begins with `$$` would open a block. `$$` alone on its lines stays the block it is in
   * both; one opened alone after a list item's marker is indented to the item's text, where
   * kramdown read it as the item's and CommonMark ends the item at the first line indented less.
   */
  #kramdownMath(): boolean {
    const { text } = this;
    if (text[this.#at + 1] !== '$') return false;
    const lineStart = text.lastIndexOf('\n', this.#at - 1) + 1;
    const newline = text.indexOf('\n', this.#at);
    const lineEnd = newline === -1 ? text.length : newline;
    // The formula ends in its paragraph: a `$$` past a blank line closes no formula of this one.
    const paragraphEnd = new RegExp(BLANK_LINE.source, 'g');
    paragraphEnd.lastIndex = this.#at;
    const limit = paragraphEnd.exec(text)?.index ?? text.length;
    const close = text.indexOf('$$', this.#at + 2);
    if (close === -1 || close >= limit) return false;
    const closeNewline = text.indexOf('\n', close);
    const closeLineEnd = closeNewline === -1 ? text.length : closeNewline;
    const tex = text.slice(this.#at + 2, close).trim();
    const opening = text.slice(lineStart, this.#at);
    const before = opening.replace(/^\s*(?:>\s*)*(?:[-*+]|\d+[.)])?\s*/, '');
    const after = text.slice(close + 2, closeLineEnd).trim();
    // The `$$` that closes a block is no formula's opening.
    if (this.#at === this.#blockMathClose || tex === '') return false;
    if (before.trim() === '' && after === '') {
      const item = /^ *(?:[-*+]|\d+[.)]) +$/.test(opening);
      if (!item || close < lineEnd || text.slice(this.#at + 2, lineEnd).trim() !== '') {
        this.#blockMathClose = close;
        return false;
      }
      const column = opening.length;
      const lines = text.slice(lineEnd + 1, close + 2).split('\n');
      const indented = lines.map((line) => {
        const indent = /^ */.exec(line)?.[0].length ?? 0;
        return line.trim() === '' || indent >= column
          ? line
          : `${' '.repeat(column)}${line.replace(/^[ \t]*/, '')}`;
      });
      this.#out += `$$\n${indented.join('\n')}`;
      this.#at = close + 2;
      return true;
    }
    this.#out += `$${tex}$`;
    this.#at = close + 2;
    return true;
  }

  /**
   * A paragraph of nothing but an environment of displayed equations between single dollars,
   * `$ \begin{equation} … \end{equation} $`, as display math: MathJax typesets such an
   * environment wherever it stands, KaTeX only in display math.
   */
  #displayEnvironment(): boolean {
    if (!startsParagraph(this.text, this.#at)) return false;
    // Without dollars, only where a script typeset the page's math: MathJax and KaTeX's
    // auto-render find these environments on their own.
    const pattern = this.text[this.#at] === '$' ? DOLLAR_ENVIRONMENT : BARE_ENVIRONMENT;
    if (pattern === BARE_ENVIRONMENT && this.reading.bracketsReadAsMarkdown !== true) return false;
    pattern.lastIndex = this.#at;
    const found = pattern.exec(this.text);
    if (!found || insideRawHtml(this.text, this.#at)) return false;
    const written = found[1] ?? '';
    const tex = this.reading.markdownBeforeMath ? written.replace(MARKDOWN_ESCAPE, '$1') : written;
    this.#out += `$$\n${tex}\n$$`;
    this.notes.push({
      line: this.#line(),
      kind: 'converted',
      what: `${pattern === BARE_ENVIRONMENT ? '' : '$'}\\begin{${found[2] ?? ''}}…${pattern === BARE_ENVIRONMENT ? '' : '$'} into display math`,
    });
    this.#at += found[0].length;
    return true;
  }

  /**
   * Math between `$` or `$$` as its readers saw it when Markdown was read first: every backslash
   * escape of Markdown undone (`\\{` is `\{`, `\\\\` is `\\`, `\_` is `_`), within its paragraph.
   */
  #mathReadAsMarkdown(): boolean {
    const { text } = this;
    if (text[this.#at - 1] === '\\') return false;
    const fence = text.startsWith('$$', this.#at) ? '$$' : '$';
    const from = this.#at + fence.length;
    let close = text.indexOf(fence, from);
    while (close !== -1 && text[close - 1] === '\\' && text[close - 2] !== '\\') {
      close = text.indexOf(fence, close + 1);
    }
    const paragraphEnd = text.indexOf('\n\n', from);
    if (close === -1 || close === from || (paragraphEnd !== -1 && close > paragraphEnd))
      return false;
    const tex = text.slice(from, close).replace(MARKDOWN_ESCAPE, '$1');
    this.#out += `${fence}${tex}${fence}`;
    this.#at = close + fence.length;
    return true;
  }

  /**
   * Math between `\\(` and `\\)`, or `\\[` and `\\]`, within its paragraph, as the script that
   * typeset it saw it once Markdown was read: `\(…\)` or `\[…\]`, every backslash escape of
   * Markdown inside undone (`\_` is `_`, `\\{` is `\{`).
   */
  #bracketsReadAsMarkdown(): boolean {
    const { text } = this;
    const open = text.slice(this.#at, this.#at + 3);
    if ((open !== '\\\\(' && open !== '\\\\[') || text[this.#at - 1] === '\\') return false;
    const closing = open === '\\\\(' ? '\\\\)' : '\\\\]';
    const from = this.#at + 3;
    const close = text.indexOf(closing, from);
    const paragraphEnd = new RegExp(BLANK_LINE.source, 'g');
    paragraphEnd.lastIndex = from;
    const limit = paragraphEnd.exec(text)?.index ?? text.length;
    if (close === -1 || close === from || close > limit) return false;
    const tex = text.slice(from, close).replace(MARKDOWN_ESCAPE, '$1');
    this.#out += `\\${open[2] ?? ''}${tex}\\${closing[2] ?? ''}`;
    this.#at = close + 3;
    return true;
  }

  /**
   * A Markdown link's or image's destination, `](x.png)` or `]: x.png`, or an HTML `src="x.png"`,
   * made a path from the root.
   */
  #relativeReference(): boolean {
    const char = this.text[this.#at] ?? '';
    if (char !== ']' && !(/[sh]/i.test(char) && /\s/.test(this.text[this.#at - 1] ?? '')))
      return false;
    const found = this.#destination(char);
    if (!found) return false;
    const { before, target, after, length } = found;
    // `]:` ends the label of a reference definition only at the start of a line, and a label
    // `[^1]` is a footnote's, whose text follows.
    if (before.startsWith(']:') && !REFERENCE_LABEL.test(this.#out)) return false;
    // An image's `](`, after `![alt`; an HTML `src=`.
    const image =
      char === ']' ? this.#out[this.#out.lastIndexOf('[') - 1] === '!' : /^src/i.test(before);
    const page = image ? undefined : this.#fileLink(target);
    if (page !== undefined) {
      this.#out += before + page + after;
      this.#at += length;
      return true;
    }
    const base = (image ? this.links.imageBase : undefined) ?? this.links.base;
    const { ownFolder } = this.links;
    const local = ownFolder === undefined ? target : insideFolder(target, ownFolder);
    this.#out += before + rooted(local, base) + after;
    this.#at += length;
    return true;
  }

  /**
   * The destination at `]` or `src=`/`href=`: what comes before it, itself, what comes after it
   * up to the end of what was read, and the length of all that as written. A Markdown destination
   * with spaces and no title, `](rules of algebra.png)`, which kramdown and Hexo's renderer read
   * whole and CommonMark not at all, is written with `%20`.
   */
  #destination(
    char: string,
  ): { before: string; target: string; after: string; length: number } | undefined {
    if (char === ']' && this.dialect !== 'hugo') {
      SPACED_DESTINATION.lastIndex = this.#at;
      const [whole, before = '', written = '', after = ''] =
        SPACED_DESTINATION.exec(this.text) ?? [];
      if (whole !== undefined && written.includes(' ')) {
        return { before, target: written.replaceAll(' ', '%20'), after, length: whole.length };
      }
    }
    const pattern = char === ']' ? MARKDOWN_DESTINATION : HTML_REFERENCE;
    pattern.lastIndex = this.#at;
    const [whole, before = '', target = ''] = pattern.exec(this.text) ?? [];
    if (whole === undefined) return undefined;
    const after = whole.slice(before.length + target.length);
    return { before, target, after, length: whole.length };
  }

  /** The URL of the page a link to a Markdown file names, its fragment kept. */
  #fileLink(target: string): string | undefined {
    const at = target.search(/[?#]/);
    const path = at === -1 ? target : target.slice(0, at);
    if (this.links.fileLink === undefined || !MARKDOWN_FILE.test(path)) return undefined;
    let file = path;
    try {
      file = decodeURI(path);
    } catch {
      // A malformed escape: the path as written.
    }
    const url = this.links.fileLink(file);
    return url === undefined ? undefined : url + (at === -1 ? '' : target.slice(at));
  }

  #tag(): boolean {
    // Hugo shows `{{ … }}` and `{% … %}` in a post as text. A Liquid tag left alone on its line
    // from a move (`{% highlight go %}`) is converted; one in a sentence is what the author wrote
    // about (`{% raw %} is no longer needed`), and stays.
    if (this.dialect === 'hugo')
      return this.#hugoTag() || (this.#aloneOnLine() && this.#liquidTag());
    return this.#liquidTag() || this.#liquidOutput();
  }

  /** Whether the Liquid tag here stands alone on its line, but for white space. */
  #aloneOnLine(): boolean {
    LIQUID_TAG.lastIndex = this.#at;
    const tag = LIQUID_TAG.exec(this.text)?.[0];
    if (tag === undefined) return false;
    const { before, after } = this.#lineAround(tag.length);
    return before.trim() === '' && after.trim() === '';
  }

  /**
   * The text of this line before the point, and after the `length` characters from it; where the
   * line ends.
   */
  #lineAround(length: number): { before: string; after: string; end: number } {
    const lineStart = this.text.lastIndexOf('\n', this.#at - 1) + 1;
    const lineEnd = this.text.indexOf('\n', this.#at);
    const end = lineEnd === -1 ? this.text.length : lineEnd;
    return {
      before: this.text.slice(lineStart, this.#at),
      after: this.text.slice(this.#at + length, end),
      end,
    };
  }

  #liquidTag(): boolean {
    LIQUID_TAG.lastIndex = this.#at;
    const match = LIQUID_TAG.exec(this.text);
    if (!match) return false;
    const [whole, name = '', rawArgs = ''] = match;
    const line = this.#line();
    const args = rawArgs.trim();
    const after = this.#at + whole.length;
    const closing = ownEndTag(this.text, after, name);
    // A tag of a theme's (`{% timeline %}`) closed by its `end` tag wraps text, kept as a block is.
    const block = BLOCKS[name] ?? (closing ? 'other' : undefined);
    if (block) {
      const inner = this.text.slice(after, closing ? closing.index : this.text.length);
      const innerLine = this.#line(after);
      this.#at = closing ? closing.index + closing[0].length : this.text.length;
      this.#emitBlock(name, args, { text: inner, line: innerLine }, line);
      return true;
    }
    this.#at = after;
    const own = this.links.shortcode?.(name, args);
    if (own !== undefined) {
      this.#out += own;
      this.notes.push({ line, kind: 'converted', what: `{% ${name} %}` });
      return true;
    }
    this.#emitInline(name, splitArgs(args), line, `{% ${name} %}`, whole);
    return true;
  }

  #liquidOutput(): boolean {
    LIQUID_OUTPUT.lastIndex = this.#at;
    const match = LIQUID_OUTPUT.exec(this.text);
    if (!match) return false;
    const expression = (match[1] ?? '').trim();
    const line = this.#line();
    this.#at += match[0].length;
    // `{{ site.baseurl }}` and `{{ "/x.png" | relative_url }}`: paths from the site's root.
    // `{{ "{% gist x " }}%}`, a way to show a tag as text: Jekyll printed the text it quotes.
    const quoted = /^(["'])([^"']*)\1$/.exec(expression);
    if (quoted && this.dialect === 'jekyll') {
      this.#out += quoted[2] ?? '';
      this.notes.push({ line, kind: 'converted', what: '{{ "…" }} into its text' });
      return true;
    }
    if (/^site\.(?:baseurl|url)$/.test(expression)) {
      this.notes.push({ line, kind: 'converted', what: `{{ ${expression} }}` });
      return true;
    }
    const named = /^site\.([A-Za-z_][\w.]*)$/.exec(expression)?.[1];
    const value = named === undefined ? undefined : this.links.setting?.(named);
    if (value !== undefined) {
      this.#out += value;
      this.notes.push({ line, kind: 'converted', what: `{{ ${expression} }} into its value` });
      return true;
    }
    const filtered =
      /^(["'])(.*?)\1\s*\|\s*(?:relative_url|absolute_url|prepend:\s*site\.baseurl)\s*$/.exec(
        expression,
      );
    if (filtered) {
      this.#out += filtered[2] ?? '';
      this.notes.push({ line, kind: 'converted', what: '{{ … | relative_url }}' });
      return true;
    }
    this.notes.push({
      line,
      kind: 'removed',
      what: `{{ ${expression.length > 40 ? `${expression.slice(0, 40)}…` : expression} }}`,
      hint: 'write the value it showed into the text, or leave it out',
    });
    return true;
  }

  #hugoTag(): boolean {
    HUGO_TAG.lastIndex = this.#at;
    const match = HUGO_TAG.exec(this.text);
    if (!match) return false;
    const [whole, , commentOpen, closing = '', name = '', rawArgs = '', commentClose] = match;
    const line = this.#line();
    const after = this.#at + whole.length;
    // `{{</* x */>}}` is how Hugo authors write a shortcode as text: it shows as `{{< x >}}`.
    if (commentOpen && commentClose) {
      this.#out += shortcodeAsText(whole);
      this.#at = after;
      return true;
    }
    if (closing) {
      this.#at = after;
      return true;
    }
    const args = rawArgs.trim().replace(/\/$/, '').trim();
    // A shortcode closed where it opens (`{{< rawhtml />}}`) encloses nothing.
    const raw =
      match[1] === '<' && !/\/\s*$/.test(rawArgs) && this.reading.rawShortcodes?.has(name) === true;
    if (BLOCKS[name] || HUGO_BLOCKS.has(name) || raw) {
      const end = new RegExp(`\\{\\{[<%]\\s*/${name.replace(/[.]/g, '\\.')}\\s*[>%]\\}\\}`, 'g');
      end.lastIndex = after;
      const found = end.exec(this.text);
      if (found) {
        const inner = this.text.slice(after, found.index);
        const innerLine = this.#line(after);
        this.#at = found.index + found[0].length;
        if (raw) this.#emitRaw(name, { text: inner, line: innerLine }, line);
        else this.#emitBlock(name, args, { text: inner, line: innerLine }, line);
        return true;
      }
    }
    this.#at = after;
    this.#emitInline(name, splitArgs(args), line, `{{< ${name} >}}`, whole);
    return true;
  }

  /**
   * What a shortcode of the blog's that writes its text as written encloses: kept so, its links
   * made paths from the root but its math not read as Markdown had escaped it. Standing on lines
   * of their own, as most such blocks do, HTML becomes one block Markdown passes through whole.
   */
  #emitRaw(
    name: string,
    inside: { readonly text: string; readonly line: number },
    line: number,
  ): void {
    // Hugo renders the shortcodes it holds before handing it over.
    const { rawShortcodes, fixedShortcodes } = this.reading;
    const nested = new Converter(inside.text, this.dialect, inside.line, this.links, true, {
      ...(rawShortcodes && { rawShortcodes }),
      ...(fixedShortcodes && { fixedShortcodes }),
    });
    const text = nested.run();
    this.notes.push(...nested.notes);
    // With no math nor Markdown made of the shortcodes inside it, which Markdown would not read
    // inside a block of HTML.
    if (!MATH_DELIMITER.test(text) && nested.notes.length === 0) this.#emitHtml(text);
    else this.#out += text;
    this.notes.push({ line, kind: 'converted', what: `{{< ${name} >}}, its text as written` });
  }

  /**
   * HTML a shortcode wrote: standing on lines of its own at the margin, not in a list item or a
   * quote, as most such blocks do, one block Markdown passes through whole; else `inText`.
   */
  #emitHtml(text: string, inText = text): void {
    const tagStart = this.#out.lastIndexOf('\n') + 1;
    LINE_REST.lastIndex = this.#at;
    const ownLines = this.#out.length === tagStart && LINE_REST.test(this.text);
    const html = text.trim().startsWith('<');
    this.#out += ownLines && html ? `${htmlAsMarkdown(text, undefined).trim()}\n` : inText;
  }

  #emitBlock(
    name: string,
    args: string,
    inside: { readonly text: string; readonly line: number },
    line: number,
  ): void {
    const what = this.dialect === 'hugo' ? `{{< ${name} >}}` : `{% ${name} %}`;
    const inner = inside.text;
    switch (FOLDED_BLOCKS.has(name) ? 'folded' : (BLOCKS[name] ?? 'other')) {
      case 'code': {
        const language = codeLanguage(name, splitArgs(args));
        const caption = name === 'highlight' ? undefined : codeCaption(splitArgs(args));
        const title = caption ? ` title="${caption}"` : '';
        const code = inner.replace(/^\n/, '').replace(/\n?$/, '\n');
        const fence = fenceFor(code);
        const marks = codeMarks(splitArgs(args));
        this.#out += `${fence}${language}${title}${marks}\n${code}${fence}`;
        this.notes.push({ line, kind: 'converted', what });
        return;
      }
      case 'diagram': {
        const source = inner.replace(/^\n/, '').replace(/\n?$/, '\n');
        this.#out += `\`\`\`mermaid\n${source}\`\`\``;
        this.notes.push({ line, kind: 'converted', what });
        return;
      }
      case 'raw':
        // Kept as written, but for kramdown's attribute lists, which Jekyll applied all the same.
        this.#out += this.dialect === 'jekyll' ? this.#converted(inside, false) : inner;
        this.notes.push({ line, kind: 'converted', what });
        return;
      case 'math': {
        const formula = inner.trim();
        this.#out += /(?:^|\s)display(?:\s|$)/.test(args) ? `$$\n${formula}\n$$` : `$${formula}$`;
        this.notes.push({ line, kind: 'converted', what: `${what} into math` });
        return;
      }
      case 'mathText':
        this.#out += inner;
        this.notes.push({ line, kind: 'converted', what });
        return;
      case 'hidden':
        // A comment: the engine never showed what it holds.
        this.notes.push({ line, kind: 'removed', what, hint: 'what it held was never shown' });
        return;
      case 'quote': {
        const quoted = this.#quoted(inside);
        const source = quoteSource(splitArgs(args));
        this.#out += quoted.join('\n') + (source ? `\n>\n> — ${source}` : '') + QUOTE_END;
        this.notes.push({ line, kind: 'converted', what });
        return;
      }
      case 'alert': {
        const parts = splitArgs(args);
        const alert = alertOf(parts);
        const title = blockTitle(name, parts);
        const quoted = this.#quoted(inside);
        const heading = title ? [`> **${title}**`, '>'] : [];
        this.#out += [`> [!${alert}]`, ...heading, ...quoted].join('\n') + QUOTE_END;
        this.notes.push({ line, kind: 'converted', what: `${what} into an alert` });
        return;
      }
      case 'folded': {
        // Folded as the blog showed it, by HTML's own element, which needs no script.
        // A summary written with Markdown's strong marks (`summary="**Title**"`) shows its words.
        const summary = blockTitle(name, splitArgs(args))?.replace(/\*\*|__/g, '');
        const opening = summary
          ? `<details>\n<summary>${escapeHtml(summary)}</summary>`
          : '<details>';
        this.#out += `${opening}\n\n${this.#converted(inside).trim()}\n\n</details>`;
        this.notes.push({ line, kind: 'converted', what: `${what} into a folded section` });
        return;
      }
      default: {
        // A block Folio has nothing for keeps what it holds, which is the author's text: the tabs
        // of a theme's `{% tabs %}` one after another, each under its caption; what a `details`
        // hid, under its summary.
        const summary = blockTitle(name, splitArgs(args));
        if (summary) this.#out += `**${summary}**\n\n`;
        this.#out += this.#converted(inside).replace(TAB_MARKS, (_, caption?: string) => {
          const words = (caption ?? '').replace(/@.*$/, '').trim();
          return words ? `**${words}**` : '';
        });
        this.notes.push({
          line,
          kind: 'removed',
          what,
          hint: 'its content is kept as text; check how it reads',
        });
      }
    }
  }

  /** What a block holds, converted, as the lines of a quote. */
  #quoted(inside: { readonly text: string; readonly line: number }): string[] {
    return this.#converted(inside)
      .trim()
      .split('\n')
      .map((text) => (text ? `> ${text}` : '>'));
  }

  /** What a block holds, converted as a body is; its notes join this body's. */
  #converted(inside: { readonly text: string; readonly line: number }, tags = true): string {
    const nested = new Converter(
      inside.text,
      this.dialect,
      inside.line,
      this.links,
      tags,
      this.reading,
    );
    const text = nested.run();
    this.notes.push(...nested.notes);
    return text;
  }

  #emitInline(
    name: string,
    args: readonly string[],
    line: number,
    what: string,
    tag: string,
  ): void {
    const replacement = inlineReplacement(name, args, this.links);
    // In a cell of a table a line break would end the row: a figure's caption goes under its
    // image by a `<br>`, as the cell shows it.
    const inTableRow = /^\s*\|/.test(this.#out.slice(this.#out.lastIndexOf('\n') + 1));
    const text = inTableRow ? replacement?.replaceAll('\n', '<br>') : replacement;
    const value = text === undefined ? this.reading.built?.values.get(`${line} ${tag}`) : undefined;
    if (value !== undefined) {
      this.#out += value;
      this.notes.push({ line, kind: 'converted', what: `${what}, as the built page showed it` });
      return;
    }
    const fixed = this.dialect === 'hugo' ? this.reading.fixedShortcodes?.get(name) : undefined;
    if (text === undefined && fixed !== undefined) {
      // Within a paragraph, on one line, which would otherwise end it at a blank one.
      this.#emitHtml(fixed, fixed.replace(/\s*\n\s*/g, ' '));
      this.notes.push({ line, kind: 'converted', what: `${what}, as its template wrote it` });
      return;
    }
    const built = text === undefined ? this.reading.built?.tags.get(line) : undefined;
    if (built !== undefined && BUILT_TOC.test(built)) {
      // The table of contents kramdown or Hugo made, of their own headings' ids: Folio makes its
      // own of the post's headings there.
      this.#out += '[[toc]]';
      this.notes.push({ line, kind: 'converted', what: `${what} into [[toc]]` });
      return;
    }
    if (built !== undefined) {
      this.#emitHtml(built);
      this.notes.push({ line, kind: 'converted', what: `${what}, as the built page showed it` });
      return;
    }
    if (text === undefined) {
      this.#unlinkEmptied();
      this.notes.push({
        line,
        kind: 'removed',
        what,
        hint: HINTS[name] ?? 'Folio has no such tag: write what it showed in Markdown',
      });
      return;
    }
    // A file's code is shown as written; links elsewhere lead where the blog's readers went.
    const written =
      name === 'include_code'
        ? text
        : text.replace(
            /(\]\()([^)\s]+)/g,
            (_, before: string, target: string) => before + rooted(target, this.links.base),
          );
    // Lines after the first go on inside the list item or the quote the tag stood in: under its
    // text, past a list marker (`- `, `1. `).
    const lineStart = this.#out.slice(this.#out.lastIndexOf('\n') + 1);
    const inside = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?$/.test(lineStart)
      ? lineStart.replace(/[^\t>]/g, ' ')
      : '';
    this.#out += inside === '' ? written : written.replace(/\n/g, `\n${inside}`);
    this.notes.push({ line, kind: 'converted', what });
  }

  /**
   * A tag removed where it was all of a link's address (`[my posts]({% link _pages/x.md %})`)
   * leaves the link's text as text: a link of no address would lead readers back to the page.
   */
  #unlinkEmptied(): void {
    if (!this.#out.endsWith('](') || this.text[this.#at] !== ')') return;
    let depth = 0;
    for (let i = this.#out.length - 3; i >= 0; i--) {
      const char = this.#out[i];
      if (char === '\n' && this.#out[i - 1] === '\n') return;
      if (char === ']') depth++;
      else if (char === '[' && depth > 0) depth--;
      else if (char === '[') {
        // An image's address gone leaves nothing to show: it is left for the report to name.
        if (this.#out[i - 1] === '!') return;
        this.#out = this.#out.slice(0, i) + this.#out.slice(i + 1, -2);
        this.#at++;
        return;
      }
    }
  }
}

// A Hugo shortcode written to show as text, `{{</* x */>}}` or `{{%/* x */%}}`.
const ESCAPED_SHORTCODE = /\{\{[<%]\/\*[\s\S]*?\*\/[>%]\}\}/g;

// How Hugo shows a shortcode written as text: `{{</* x */>}}` as `{{< x >}}`.
function shortcodeAsText(written: string): string {
  return written
    .replace('/*', '')
    .replace('*/', '')
    .replace(/\s+([>%]\}\})$/, ' $1')
    .replace(/^(\{\{[<%])\s*/, '$1 ');
}

/**
 * A Hexo code block whose language is followed by a caption (```` ```ts src/app.ts ````), with
 * the caption as its title, as Folio writes one; a link after the caption is left out.
 */
function withCaptionAsTitle(block: string): string {
  return block.replace(
    /^( {0,3}(?:`{3,}|~{3,})[ \t]*)(\S+)[ \t]+([^\n]*?)[ \t]*(\n|$)/,
    (whole, fence: string, language: string, rest: string, end: string) => {
      if (/[="{}]/.test(rest)) return whole;
      const caption = codeCaption(rest.split(/\s+/));
      return caption ? `${fence}${language} title="${caption}"${end}` : whole;
    },
  );
}

/** A code block without Jekyll's raw tags, a line that held one alone gone with it. */
function withoutRawTags(block: string): string {
  return block
    .split('\n')
    .filter((line) => !RAW_LINE.test(line))
    .map((line) => line.replace(RAW_TAGS, ''))
    .join('\n');
}

const RAW_LINE = new RegExp(`^[ \\t]*${RAW_TAGS.source}[ \\t]*$`);

// `](x.png`, a reference's `]: x.png`, `<x y.png>` too, and `src="x.png"` / `href='x.png'`: what
// comes before the path, then the path.
// A path that starts with a tag (`{% post_url … %}`) is left for the tag's conversion.
const MARKDOWN_DESTINATION = /(\]\(\s*<?|\]:[ \t]+<?)([^\s)>{][^\s)>]*)/y;
const HTML_REFERENCE = /((?:src|href)\s*=\s*["'])([^"'\s{][^"'\s]*)/iy;
// `](a b.png)`: an inline destination of words between spaces, with no title in quotes.
const SPACED_DESTINATION = /(\]\( *)([^\s()<>"'{][^()<>"'\n]*?[^\s()<>"'])( *\))/y;
// What is written of a line before a reference definition's `]:`: its label, not a footnote's.
const REFERENCE_LABEL = /(?:^|\n) {0,3}\[(?!\^)[^\]\n]*$/;

/** `folder/x.png` (or `./folder/x.png`, percent-encoded or not) as `x.png`; others as they are. */
function insideFolder(target: string, folder: string): string {
  const path = target.replace(/^\.\//, '');
  const slash = path.indexOf('/');
  if (slash === -1) return target;
  let first = path.slice(0, slash);
  try {
    first = decodeURIComponent(first);
  } catch {
    // A broken escape names no folder of the blog's.
  }
  return first.normalize('NFC') === folder.normalize('NFC') ? path.slice(slash + 1) : target;
}

/**
 * A path from the root as browsers read it: `/../assets/a.png`, which climbs above the root, is
 * `/assets/a.png`; any other path (`//cdn.example/x`, a relative one) as it is.
 */
export function readFromRoot(path: string): string {
  return /^\/\.\.?\//.test(path) ? path.replace(/^(?:\/\.\.?(?=\/))+/, '') : path;
}

/** `x.png` read in the folder `base` (`/about/`) as a path from the root: `/about/x.png`. */
function rooted(written: string, base: string | undefined): string {
  const target = readFromRoot(written);
  if (base === undefined || /^(?:[a-z][a-z\d+.-]*:|[/#?]|\{)/i.test(target)) return target;
  const at = target.search(/[?#]/);
  const path = at === -1 ? target : target.slice(0, at);
  const rest = at === -1 ? '' : target.slice(at);
  if (path === '') return target;
  return posix.normalize(posix.join(base, path)) + rest;
}

const MARKDOWN_FILE = /\.(?:md|markdown)$/i;

type BlockKind =
  'code' | 'diagram' | 'raw' | 'math' | 'mathText' | 'quote' | 'alert' | 'hidden' | 'other';

// Tags with an end tag, and what each is.
const BLOCKS: Record<string, BlockKind> = {
  highlight: 'code',
  codeblock: 'code',
  code: 'code',
  raw: 'raw',
  // jekyll-katex's `{% katex %}` and Hugo Book's `{{< katex >}}` hold a formula, `display` or
  // not; `{% katexmm %}` and Wowchemy's `{{< math >}}` hold text with its formulas delimited.
  katex: 'math',
  katexmm: 'mathText',
  math: 'mathText',
  mermaid: 'diagram',
  blockquote: 'quote',
  quote: 'quote',
  pullquote: 'quote',
  comment: 'hidden',
  capture: 'other',
  if: 'other',
  unless: 'other',
  for: 'other',
  note: 'alert',
  details: 'other',
  tabs: 'other',
  tab: 'other',
  hint: 'alert',
  notice: 'alert',
  alert: 'alert',
  admonition: 'alert',
  callout: 'alert',
};

/**
 * The lines of the paragraph `out` ends with, after a blank line or from its start: lines of text,
 * none a quote, a list item, a heading or a table row. Read from the end, as a converted body grows.
 */
function paragraphBefore(out: string): string | undefined {
  const from = out.lastIndexOf('\n\n') + 1;
  const paragraph = from === 0 ? out : out.slice(from + 1);
  if (!paragraph.endsWith('\n') || paragraph.trim() === '') return undefined;
  const lines = paragraph.slice(0, -1).split('\n');
  return lines.every((line) => line.trim() !== '' && !BLOCK_LINE.test(line))
    ? paragraph
    : undefined;
}

const BLOCK_LINE = /^[ \t]*(?:[>#|]|[-*+][ \t]|\d+[.)][ \t])/;

// The alert a theme's note of a kind or colour reads as (Butterfly's and NEXT's `{% note %}`,
// Hugo themes' `hint`, `notice`, `admonition`).
const ALERT_KINDS: Readonly<Record<string, string>> = {
  default: 'NOTE',
  primary: 'NOTE',
  info: 'NOTE',
  note: 'NOTE',
  blue: 'NOTE',
  success: 'TIP',
  tip: 'TIP',
  green: 'TIP',
  important: 'IMPORTANT',
  purple: 'IMPORTANT',
  warning: 'WARNING',
  warn: 'WARNING',
  caution: 'CAUTION',
  orange: 'WARNING',
  yellow: 'WARNING',
  danger: 'CAUTION',
  error: 'CAUTION',
  red: 'CAUTION',
  // Obsidian's callouts, which Hugo's alerts take too.
  check: 'TIP',
  done: 'TIP',
  attention: 'WARNING',
  failure: 'CAUTION',
  fail: 'CAUTION',
  missing: 'CAUTION',
  bug: 'CAUTION',
};

// The video sites Chirpy embeds, and where a video of an id is.
const EMBEDS: Readonly<
  Record<string, { readonly name: string; readonly url: string; readonly after?: string }>
> = {
  youtube: { name: 'YouTube', url: 'https://www.youtube.com/watch?v=' },
  vimeo: { name: 'Vimeo', url: 'https://vimeo.com/' },
  bilibili: { name: 'bilibili', url: 'https://www.bilibili.com/video/' },
  twitch: { name: 'Twitch', url: 'https://www.twitch.tv/videos/' },
  'google-drive': { name: 'Google Drive', url: 'https://drive.google.com/file/d/', after: '/view' },
};

/** A link to the video `id` of the site `embed` names, if Folio knows the site. */
function videoLink(embed: string, id: string): string | undefined {
  const site = EMBEDS[embed];
  return site && `[${site.name}: ${id}](${site.url}${encodeURIComponent(id)}${site.after ?? ''})`;
}

// Colours a label may be written with, after its text.
const COLOURS: ReadonlySet<string> = new Set([
  'default',
  'blue',
  'pink',
  'red',
  'purple',
  'orange',
  'green',
  'yellow',
  'grey',
  'gray',
]);

const FOLDED_BLOCKS: ReadonlySet<string> = new Set([
  'details',
  'hideToggle',
  'hideBlock',
  'folding',
  'fold',
  // hexo-sliding-spoiler's.
  'spoiler',
  // Hugo themes' folds: Learn's and Relearn's `expand`, the `collapse` PaperMod's users add.
  'expand',
  'collapse',
]);

/**
 * The title a block's arguments give it: `title=`, or the title after an admonition's kind
 * (`{{< admonition tip "Why" >}}`), or a `details` block's summary.
 */
function blockTitle(name: string, args: readonly string[]): string | undefined {
  const named = namedArgs(args);
  const positional = positionalArgs(args);
  // What a folded block shows folded: `details`, Butterfly's `hideToggle` and `hideBlock` and
  // NexT's `folding`, whose words go up to a comma (the colours after it), a spoiler's, and Fluid's `fold`,
  // after its `@` (`{% fold info @Title %}`).
  const words = positional.join(' ');
  // A timeline's title, before its colour.
  if (name === 'timeline') return named.title ?? words.split(',')[0]?.trim();
  // A chat's pane, who speaks after its `@` (`{% chatpane sender @Ann %}`).
  if (name === 'chatpane')
    return words.includes('@') ? words.slice(words.indexOf('@') + 1).trim() : undefined;
  const folded = !FOLDED_BLOCKS.has(name)
    ? undefined
    : name === 'fold' && words.includes('@')
      ? words.slice(words.indexOf('@') + 1)
      : words.split(',')[0];
  const title = named.title ?? named.summary ?? (name === 'admonition' ? positional[1] : folded);
  return title?.trim() || undefined;
}

/** The alert for a note's arguments: its first word that names a kind, else a note. */
function alertOf(args: readonly string[]): string {
  for (const arg of args) {
    const value = arg.replace(/^(?:type|class|kind)=/, '').toLowerCase();
    const alert = ALERT_KINDS[value];
    if (alert) return alert;
  }
  return 'NOTE';
}

// Hugo shortcodes that usually wrap content, when their closing tag is there.
const HUGO_BLOCKS = new Set([
  'center',
  'expand',
  'collapse',
  'columns',
  'callout',
  'katex',
  'math',
  'mermaid',
]);

const HINTS: Record<string, string> = {
  include: 'paste the included text into the post',
  asset_img: 'put the image beside the post and write ![alt](name.png)',
  post_url: 'no post of the blog has that name: write the link by hand',
  post_link: 'no post of the blog has that slug: write the link by hand',
  ref: 'no post of the blog is at that path: write the link by hand',
  relref: 'no post of the blog is at that path: write the link by hand',
  include_code: 'no file of that name is in the code folder: paste the code in a fenced block',
};

/**
 * Hexo's `{% include_code [title] [lang:name] [from:n] [to:n] path %}`: the lines of that file of
 * the code folder as a block of code, in the language named or its extension's, titled as Hexo
 * captioned it (by the file's name, unless a title is given).
 */
function includedCode(written: string, links: BodyLinks): string | undefined {
  let rest = written;
  const take = (pattern: RegExp): string | undefined => {
    let value: string | undefined;
    rest = rest.replace(pattern, (_, found: string) => {
      value = found;
      return '';
    });
    return value;
  };
  const language = take(/\s*lang:(\w+)/i);
  const from = Number(take(/\s*from:(\d+)/i) ?? 0);
  const to = Number(take(/\s*to:(\d+)/i) ?? Number.MAX_SAFE_INTEGER);
  const found = /(.*)?(?:\s+|^)(\/*\S+)/.exec(rest.trim());
  const path = found?.[2];
  const code = path === undefined ? undefined : links.codeFile?.(path.replace(/^\/+/, ''));
  if (path === undefined || code === undefined) return undefined;
  const lines = code
    .split(/\r?\n/)
    .slice(Math.max(from - 1, 0), to)
    .join('\n')
    .replace(/\n+$/, '');
  const title = (found?.[1]?.trim() || posix.basename(path)).replace(/"/g, "'");
  const fence = fenceFor(lines);
  const name = language ?? posix.extname(path).slice(1);
  return `${fence}${name} title="${title}"\n${lines}\n${fence}`;
}

// WordPress's shortcodes that enclose what they show: a captioned image, SyntaxHighlighter's code,
// an embedded video or post.
// Not the text of a link (`[source](…)`, `[code][1]`) or a link's definition (`[code]: …`); a
// caption's image may follow it closely (`[caption id="…"][![…](…)](…)`).
const WORDPRESS_SHORTCODE =
  /\[(?:(caption)(\s[^\]\n]*)\](?![(:])|(sourcecode|source|code|embed)((?:\s[^\]\n]*)?)\](?![([:]))/y;
// What an `[embed]` holds: the address of a page WordPress showed the player or card of.
const EMBEDDED_ADDRESS = /^\s*(https?:\/\/[^\s<>"\]]+)\s*$/;
// An image as WordPress wrote it in HTML, maybe in a link to its whole size.
const HTML_IMAGE = /^(?:<a\s[^>]*?href=["']([^"']*)["'][^>]*>\s*)?(<img\s[^>]*>)\s*(?:<\/a>)?/i;
// An image in Markdown, maybe in a link to its whole size.
const MARKDOWN_IMAGE =
  /^(?:\[\s*)?(!\[(?:[^\]\\]|\\.)*\]\(([^)\s]*)[^)]*\))(?:\s*\]\(([^)\s]*)\))?/;

/**
 * WordPress's `[caption]`: its image, written as Markdown, and its caption on the next line as
 * Folio captions an image. The image is the one its link leads to when that is an image (the
 * whole size, of which WordPress showed a smaller copy: Folio makes its own). None when it holds
 * no image.
 */
function captionedImage(
  inner: string,
  args: Record<string, string>,
):
  | {
      readonly markdown: string;
      readonly src: string;
      readonly alt: string;
      readonly caption: string;
    }
  | undefined {
  const text = inner.trim();
  const attribute = (tag: string, name: string): string | undefined => {
    const written = new RegExp(`\\s${name}=["']([^"']*)["']`, 'i').exec(tag)?.[1];
    return written === undefined ? undefined : unescapeAll(written);
  };
  let picture: string;
  let rest: string;
  let src: string;
  let alt: string;
  const html = HTML_IMAGE.exec(text);
  const markdown = html ? undefined : MARKDOWN_IMAGE.exec(text);
  if (html) {
    const [whole, href, img = ''] = html;
    const shown = href && IMAGE_FILE.test(href) ? href : attribute(img, 'src');
    if (!shown) return undefined;
    src = shown;
    alt = attribute(img, 'alt') ?? attribute(img, 'title') ?? '';
    picture = `![${escapeLinkText(alt)}](${src})`;
    rest = text.slice(whole.length);
  } else if (markdown) {
    const [whole, image = '', written = '', href] = markdown;
    src = href && IMAGE_FILE.test(href) ? href : written;
    alt = /^!\[((?:[^\]\\]|\\.)*)\]/.exec(image)?.[1] ?? '';
    picture = image.replace(written, src);
    rest = text.slice(whole.length);
  } else return undefined;
  const caption = (args.caption ?? rest).replace(/\s+/g, ' ').trim();
  return { markdown: caption ? `${picture}\n*${caption}*` : picture, src, alt, caption };
}

/** A fence of backticks longer than any run of them that starts a line of `code`. */
export function fenceFor(code: string): string {
  let longest = 2;
  for (const run of code.matchAll(/^[ \t]*(`+)/gm))
    longest = Math.max(longest, run[1]?.length ?? 0);
  return '`'.repeat(longest + 1);
}

/** The Markdown for an inline tag, or undefined when Folio has nothing for it. */
function inlineReplacement(
  name: string,
  args: readonly string[],
  links: BodyLinks,
): string | undefined {
  const named = namedArgs(args);
  const positional = positionalArgs(args);
  switch (name) {
    case 'link': {
      // Jekyll's `{% link _posts/x.md %}` names a post; LoveIt's `{{< link url text >}}` (or
      // `href=` and `content=`) and Hexo's `{% link text url %}` write a link.
      const post = links.postUrl(named.path ?? positional[0] ?? '');
      if (post !== undefined) return post;
      const url =
        named.href ?? positional.find((arg) => /^(?:https?:|\/|#|mailto:)/.test(arg)) ?? '';
      const text = named.content ?? positional.find((arg) => arg !== url);
      // Alone, as Jekyll writes it inside a link of Markdown, the address is all it gave.
      if (text === undefined) return url || undefined;
      return url ? `[${escapeLinkText(text)}](${url})` : undefined;
    }
    case 'post_url':
    case 'post_path':
    case 'ref':
    case 'relref':
      return links.postUrl(named.path ?? positional[0] ?? '');
    case 'post_link': {
      const reference = positional[0] ?? '';
      const url = links.postUrl(reference);
      if (url === undefined) return undefined;
      // Hexo's link shows the post's title unless it is given another text.
      const title = positional.slice(1).join(' ') || links.postTitle?.(reference) || reference;
      return `[${escapeLinkText(title)}](${url})`;
    }
    case 'figure':
    case 'img':
    case 'image':
    case 'asset_img':
    case 'asset_image':
      return image(name, named, positional, links);
    case 'include_code':
      return includedCode(args.join(' '), links);
    case 'asset_path':
      return positional[0];
    case 'asset_link':
      return (
        positional[0] &&
        `[${escapeLinkText(positional.slice(1).join(' ') || positional[0])}](${positional[0]})`
      );
    case 'include': {
      // Chirpy's embeds, `{% include embed/youtube.html id='…' %}`: a link, as the tags are.
      const embed = /^embed\/(\w+)\.html$/.exec(positional[0] ?? '')?.[1];
      const source = named.src;
      if (embed === 'video' || embed === 'audio') {
        return (
          source &&
          `[${embed === 'video' ? 'Video' : 'Audio'}: ${escapeLinkText(named.title ?? source)}](${source})`
        );
      }
      // minimal-mistakes' `{% include video id="…" provider="youtube" %}`.
      if (positional[0] === 'video' && named.id && named.provider) {
        return videoLink(named.provider, named.id);
      }
      // minimal-mistakes' `{% include figure image_path="…" alt="…" caption="…" %}`: the image,
      // its caption under it.
      if (positional[0] === 'figure' && named.image_path) {
        const { image_path: src, alt, caption } = named;
        return image(
          'figure',
          { src, ...(alt && { alt }), ...(caption && { caption }) },
          [],
          links,
        );
      }
      return embed && named.id ? videoLink(embed, named.id) : undefined;
    }
    case 'youtube':
    case 'vimeo':
    case 'bilibili': {
      // hugo-theme-stack's and LoveIt's `{{< bilibili BV1TP411m7Kk >}}` too.
      const id = named.id ?? positional[0];
      return id && videoLink(name, id);
    }
    case 'codepen': {
      // `{{< codepen id="WNLvYXa" user="jane" >}}`: a link to the pen, which showed its code.
      const id = named.id ?? positional[0];
      const user = named.user ?? positional[1];
      return (
        id &&
        user &&
        `[CodePen: ${escapeLinkText(`${user}/${id}`)}](https://codepen.io/${encodeURIComponent(user)}/pen/${encodeURIComponent(id)})`
      );
    }
    case 'gist': {
      const [user, id] = positional[1]
        ? [positional[0], positional[1]]
        : (positional[0] ?? '').split('/');
      const path = id ? `${user}/${id}` : user;
      return path && `[Gist: ${path}](https://gist.github.com/${path})`;
    }
    case 'label': {
      // Butterfly's `{% label text colour %}`, NexT's `{% label class@text %}`, Fluid's
      // `{% label class @text %}`: the text.
      const words = positional
        .join(' ')
        .replace(/^(?:[\w-]+\s+)*[\w-]*@/, '')
        .split(' ');
      if (words.length > 1 && COLOURS.has(words[words.length - 1] ?? '')) words.pop();
      return words.join(' ') || undefined;
    }
    case 'font': {
      // A theme's coloured words, `{% font warning emphasis @text %}`: the words.
      const text = /^(?:[\w-]+\s+)*[\w-]*@(.+)$/.exec(positional.join(' '))?.[1]?.trim();
      return text || undefined;
    }
    case 'btn':
    case 'button': {
      // `{% btn url,text,icon,… %}` (Butterfly), `{% button url, text, icon %}` (NexT): a link.
      const [url, text] = positional
        .join(' ')
        .split(',')
        .map((part) => part.trim());
      return url ? `[${escapeLinkText(text || url)}](${url})` : undefined;
    }
    case 'tweet':
    case 'twitter':
    case 'x': {
      const id = named.id ?? positional.find((arg) => /^\d+$/.test(arg)) ?? positional[0];
      const user = named.user ?? 'i';
      return id && `[Post on X: ${id}](https://x.com/${user}/status/${id})`;
    }
    default: {
      // A theme's own tag that names an image (`{{< book-cover src="images/a.jpg" alt="…" >}}`):
      // the image it showed, with its caption as Hugo's `figure` has it.
      if (named.src !== undefined && IMAGE_FILE.test(named.src))
        return image('figure', named, positional, links, name);
      // A theme's own tag that names an address (`{{< external_link url="…" title="…" >}}`):
      // the link it made, so that the sentence around it keeps its words.
      const url = named.url ?? named.href ?? named.link;
      if (url === undefined || !/^(?:https?:\/\/|\/)/.test(url)) return undefined;
      const text = named.title ?? named.text ?? named.content ?? named.name ?? url;
      return `[${escapeLinkText(text)}](${url})`;
    }
  }
}

/**
 * The Markdown image a tag showed: Hugo's `figure` (and a theme's tag written as it is, named
 * `shortcode`), Hexo's `img` and `asset_img`.
 */
function image(
  name: string,
  named: Record<string, string>,
  positional: readonly string[],
  links: BodyLinks,
  shortcode = name,
): string | undefined {
  const served = (src: string): string => links.shortcodeImage?.(shortcode, src) ?? src;
  // Named arguments, as Hugo's shortcodes take them, are read as `figure`'s: its caption shown.
  if (name === 'figure' || named.src !== undefined) {
    const src = named.src && served(named.src);
    if (!src) return undefined;
    const caption = named.caption ?? named.title ?? '';
    const alt = named.alt ?? caption;
    const title =
      named.title && named.title !== alt ? ` "${named.title.replace(/"/g, '\\"')}"` : '';
    const image = `![${escapeLinkText(alt)}](${src}${title})`;
    // Hugo's `figure` with `link="…"` made the image a link.
    const picture = named.link
      ? `[${image}](${named.link.replace(/[()\s]/g, encodeURIComponent)})`
      : image;
    return caption ? `${picture}\n*${caption}*` : picture;
  }
  // Hexo: `{% img [class names] /path/to/image [width] [height] [title text [alt text]] %}`;
  // `{% asset_img name.png [title] %}`.
  const srcIndex = positional.findIndex((arg) => /[./]/.test(arg));
  const written = named.src ?? positional[srcIndex === -1 ? 0 : srcIndex];
  if (!written) return undefined;
  // An asset is named from the post's folder; one named through it (`kmp/1.png` in `kmp.md`)
  // is the same file, read from inside it, as for a Markdown image.
  const asset = name.startsWith('asset_') && links.ownFolder !== undefined;
  const src = served(asset ? insideFolder(written, links.ownFolder ?? '') : written);
  const rest = positional
    .slice((srcIndex === -1 ? 0 : srcIndex) + 1)
    .filter((arg) => !/^\d+(?:px|%)?$/.test(arg));
  const text = named.alt ?? named.title ?? rest.join(' ').replace(/^["']|["']$/g, '');
  return `![${escapeLinkText(text)}](${src})`;
}

/**
 * Who and where a quote is from, as Hexo's `{% blockquote author, source link title %}` writes
 * it: the words before the link, then the link, shown by its title.
 */
function quoteSource(args: readonly string[]): string {
  const at = args.findIndex((arg) => /^https?:\/\//.test(arg));
  if (at === -1) return args.join(' ');
  const url = args[at] ?? '';
  const by = args.slice(0, at).join(' ');
  const title = args.slice(at + 1).join(' ') || url;
  return `${by ? `${by}, ` : ''}[${escapeLinkText(title)}](${url})`;
}

/**
 * A code tag's caption: the one a theme's tag names (`{{< code lang="java" title="Test.java" >}}`),
 * else a Hexo `codeblock`'s words other than options (`lang:js`) and a link's.
 */
function codeCaption(args: readonly string[]): string | undefined {
  const named = firstNamed(args, ['title', 'caption', 'filename', 'file', 'name']);
  const words: string[] = [];
  if (named === undefined) {
    for (const arg of positionalArgs(args)) {
      if (/^https?:\/\//.test(arg)) break;
      if (!/^\w+:/.test(arg)) words.push(arg);
    }
  }
  const caption = (named ?? words.join(' ')).replace(/"/g, "'");
  return caption || undefined;
}

/** The value of the first of `keys` that `args` names (`title=Test.java`). */
function firstNamed(args: readonly string[], keys: readonly string[]): string | undefined {
  const named = namedArgs(args);
  return keys.map((key) => named[key]).find((value) => value !== undefined);
}

function codeLanguage(name: string, args: readonly string[]): string {
  if (name === 'highlight') {
    return (
      args.find((arg) => !/^(?:linenos|hl_lines|mark|"|lineno)/.test(arg) && !arg.includes('=')) ??
      ''
    ).replace(/"/g, '');
  }
  const lang = args.find((arg) => arg.startsWith('lang:'));
  if (lang) return lang.slice('lang:'.length);
  return firstNamed(args, ['lang', 'language']) ?? '';
}

/**
 * The lines a code tag marks and whether it numbers them, as a fence's info string writes them
 * (` {2,5-7} showLineNumbers`): Jekyll's `hl_lines="2 5-7"` (or `mark_lines=`) and `linenos`,
 * Hugo's `"linenos=table,hl_lines=2 5-7"`, Hexo's `mark:2,5-7`.
 */
function codeMarks(args: readonly string[]): string {
  const options = args.flatMap((arg) => arg.split(/,(?=\s*[a-z_]+[=:])/i));
  let lines: string[] = [];
  let numbered = false;
  for (const option of options) {
    const [, key = option, value = ''] = /^\s*([a-z_]+)\s*[=:]\s*(.*)$/i.exec(option) ?? [];
    const name = key.toLowerCase();
    if (name === 'hl_lines' || name === 'mark_lines' || name === 'mark') {
      lines = value
        .replace(/["'[\]]/g, '')
        .split(/[\s,]+/)
        .filter((range) => /^\d+(?:-\d+)?$/.test(range));
    } else if (name === 'linenos') {
      numbered = value === '' || /^(?:true|table|inline)$/i.test(value);
    }
  }
  return `${lines.length > 0 ? ` {${lines.join(',')}}` : ''}${numbered ? ' showLineNumbers' : ''}`;
}

/** `a "b c" d='e f'` → `a`, `b c`, `d=e f`. */
export function splitArgs(args: string): string[] {
  const found: string[] = [];
  const pattern = /([\w-]+=)?(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|`([^`]*)`|(\S+))/g;
  for (const match of args.matchAll(pattern)) {
    const value = match[2] ?? match[3] ?? match[4] ?? match[5] ?? '';
    found.push(`${match[1] ?? ''}${match[2] === undefined ? value : value.replace(/\\"/g, '"')}`);
  }
  return found;
}

/** The arguments written without a name: `a`, `b c` of `a "b c" d=e`. */
function positionalArgs(args: readonly string[]): string[] {
  return args.filter((arg) => !/^[\w-]+=/.test(arg));
}

function namedArgs(args: readonly string[]): Record<string, string> {
  const named: Record<string, string> = {};
  for (const arg of args) {
    const match = /^([\w-]+)=(.*)$/s.exec(arg);
    if (match?.[1]) named[match[1]] = match[2] ?? '';
  }
  return named;
}

function escapeLinkText(text: string): string {
  return text.replace(/[[\]]/g, '\\$&');
}

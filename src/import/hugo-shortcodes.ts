// Import: what a Hugo blog's own shortcodes do with the text they enclose, read from their
// templates in the blog's layouts and its themes'.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { namesOf } from './engines.js';
import { readInsideBlog } from './read-blog.js';

// Comments of HTML and of Go templates, which write nothing a reader sees.
const TEMPLATE_COMMENT = /<!--[\s\S]*?-->|\{\{-?\s*\/\*[\s\S]*?\*\/\s*-?\}\}/g;
// `{{ .Inner }}`, trimmed or not (`{{- .Inner -}}`), or marked safe (`{{ .Inner | safeHTML }}`,
// `{{ safeHTML .Inner }}`).
const INNER_AS_WRITTEN =
  /^\{\{-?\s*(?:\.Inner(?:\s*\|\s*safeHTML)?|safeHTML\s+\.Inner|\(\s*\.Inner\s*\|\s*safeHTML\s*\))\s*-?\}\}$/;

/**
 * Whether a shortcode's template writes the text it encloses as it is written and nothing else
 * but comments: PaperMod's `rawhtml` (`<!-- raw html -->{{- .Inner -}}`) and the many copies of it.
 */
export function writesInnerAsWritten(template: string): boolean {
  return INNER_AS_WRITTEN.test(template.replace(TEMPLATE_COMMENT, '').trim());
}

// What a template may hold and still be shown as written: no action (`{{ … }}`), and nothing that
// runs or loads another page (an ad's script, an embed's frame).
const TEMPLATE_ACTION = /\{\{/;
const ACTIVE_ELEMENT = /<(?:script|iframe|style|link|object|embed|form|ins)\b/i;

/** Whether a shortcode's template writes the same HTML wherever it is called: what it shows. */
export function fixedHtml(template: string): string | undefined {
  const html = template.replace(TEMPLATE_COMMENT, '').trim();
  return html === '' || TEMPLATE_ACTION.test(html) || ACTIVE_ELEMENT.test(html) ? undefined : html;
}

/** What the import reads of a Hugo blog's own shortcodes. */
export interface BlogShortcodes {
  /** Those that write what they enclose as written (`rawhtml`). */
  readonly raw: ReadonlySet<string>;
  /** Those that write the same HTML wherever they are called (a series' list of links), by name. */
  readonly fixed: ReadonlyMap<string, string>;
}

/**
 * The blog's shortcodes the import reads: its own in `layouts/shortcodes/` (or `_shortcodes/`),
 * then its themes' where it has none of that name, as Hugo looks them up.
 */
export function blogShortcodes(source: string, config: Record<string, unknown>): BlogShortcodes {
  // Hugo 0.146 reads `_shortcodes/`, and `shortcodes/` as before.
  const folders = [
    'layouts',
    ...namesOf(config.theme, false).map((theme) => join('themes', theme, 'layouts')),
  ].flatMap((layouts) => ['_shortcodes', 'shortcodes'].map((kind) => join(source, layouts, kind)));
  const seen = new Set<string>();
  const raw = new Set<string>();
  const fixed = new Map<string, string>();
  for (const folder of folders) {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    for (const file of names) {
      const name = /^(.+)\.html$/.exec(file)?.[1];
      if (name === undefined || seen.has(name)) continue;
      seen.add(name);
      // Unreadable, a folder of that name, or a link out of the blog: none the import reads.
      const template = readInsideBlog(source, join(folder, file));
      if (template === undefined) continue;
      if (writesInnerAsWritten(template)) raw.add(name);
      const html = fixedHtml(template);
      if (html !== undefined) fixed.set(name, html);
    }
  }
  return { raw, fixed };
}

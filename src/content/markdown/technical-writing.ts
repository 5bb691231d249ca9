// Load: the Markdown technical writers expect beyond CommonMark and GFM — math, footnotes, task
// lists, alerts, definition lists and emoji — rendered into plain HTML, with no script.
import type MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { escapeHtml } from 'markdown-it/lib/common/utils.mjs';
import { alert } from '@mdit/plugin-alert';
import { dl } from '@mdit/plugin-dl';
import { footnote } from '@mdit/plugin-footnote';
import { tasklist } from '@mdit/plugin-tasklist';
import { tex } from '@mdit/plugin-tex';
import type { Locale } from '../../config/schema.js';
import type { BodyFeature } from '../post.js';
import { ALERT_TYPES, MARKUP_LABELS, type AlertType, type MarkupLabels } from './markup-labels.js';
import { useEmoji } from './emoji.js';
import { renderMath } from './math.js';
import { useEquationNumbers, writtenTex } from './equation-numbers.js';

/** What the renderer learns of a body as it writes it, and the language it writes in. */
export interface MarkupEnv {
  readonly locale?: Locale | undefined;
  /** What the body uses that its page must load for, noted as the renderer meets it. */
  features?: Set<BodyFeature>;
}

/** Notes that the body being rendered uses `feature`. */
export function noteFeature(env: unknown, feature: BodyFeature): void {
  if (env && typeof env === 'object') ((env as MarkupEnv).features ??= new Set()).add(feature);
}

const labelsOf = (env: unknown): MarkupLabels =>
  MARKUP_LABELS[(env as MarkupEnv | undefined)?.locale ?? 'en'];

// Alert icons: the outlines GitHub's alerts use, drawn as paths so that no request is made.
const ALERT_ICONS: Record<AlertType, string> = {
  note: 'M0 8a8 8 0 1 1 16 0A8 8 0 0 1 0 8Zm8-6.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13ZM6.5 7.75A.75.75 0 0 1 7.25 7h1a.75.75 0 0 1 .75.75v2.75h.25a.75.75 0 0 1 0 1.5h-2a.75.75 0 0 1 0-1.5h.25v-2h-.25a.75.75 0 0 1-.75-.75ZM8 6a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z',
  tip: 'M8 1.5c-2.363 0-4 1.69-4 3.75 0 .984.424 1.625.984 2.304l.214.253c.223.264.47.556.673.848.284.411.537.896.621 1.49a.75.75 0 0 1-1.484.211c-.04-.282-.163-.547-.37-.847a8.456 8.456 0 0 0-.542-.68c-.084-.1-.173-.205-.268-.32C3.201 7.75 2.5 6.766 2.5 5.25 2.5 2.31 4.863 0 8 0s5.5 2.31 5.5 5.25c0 1.516-.701 2.5-1.328 3.259-.095.115-.184.22-.268.319-.207.245-.383.453-.541.681-.208.3-.33.565-.37.847a.751.751 0 0 1-1.485-.212c.084-.593.337-1.078.621-1.489.203-.292.45-.584.673-.848.075-.088.147-.173.213-.253.561-.679.985-1.32.985-2.304 0-2.06-1.637-3.75-4-3.75ZM5.75 12h4.5a.75.75 0 0 1 0 1.5h-4.5a.75.75 0 0 1 0-1.5ZM6 15.25a.75.75 0 0 1 .75-.75h2.5a.75.75 0 0 1 0 1.5h-2.5a.75.75 0 0 1-.75-.75Z',
  important:
    'M0 1.75C0 .784.784 0 1.75 0h12.5C15.216 0 16 .784 16 1.75v9.5A1.75 1.75 0 0 1 14.25 13H8.06l-2.573 2.573A1.458 1.458 0 0 1 3 14.543V13H1.75A1.75 1.75 0 0 1 0 11.25Zm1.75-.25a.25.25 0 0 0-.25.25v9.5c0 .138.112.25.25.25h2a.75.75 0 0 1 .75.75v2.19l2.72-2.72a.749.749 0 0 1 .53-.22h6.5a.25.25 0 0 0 .25-.25v-9.5a.25.25 0 0 0-.25-.25Zm7 2.25v2.5a.75.75 0 0 1-1.5 0v-2.5a.75.75 0 0 1 1.5 0ZM9 9a1 1 0 1 1-2 0 1 1 0 0 1 2 0Z',
  warning:
    'M6.457 1.047c.659-1.234 2.427-1.234 3.086 0l6.082 11.378A1.75 1.75 0 0 1 14.082 15H1.918a1.75 1.75 0 0 1-1.543-2.575Zm1.763.707a.25.25 0 0 0-.44 0L1.698 13.132a.25.25 0 0 0 .22.368h12.164a.25.25 0 0 0 .22-.368Zm.53 3.996v2.5a.75.75 0 0 1-1.5 0v-2.5a.75.75 0 0 1 1.5 0ZM9 11a1 1 0 1 1-2 0 1 1 0 0 1 2 0Z',
  caution:
    'M4.47.22A.749.749 0 0 1 5 0h6c.199 0 .389.079.53.22l4.25 4.25c.141.14.22.331.22.53v6a.749.749 0 0 1-.22.53l-4.25 4.25A.749.749 0 0 1 11 16H5a.749.749 0 0 1-.53-.22L.22 11.53A.749.749 0 0 1 0 11V5c0-.199.079-.389.22-.53Zm.84 1.28L1.5 5.31v5.38l3.81 3.81h5.38l3.81-3.81V5.31L10.69 1.5ZM8 4a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 8 4Zm0 8a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z',
};

const alertType = (token: Token | undefined): AlertType =>
  (ALERT_TYPES as readonly string[]).includes(token?.markup ?? '')
    ? (token?.markup as AlertType)
    : 'note';

export function useTechnicalWriting(markdown: MarkdownIt, options: { math: boolean }): void {
  // `$…$` and `$$…$$` as most blogs write math, `\(…\)` and `\[…\]` as LaTeX does. A `$` opens
  // math only with no space after it and closes with none before, so prices stay text.
  if (options.math) {
    const renderFormula = (content: string, display: boolean, env: unknown, written = content) => {
      noteFeature(env, 'math');
      return renderMath(content, display, written).html;
    };
    markdown.use(tex, { delimiters: 'all', render: renderFormula });
    useEquationNumbers(markdown);
    // The plugin hands its renderer the formula alone; a formula KaTeX refuses shows the TeX its
    // author wrote, not the numbers put in for the page, which only the token keeps.
    for (const [type, display] of [
      ['math_block', true],
      ['math_inline', false],
    ] as const) {
      markdown.renderer.rules[type] = (tokens, index, _options, env) => {
        const token = tokens[index];
        return token ? renderFormula(token.content, display, env, writtenTex(token)) : '';
      };
    }
  }

  markdown.use(footnote);
  const rules = markdown.renderer.rules;
  const footnoteNumber = (token: Token | undefined): number =>
    ((token?.meta as { id?: number } | undefined)?.id ?? 0) + 1;
  const referenceId = (token: Token | undefined): string => {
    const sub = (token?.meta as { subId?: number } | undefined)?.subId ?? 0;
    return `fnref-${footnoteNumber(token)}${sub > 0 ? `-${sub + 1}` : ''}`;
  };
  rules.footnote_ref = (tokens, index) => {
    const n = footnoteNumber(tokens[index]);
    return `<sup class="footnote-ref"><a href="#fn-${n}" id="${referenceId(tokens[index])}" aria-describedby="footnotes-label">${n}</a></sup>`;
  };
  rules.footnote_block_open = (_tokens, _index, _options, env) =>
    `<section class="footnotes" aria-labelledby="footnotes-label">\n<h2 id="footnotes-label" class="footnotes-title">${escapeHtml(labelsOf(env).footnotes)}</h2>\n<ol>\n`;
  rules.footnote_block_close = () => '</ol>\n</section>\n';
  rules.footnote_open = (tokens, index) => `<li id="fn-${footnoteNumber(tokens[index])}">`;
  rules.footnote_close = () => '</li>\n';
  rules.footnote_anchor = (tokens, index, _options, env) =>
    ` <a href="#${referenceId(tokens[index])}" class="footnote-backref" aria-label="${escapeHtml(labelsOf(env).backToReference(footnoteNumber(tokens[index])))}">↩&#xFE0E;</a>`;

  markdown.use(tasklist, { disabled: true, label: true });
  // Boolean attributes as HTML writes them (`checked`, not `checked="checked"`).
  rules.checkbox_input = (tokens, index) => {
    const attributes = (tokens[index]?.attrs ?? []).map(([name, value]) =>
      name === 'checked' || name === 'disabled' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`,
    );
    return `<input${attributes.join('')}>`;
  };

  markdown.use(alert, {
    alertNames: [...ALERT_TYPES],
    // An alert in a quote or another alert, as Hexo's NexT nests its notes, is an alert too.
    deep: true,
    openRender: (tokens, index) => `<div class="alert alert-${alertType(tokens[index])}">\n`,
    titleRender: (tokens, index, _options, env) => {
      const type = alertType(tokens[index]);
      return `<p class="alert-title"><svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="${ALERT_ICONS[type]}"/></svg>${escapeHtml(labelsOf(env).alerts[type])}</p>\n`;
    },
    closeRender: () => '</div>\n',
  });

  markdown.use(dl);
  useEmoji(markdown);
}

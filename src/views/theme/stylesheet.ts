// Render: the default theme — one stylesheet for every page, light and dark, screen and print —
// with the site's own accent colours, fonts and width where its config sets them.
import type { ThemeSettings } from '../../config/look-schema.js';
import { parseHexColour } from '../../config/contrast.js';
import { accentShades, type Scheme } from '../../config/theme-colours.js';
import { Memo } from '../../memo/memo.js';
import { hashedPath } from '../../urls/hashed-path.js';

// The theme's custom properties, light then dark: a site's own settings are written after each,
// the light ones before the dark block, which must still override them for dark readers.
const LIGHT = `
:root {
  color-scheme: light dark;
  --text: #1f2328; --muted: #57606a; --bg: #ffffff; --surface: #f6f8fa; --line: #d0d7de;
  --accent: #0b5cad; --accent-soft: #e7f0fa; --focus: #0b5cad; --mark: #fff1a8;
  --font: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial,
    "Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans KR", "Hiragino Sans", "Yu Gothic UI",
    "Noto Sans JP", "PingFang SC", "Microsoft YaHei", "Noto Sans SC", "Noto Sans CJK KR", sans-serif;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "Noto Sans Mono CJK KR", monospace;
  --measure: 42rem;
}
`;

const DARK = `@media (prefers-color-scheme: dark) {
  :root {
    --text: #e6edf3; --muted: #9da7b3; --bg: #0d1117; --surface: #161b22; --line: #30363d;
    --accent: #79b8ff; --accent-soft: #1a2a3d; --focus: #79b8ff; --mark: #5a4b00;
  }
}
`;

const RULES = `*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--text); font: 1.0625rem/1.75 var(--font); overflow-wrap: anywhere; }
a { color: var(--accent); text-underline-offset: .2em; }
a:hover { text-decoration-thickness: 2px; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; border-radius: 3px; }
.icon { width: 1.1em; height: 1.1em; flex: none; fill: currentColor; }
.skip-link { position: absolute; left: .75rem; top: -4rem; z-index: 1; padding: .5rem .75rem; background: var(--bg); border: 2px solid var(--accent); }
.skip-link:focus { top: .75rem; }
main:focus { outline: none; }
.problems-banner, .warnings-banner { margin: 0; padding: .75rem 1rem; background: #ffebe9; color: #5a0a0a; border-bottom: 2px solid #cf222e; }
.warnings-banner { background: #fff8c5; color: #3d2e00; border-bottom-color: #9a6700; }
.problems-banner p, .warnings-banner p { margin: 0 0 .5rem; font-weight: 600; }
.problems-banner pre, .warnings-banner pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font: .85rem/1.5 var(--mono); }
.preview-banner { margin: 0; padding: .5rem 1rem; text-align: center; background: #fff3cd; color: #3d2e00; }
.site-header, main, .site-footer { max-width: var(--measure); margin: 0 auto; padding-inline: 1.25rem; }
.site-header { padding-top: 2.5rem; }
.site-title { margin: 0; font-size: 1.75rem; font-weight: 700; line-height: 1.25; letter-spacing: -.01em; }
.site-title a { color: inherit; text-decoration: none; }
.tagline { margin: .35rem 0 0; color: var(--muted); }
.site-nav { margin-top: 1.25rem; border-bottom: 1px solid var(--line); }
.site-nav ul { list-style: none; margin: 0; padding: 0 0 .75rem; display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; }
.site-nav a { display: inline-block; padding: .25rem 0; color: var(--muted); text-decoration: none; }
.site-nav a:hover { color: var(--text); }
.site-nav a[aria-current="page"] { color: var(--text); font-weight: 600; box-shadow: inset 0 -2px var(--accent); }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.site-search, .search-field { display: flex; gap: .5rem; }
.site-search { margin-top: .9rem; }
.site-search input, .search-field input { flex: 1; min-width: 0; padding: .35rem .65rem; font: inherit; font-size: 1rem; color: var(--text); background: var(--bg); border: 1px solid var(--muted); border-radius: .375rem; }
.site-search button, .search-field button { padding: .35rem .9rem; font: inherit; font-size: 1rem; font-weight: 600; color: var(--bg); background: var(--accent); border: 1px solid var(--accent); border-radius: .375rem; cursor: pointer; }
.search-form label { display: block; margin: 1rem 0 .4rem; font-weight: 600; }
.search-status { margin: 1.25rem 0 0; color: var(--muted); }
.search-hits { list-style: none; margin: 0; padding: 0; }
.search-hit { padding: 1.25rem 0; border-bottom: 1px solid var(--line); }
.search-snippet { margin: .5rem 0 0; }
mark { padding: 0 .1em; border-radius: 2px; background: var(--mark); color: inherit; }
.search-tips, .search-browse { margin: .75rem 0; }
.search-browse { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .4rem 1.25rem; }
.page-title { margin: 2.25rem 0 .25rem; font-size: 1.75rem; line-height: 1.3; letter-spacing: -.01em; }
.page-subtitle { margin: 0 0 .5rem; font-size: 1.05rem; font-weight: 500; color: var(--muted); }
.term-index { list-style: none; margin: 1.25rem 0; padding: 0; display: flex; flex-wrap: wrap; align-items: baseline; gap: .5rem 1.5rem; }
.term-index a { display: inline-block; padding: .2rem 0; font-weight: 500; }
.term-count { color: var(--muted); font-size: .875rem; font-weight: 400; }
.tag-cloud .weight-1 a { font-size: .95rem; }
.tag-cloud .weight-2 a { font-size: 1.1rem; }
.tag-cloud .weight-3 a { font-size: 1.25rem; }
.tag-cloud .weight-4 a { font-size: 1.45rem; }
.tag-cloud .weight-5 a { font-size: 1.7rem; }
.archive-year h2 { margin: 2rem 0 .25rem; font-size: 1.4rem; }
.archive-year h3 { margin: 1rem 0 .25rem; font-size: 1.05rem; color: var(--muted); }
.archive-posts { list-style: none; margin: 0; padding: 0; }
.archive-posts li { display: flex; gap: .75rem; padding: .2rem 0; }
.archive-posts time { flex: none; color: var(--muted); font-variant-numeric: tabular-nums; }
.entry { padding: 1.75rem 0; border-bottom: 1px solid var(--line); }
.entry-title { margin: 0 0 .5rem; font-size: 1.3rem; line-height: 1.4; }
.entry-title a { color: var(--text); text-decoration: none; }
.entry-title a:hover { color: var(--accent); text-decoration: underline; }
.entry-excerpt { margin: 0 0 .75rem; color: var(--text); }
.entry-pinned { display: inline-block; margin: 0 0 .6rem; padding: 0 .5rem; border: 1px solid currentColor; border-radius: .25rem; color: var(--accent); font-size: .8rem; font-weight: 600; }
.tags { list-style: none; margin: 0 0 .75rem; padding: 0; display: flex; flex-wrap: wrap; gap: .4rem; font-size: .875rem; }
.tags li { min-width: 0; }
.tags a { display: inline-block; padding: .1rem .6rem; border-radius: 999px; background: var(--accent-soft); text-decoration: none; line-height: 1.6; }
.tag-mark { opacity: .75; }
.byline { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem .6rem; margin: 0; color: var(--muted); font-size: .9rem; }
.avatar { width: 2rem; height: 2rem; border-radius: 50%; object-fit: cover; background: var(--surface); }
.author { color: var(--text); font-weight: 500; }
.draft-badge { padding: 0 .4rem; border: 1px solid currentColor; border-radius: .25rem; font-size: .8rem; }
.pager ul { list-style: none; margin: 2.5rem 0 1rem; padding: 0; display: flex; flex-wrap: wrap; justify-content: center; gap: .35rem; }
.pager a, .pager span { display: inline-flex; align-items: center; justify-content: center; min-width: 2.75rem; min-height: 2.75rem; padding: 0 .8rem; border-radius: .5rem; text-decoration: none; }
.pager a { border: 1px solid var(--line); }
.pager a:hover { background: var(--accent-soft); }
.pager [aria-current="page"] { background: var(--accent); color: var(--bg); font-weight: 700; }
.pager .pager-inactive { color: var(--muted); border: 1px dashed var(--line); }
.share { margin: 2.5rem 0 0; }
.share ul, .profile-links { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; }
.share a, .profile-links a { display: inline-flex; align-items: center; gap: .4rem; min-height: 2.75rem; }
.post > header { margin-bottom: 1.5rem; }
.post-category { margin: .5rem 0 0; color: var(--muted); font-size: .9rem; }
.post-cover, .entry-image { display: block; max-width: 100%; height: auto; border-radius: .375rem; }
.post-cover { margin: 1.25rem 0 0; }
.entry-image { margin: 0 0 .75rem; }
.post-body { font-size: 1.075rem; }
.post-body h2, .post-body h3, .post-body h4 { margin: 2.25rem 0 .75rem; line-height: 1.35; }
.post-body .heading { display: flex; align-items: baseline; gap: .35rem; margin: 2.25rem 0 .75rem; }
.post-body .heading > :first-child { margin: 0; }
.heading-link { padding: 0 .3rem; color: var(--muted); text-decoration: none; opacity: 0; }
.heading:hover .heading-link, .heading-link:focus-visible { opacity: 1; }
@media (hover: none) { .heading-link { opacity: 1; } }
.post-body .toc { margin: 1.5rem 0; padding: .75rem 1.25rem; border: 1px solid var(--line); border-radius: .5rem; background: var(--surface); }
.post-body .toc-title { margin: 0 0 .25rem; font-weight: 600; }
.post-body .toc ol { margin: 0; padding-left: 1.25rem; }
.post-body img { max-width: 100%; height: auto; border-radius: .375rem; }
.post-body .image-figure { margin: 1.25rem 0; }
.post-body details { margin: 1.25rem 0; }
.post-body summary { cursor: pointer; font-weight: 600; }
.post-body .image-figure figcaption { margin-top: .4rem; color: var(--muted); font-size: .9rem; text-align: center; }
.post-body blockquote { margin: 1.25rem 0; padding: .25rem 1rem; border-left: 3px solid var(--line); color: var(--muted); }
.post-body code { font-family: var(--mono); font-size: .9em; padding: .1em .3em; border-radius: .25rem; background: var(--surface); }
.post-body pre { overflow-x: auto; tab-size: 4; padding: 1rem 1.1rem; border: 1px solid var(--line); border-radius: .5rem; background: var(--surface); line-height: 1.55; overflow-wrap: normal; }
.post-body pre code { padding: 0; background: none; font-size: .875rem; }
.post-body .code-frame { position: relative; }
.post-body .copy-code { position: absolute; top: .4rem; right: .4rem; min-height: 2rem; padding: .2rem .65rem; border: 1px solid var(--line); border-radius: .375rem; background: var(--bg); color: var(--text); font: .8rem/1.4 var(--font); cursor: pointer; }
.post-body pre.mermaid[data-processed] { padding: 1rem 0; border: 0; background: none; text-align: center; }
.post-body .code-block { margin: 1.25rem 0; }
.post-body .code-block figcaption { padding: .4rem 1.1rem; border: 1px solid var(--line); border-bottom: 0; border-radius: .5rem .5rem 0 0; background: var(--surface); color: var(--muted); font: .85rem/1.5 var(--mono); }
.post-body .code-block pre { margin: 0; border-radius: 0 0 .5rem .5rem; }
.post-body pre.lines code { display: grid; }
.post-body pre.lines .line { min-height: 1lh; margin: 0 -1.1rem; padding: 0 1.1rem; }
.post-body pre.line-numbers code { counter-reset: line; }
.post-body pre.line-numbers .line::before { counter-increment: line; content: counter(line); display: inline-block; width: 2em; margin-right: 1.25em; text-align: right; color: var(--muted); }
.post-body .line-marked { background: var(--accent-soft); box-shadow: inset 3px 0 var(--accent); }
.post-body .line-added { background: #dafbe1; }
.post-body .line-removed { background: #ffebe9; }
.post-body table { display: block; max-width: 100%; overflow-x: auto; border-collapse: collapse; overflow-wrap: normal; }
.post-body th, .post-body td { min-width: 6rem; padding: .35rem .7rem; border: 1px solid var(--line); text-align: left; }
.post-body th { background: var(--surface); }
.post-body .katex-display { overflow-x: auto; overflow-y: hidden; padding: .25rem 0; }
.post-body .math-error { color: #a40e26; }
.post-body .alert { margin: 1.25rem 0; padding: .5rem 1rem; border-left: 4px solid var(--alert); }
.post-body .alert > :last-child { margin-bottom: 0; }
.post-body .alert-title { display: flex; align-items: center; gap: .5rem; margin: 0 0 .25rem; color: var(--alert); font-weight: 600; }
.alert-note { --alert: #0969da; } .alert-tip { --alert: #1a7f37; } .alert-important { --alert: #8250df; }
.alert-warning { --alert: #9a6700; } .alert-caution { --alert: #d1242f; }
.post-body .task-list-container { list-style: none; padding-left: .25rem; }
.post-body .task-list-item-checkbox { margin: 0 .5rem 0 0; vertical-align: -.1em; }
.post-body dt { font-weight: 600; }
.post-body dd { margin: 0 0 .75rem 1.5rem; }
.post-body .footnote-ref a { padding: 0 .15em; }
.post-body .footnotes { margin-top: 2.5rem; padding-top: 1rem; border-top: 1px solid var(--line); font-size: .925rem; }
.post-body .footnotes .footnotes-title { margin: 0 0 .5rem; font-size: 1rem; color: var(--muted); }
.post > footer { margin-top: 2rem; }
.post-series, .related-posts { margin: 2rem 0 0; padding: 1rem 1.25rem; border: 1px solid var(--line); border-radius: 6px; }
.post-series-title, .related-posts-title { margin: 0 0 .25rem; font-size: 1.05rem; }
.series-part { margin: 0 0 .5rem; color: var(--muted); font-size: .9rem; }
.post-series ol, .related-posts ul { margin: 0; padding-left: 1.5rem; }
.post-series li, .related-posts li { padding: .15rem 0; }
.post-series [aria-current="page"] { font-weight: 600; }
.related-posts time, .series-posts time { color: var(--muted); font-size: .875rem; font-variant-numeric: tabular-nums; }
.series-count { margin: 0 0 1rem; color: var(--muted); }
.series-posts { margin: 0; padding-left: 1.75rem; }
.series-posts li { padding: .3rem 0; }
.post-neighbours ul { list-style: none; margin: 2rem 0 0; padding: 1.25rem 0 0; border-top: 1px solid var(--line); display: grid; gap: .75rem; }
.site-footer { margin-top: 4rem; padding-bottom: 2.5rem; color: var(--muted); font-size: .9rem; }
.profile-links { padding-top: 1.5rem; border-top: 1px solid var(--line); }
.copyright { margin: 1rem 0 0; }
.hljs-comment, .hljs-quote { color: #57606a; font-style: italic; }
.hljs-keyword, .hljs-selector-tag, .hljs-literal, .hljs-built_in, .hljs-type { color: #cf222e; }
.hljs-string, .hljs-regexp, .hljs-addition, .hljs-attribute { color: #0a3069; }
.hljs-number, .hljs-symbol, .hljs-variable, .hljs-template-variable { color: #0550ae; }
.hljs-title, .hljs-section, .hljs-name { color: #6639ba; }
.hljs-meta, .hljs-attr, .hljs-selector-class, .hljs-selector-id { color: #953800; }
.hljs-deletion { color: #82071e; }
@media (prefers-color-scheme: dark) {
  .preview-banner { background: #3d2e00; color: #fff3cd; }
  .hljs-comment, .hljs-quote { color: #8b949e; }
  .hljs-keyword, .hljs-selector-tag, .hljs-literal, .hljs-built_in, .hljs-type { color: #ff7b72; }
  .hljs-string, .hljs-regexp, .hljs-addition, .hljs-attribute { color: #a5d6ff; }
  .hljs-number, .hljs-symbol, .hljs-variable, .hljs-template-variable { color: #79c0ff; }
  .hljs-title, .hljs-section, .hljs-name { color: #d2a8ff; }
  .hljs-meta, .hljs-attr, .hljs-selector-class, .hljs-selector-id { color: #ffa657; }
  .hljs-deletion { color: #ffdcd7; }
  .post-body .math-error { color: #ff9492; }
  .post-body .line-added { background: #12261e; }
  .post-body .line-removed { background: #2d1619; }
  .alert-note { --alert: #4493f8; } .alert-tip { --alert: #3fb950; } .alert-important { --alert: #ab7df8; }
  .alert-warning { --alert: #d29922; } .alert-caution { --alert: #f85149; }
}
@media (max-width: 30rem) {
  body { font-size: 1rem; }
  .site-header { padding-top: 1.5rem; }
  .site-title { font-size: 1.5rem; }
  .page-title { font-size: 1.5rem; }
  .entry-title { font-size: 1.2rem; }
}
@media print {
  :root { --text: #000; --muted: #333; --bg: #fff; --surface: #fff; --accent: #000; --line: #999; }
  body { font-size: 11pt; line-height: 1.5; }
  .skip-link, .site-nav, .site-search, .share, .pager, .post-neighbours, .related-posts, .profile-links, .preview-banner, .heading-link, .copy-code { display: none; }
  .site-header, main, .site-footer { max-width: none; padding: 0; }
  .post-body a[href^="http"]::after { content: " (" attr(href) ")"; font-size: .85em; overflow-wrap: anywhere; }
  .post-body pre, .post-body img, .post-body table { break-inside: avoid; }
  .post-body pre { white-space: pre-wrap; }
  h1, h2, h3 { break-after: avoid; }
}
`;

/** A stylesheet's text and the path it is served at (the path carries a hash of the text). */
export interface Stylesheet {
  readonly css: string;
  readonly path: string;
}

/**
 * The theme's stylesheet for a site's settings. They go into the one hashed file rather than a
 * `<style>` in each page: pages stay as small as they were, the file is cached for good, and a
 * new setting is a new file name. A site that sets nothing gets the theme's file as it always was.
 */
export function stylesheetOf(theme: ThemeSettings): Stylesheet {
  return stylesheets.get(JSON.stringify(theme), () => {
    const own = ownSettings(theme);
    const css = `${LIGHT}${own.light}${DARK}${own.dark}${RULES}`;
    return { css, path: hashedPath('folio', 'css', css) };
  });
}

// By the settings as JSON: a server builds many versions of a site, and they share a few themes.
const stylesheets = new Memo<string, Stylesheet>('theme stylesheets', 8);

/**
 * The custom properties a site sets, each scheme's written after the theme's own for it and
 * before the rules, so that printing still uses black and white. Every value was checked by the config's schema: colours are
 * hex, fonts hold nothing that ends a declaration, the width is a length.
 */
function ownSettings(theme: ThemeSettings): { light: string; dark: string } {
  const accent = (written: string | undefined, scheme: Scheme): string[] => {
    const colour = written === undefined ? undefined : parseHexColour(written);
    if (!colour) return [];
    const shades = accentShades(colour, scheme);
    return [
      `--accent: ${shades.accent};`,
      `--accent-soft: ${shades.soft};`,
      `--focus: ${shades.accent};`,
    ];
  };
  const light = [
    ...accent(theme.accent, 'light'),
    ...(theme.font ? [`--font: ${theme.font};`] : []),
    ...(theme.monoFont ? [`--mono: ${theme.monoFont};`] : []),
    ...(theme.contentWidth ? [`--measure: ${theme.contentWidth};`] : []),
  ];
  const dark = accent(theme.accentDark, 'dark');
  return {
    light: light.length > 0 ? `:root { ${light.join(' ')} }\n` : '',
    dark:
      dark.length > 0
        ? `@media (prefers-color-scheme: dark) {\n  :root { ${dark.join(' ')} }\n}\n`
        : '',
  };
}

// Render: the default theme's stylesheet, served under a name that changes with its content.

const css = `
:root {
  color-scheme: light dark;
  --text: #1f2328; --muted: #59636e; --bg: #ffffff; --accent: #0b5cad; --line: #d1d9e0;
  --font: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Apple SD Gothic Neo",
    "Malgun Gothic", "Hiragino Sans", "Yu Gothic", "PingFang SC", "Microsoft YaHei", sans-serif;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Noto Sans Mono", monospace;
}
@media (prefers-color-scheme: dark) {
  :root { --text: #e6edf3; --muted: #9ea7b3; --bg: #0d1117; --accent: #6cb6ff; --line: #30363d; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); font: 1.0625rem/1.7 var(--font); }
a { color: var(--accent); }
a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; border-radius: 2px; }
.skip-link { position: absolute; left: -999px; }
.skip-link:focus { left: 1rem; top: 1rem; background: var(--bg); padding: .5rem; }
.site-header, main, .site-footer { max-width: 44rem; margin: 0 auto; padding: 0 1.25rem; }
.site-header { padding-top: 2rem; border-bottom: 1px solid var(--line); }
.site-title { margin: 0; font-size: 1.75rem; line-height: 1.2; }
.site-title a { color: inherit; text-decoration: none; }
.tagline { margin: .25rem 0 0; color: var(--muted); }
.site-nav ul, .tags, .pager ul, .share ul, .profile-links { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
.site-nav a[aria-current="page"] { font-weight: 600; text-decoration: none; }
.page-title { font-size: 1.6rem; line-height: 1.3; margin: 2rem 0 .25rem; }
.page-subtitle { font-size: 1.1rem; color: var(--muted); margin: 0 0 1rem; font-weight: 500; }
.entry { padding: 1.5rem 0; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
.entry-title { font-size: 1.3rem; line-height: 1.35; margin: 0 0 .5rem; }
.entry-title a { color: inherit; }
.entry-excerpt { margin: 0 0 .5rem; }
.tags { margin: .5rem 0; font-size: .9rem; }
.tags a { text-decoration: none; }
.tags a::before { content: "#"; }
.byline { display: flex; align-items: center; gap: .5rem; color: var(--muted); font-size: .9rem; margin: 0; }
.avatar { border-radius: 50%; }
.draft-badge { border: 1px solid currentColor; border-radius: .25rem; padding: 0 .35rem; font-size: .8rem; }
.pager ul { justify-content: center; margin: 2rem 0; }
.pager a, .pager span { display: inline-block; min-width: 2.75rem; min-height: 2.75rem; padding: .5rem .75rem; text-align: center; }
.pager [aria-current="page"] { font-weight: 700; border-bottom: 2px solid var(--accent); }
.pager .pager-inactive { color: var(--muted); }
.share { margin: 2rem 0; }
.post-body { overflow-wrap: anywhere; }
.post-body pre, .post-body code { font-family: var(--mono); font-size: .9em; }
.post-body pre { overflow-x: auto; padding: 1rem; border: 1px solid var(--line); border-radius: .375rem; }
.post-body table { border-collapse: collapse; display: block; overflow-x: auto; }
.post-body th, .post-body td { border: 1px solid var(--line); padding: .25rem .5rem; }
.post-body img { max-width: 100%; height: auto; }
.post-body h2, .post-body h3 { line-height: 1.3; margin-top: 2rem; }
.post-body blockquote { margin: 1rem 0; padding-left: 1rem; border-left: 3px solid var(--line); color: var(--muted); }
.post-neighbours ul { list-style: none; padding: 0; display: grid; gap: .5rem; margin: 2rem 0; }
.preview-banner { background: #fff3cd; color: #3d2e00; text-align: center; padding: .5rem; margin: 0; }
.hljs-comment, .hljs-quote { color: #6a737d; font-style: italic; }
.hljs-keyword, .hljs-selector-tag, .hljs-literal, .hljs-built_in, .hljs-type { color: #cf222e; }
.hljs-string, .hljs-regexp, .hljs-addition, .hljs-attribute { color: #0a3069; }
.hljs-number, .hljs-symbol, .hljs-variable, .hljs-template-variable { color: #0550ae; }
.hljs-title, .hljs-section, .hljs-name { color: #8250df; }
.hljs-meta, .hljs-attr, .hljs-selector-class, .hljs-selector-id { color: #953800; }
.hljs-deletion { color: #82071e; }
@media (prefers-color-scheme: dark) {
  .hljs-comment, .hljs-quote { color: #8b949e; }
  .hljs-keyword, .hljs-selector-tag, .hljs-literal, .hljs-built_in, .hljs-type { color: #ff7b72; }
  .hljs-string, .hljs-regexp, .hljs-addition, .hljs-attribute { color: #a5d6ff; }
  .hljs-number, .hljs-symbol, .hljs-variable, .hljs-template-variable { color: #79c0ff; }
  .hljs-title, .hljs-section, .hljs-name { color: #d2a8ff; }
  .hljs-meta, .hljs-attr, .hljs-selector-class, .hljs-selector-id { color: #ffa657; }
  .hljs-deletion { color: #ffdcd7; }
}
.site-footer { margin-top: 3rem; padding-bottom: 2rem; border-top: 1px solid var(--line); color: var(--muted); font-size: .9rem; }
`;

/** The stylesheet's text and the path it is served at (the path carries a hash of the text). */
export const stylesheet = { css, path: `/assets/folio.${fnv1a(css)}.css` } as const;

// FNV-1a: enough to change the name whenever the text changes; not a security measure.
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

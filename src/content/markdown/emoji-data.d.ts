// The table of GitHub's emoji shortcodes that markdown-it-emoji ships, by name.
declare module 'markdown-it-emoji/lib/data/full.mjs' {
  const emoji: Readonly<Record<string, string>>;
  export default emoji;
}

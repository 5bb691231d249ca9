// Import: the blog engines `folio import` reads, by name, apart from how it reads them, so that
// the command line names them without loading their parsers.
export type EngineName = 'jekyll' | 'hexo' | 'hugo' | 'eleventy';
export const ENGINES: readonly EngineName[] = ['jekyll', 'hexo', 'hugo', 'eleventy'];

const TITLES: Readonly<Record<EngineName, string>> = {
  jekyll: 'Jekyll',
  hexo: 'Hexo',
  hugo: 'Hugo',
  eleventy: 'Eleventy',
};

/** The engine's name as its makers write it. */
export const engineTitle = (engine: EngineName): string => TITLES[engine];

/** "a Hugo blog", "an Eleventy blog". */
export const blogOf = (engine: EngineName): string =>
  `${engine === 'eleventy' ? 'an' : 'a'} ${TITLES[engine]} blog`;

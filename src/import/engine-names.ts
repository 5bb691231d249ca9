// Import: the blog engines `folio import` reads, by name, apart from how it reads them, so that
// the command line names them without loading their parsers.
export type EngineName = 'jekyll' | 'hexo' | 'hugo';
export const ENGINES: readonly EngineName[] = ['jekyll', 'hexo', 'hugo'];

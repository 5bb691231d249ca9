// Shapes shared by the demo blog content pools and the demo generator.

export type Lang = 'en' | 'ko' | 'ja' | 'zh';

export interface CodeSample {
  lang: string;
  source: string;
}

// A subject the demo author writes about repeatedly; each entry in `posts` becomes one post
// whose body mixes its own lead with a rotating selection of the shared material. Titles with
// little ASCII in them carry an explicit slug.
export interface Topic {
  id: string;
  category: string;
  lang: Lang;
  tags: string[];
  posts: [title: string, lead: string, slug?: string][];
  sections: [heading: string, text: string][];
  code: CodeSample[];
  points?: string[];
  steps?: string[];
  table?: string;
  links: [text: string, url: string][];
}

// A short note whose whole body fits in the listing excerpt, or a post that is only code.
export interface Note {
  title: string;
  slug?: string;
  category: string;
  tags: string[];
  body?: string;
  code?: CodeSample;
}

// Posts that exist on disk but must never be listed.
export interface HiddenPost {
  title: string;
  slug: string;
  category: string;
  tags: string[];
  date: string;
  draft: boolean;
  body: string;
}

export function code(lang: string, source: string): CodeSample {
  return { lang, source: source.replace(/^\n/, '').trimEnd() };
}

export function table(source: string): string {
  return source.trim();
}

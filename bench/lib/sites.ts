// The compared engines' site folders: each engine's skeleton (bench/engines/<name>/) with the
// corpus' posts written in its front matter and folder layout, and the check that a build wrote
// the page set every engine is asked for.
import { cp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPost, type GeneratedPost, type Layout, writePosts } from '../corpus.js';
import { ENGINES_DIR, REPO_ROOT, type NpmEngine, npmEngine } from './setup.js';

export type Engine = 'folio' | 'hugo' | 'eleventy' | 'hexo';
export const ENGINE_NAMES: Readonly<Record<Engine, string>> = {
  folio: 'Folio',
  hugo: 'Hugo',
  eleventy: 'Eleventy',
  hexo: 'Hexo',
};

/** What the pages of every engine must include, counted from the corpus. */
export interface PageSet {
  readonly posts: number;
  readonly listingPages: number;
  readonly categories: number;
}

/** The page set of a corpus of `posts` posts. */
export function pageSet(posts: number): PageSet {
  const categories = new Set<string>();
  for (let index = 0; index < posts; index += 1) categories.add(corpusPost(index).category);
  return { posts, listingPages: Math.ceil(posts / 10), categories: categories.size };
}

/**
 * The wall-clock time of an ISO 8601 date in the corpus' time zone, without an offset. Hexo reads
 * front-matter dates as times in its configured zone and shifts any explicit offset once more.
 */
function localDate(iso: string): string {
  const hours = Number(iso.slice(-6, -3));
  const shifted = new Date(Date.parse(iso) + hours * 3_600_000);
  return shifted.toISOString().slice(0, 19).replace('T', ' ');
}

/** A post with the front matter an engine reads: JSON is YAML, so values need no escaping. */
function engineText(
  post: GeneratedPost,
  date: string,
  category: 'category' | 'categories',
): string {
  const lines = [
    `title: ${JSON.stringify(post.title)}`,
    `date: ${date}`,
    `${category}: ${JSON.stringify(category === 'category' ? post.category : [post.category])}`,
    `tags: ${JSON.stringify(post.tags)}`,
  ];
  if (post.description) lines.push(`description: ${JSON.stringify(post.description)}`);
  return `---\n${lines.join('\n')}\n---\n${post.body}`;
}

const LAYOUTS: Readonly<Record<Exclude<Engine, 'folio'>, Layout>> = {
  hugo: {
    postPath: (post) => `content/posts/${post.slug}.md`,
    postText: (post) => engineText(post, post.isoDate, 'categories'),
    staticDir: 'static',
  },
  eleventy: {
    postPath: (post) => `posts/${post.slug}.md`,
    postText: (post) => engineText(post, post.isoDate, 'category'),
    staticDir: '.',
  },
  hexo: {
    postPath: (post) => `source/_posts/${post.slug}.md`,
    postText: (post) => engineText(post, localDate(post.isoDate), 'categories'),
    staticDir: 'source',
  },
};

/** Hexo finds its plugins through the site's package.json and node_modules. */
async function prepareHexo(siteDir: string, engine: NpmEngine): Promise<void> {
  const dependencies = Object.fromEntries(
    Object.entries(engine.packages).filter(([name]) => name !== 'hexo-cli'),
  );
  const manifest = {
    name: 'folio-bench-hexo',
    version: '0.0.0',
    private: true,
    hexo: { version: engine.packages.hexo },
    dependencies,
  };
  await writeFile(join(siteDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await symlink(join(ENGINES_DIR, 'hexo', 'node_modules'), join(siteDir, 'node_modules'), 'dir');
}

/** Writes the site folder of `engine` for a corpus of `posts` posts into `siteDir`, replacing it. */
export async function writeEngineSite(
  engine: Exclude<Engine, 'folio'>,
  posts: number,
  siteDir: string,
): Promise<void> {
  await rm(siteDir, { recursive: true, force: true });
  await cp(join(REPO_ROOT, 'bench', 'engines', engine), siteDir, { recursive: true });
  if (engine === 'hexo') await prepareHexo(siteDir, npmEngine('hexo'));
  await writePosts(siteDir, posts, LAYOUTS[engine]);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Sub-folders of `dir` that hold an index.html. */
async function pageFolders(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const name of names) {
    if (await isFile(join(dir, name, 'index.html'))) found.push(name);
  }
  return found;
}

/**
 * Checks that a build wrote the expected page set into `outDir`: the featured listing's pages,
 * one page per category, one per post and the RSS feed with its 20 newest posts. Returns the
 * number of those pages; throws, naming what is missing, otherwise.
 */
export async function verifyPages(outDir: string, expected: PageSet): Promise<number> {
  const problems: string[] = [];
  if (!(await isFile(join(outDir, 'index.html')))) problems.push('no index.html');
  const numbered = (await pageFolders(join(outDir, 'page')))
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 2);
  const listing = 1 + numbered.length;
  const complete = numbered.every((n) => n <= expected.listingPages);
  if (listing !== expected.listingPages || !complete) {
    problems.push(`${listing} listing pages instead of ${expected.listingPages}`);
  }
  const categories = (await pageFolders(join(outDir, 'categories'))).length;
  if (categories !== expected.categories) {
    problems.push(`${categories} category pages instead of ${expected.categories}`);
  }
  const posts = (await pageFolders(join(outDir, 'posts'))).length;
  if (posts !== expected.posts) problems.push(`${posts} post pages instead of ${expected.posts}`);
  let items = 0;
  try {
    items = (await readFile(join(outDir, 'feed.xml'), 'utf8')).split('<item>').length - 1;
  } catch {
    problems.push('no feed.xml');
  }
  if (items !== Math.min(20, expected.posts)) problems.push(`${items} items in feed.xml`);
  if (problems.length > 0) throw new Error(`${outDir}: ${problems.join('; ')}`);
  return listing + categories + posts + 1;
}

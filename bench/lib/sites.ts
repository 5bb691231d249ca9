// The compared engines' site folders: each engine's skeleton (bench/engines/<name>/) with the
// benchmark corpus converted to its front matter and folder layout, and the check that a build
// wrote the page set every engine is asked for.
import { cp, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ENGINES_DIR, REPO_ROOT, type NpmEngine, npmEngine } from './setup.js';

export type Engine = 'folio' | 'hugo' | 'eleventy' | 'hexo';
export const ENGINE_NAMES: Readonly<Record<Engine, string>> = {
  folio: 'Folio',
  hugo: 'Hugo',
  eleventy: 'Eleventy',
  hexo: 'Hexo',
};

/** The corpus' time zone: dates without an offset are read in it (it has no daylight saving). */
const CORPUS_OFFSET = '+09:00';
const CONCURRENCY = 32;

/** What the pages of every engine must include, counted from the corpus. */
export interface PageSet {
  readonly posts: number;
  readonly listingPages: number;
  readonly categories: number;
}

interface Post {
  readonly slug: string;
  readonly title: string;
  /** ISO 8601 with an offset. */
  readonly date: string;
  readonly category: string;
  readonly tags: readonly string[];
  readonly description: string | undefined;
  readonly body: string;
}

/** Every post file of a corpus folder, as paths relative to `content/posts/`. */
async function postFiles(corpusDir: string): Promise<string[]> {
  const root = join(corpusDir, 'content', 'posts');
  const names = await readdir(root, { recursive: true });
  return names.filter((name) => name.endsWith('.md')).sort();
}

/** `YYYY-MM-DD`, `YYYY-MM-DD HH:mm` or ISO 8601 with an offset → ISO 8601 with an offset. */
export function isoDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T00:00:00${CORPUS_OFFSET}`;
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(value);
  if (local) return `${local[1]}T${local[2]}:00${CORPUS_OFFSET}`;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/.test(value)) return value;
  throw new Error(`unexpected date in the corpus: ${value}`);
}

/**
 * The wall-clock time of an ISO 8601 date in the corpus' time zone, without an offset. Hexo reads
 * front-matter dates as times in its configured zone and shifts any explicit offset once more.
 */
function localDate(iso: string): string {
  const hours = Number(CORPUS_OFFSET.slice(0, 3));
  const shifted = new Date(Date.parse(iso) + hours * 3_600_000);
  return shifted.toISOString().slice(0, 19).replace('T', ' ');
}

function parsePost(file: string, text: string): Post {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match?.[1]) throw new Error(`${file}: no front matter`);
  const front = parseYaml(match[1]) as Record<string, unknown>;
  const { title, date, category, tags, description } = front;
  if (typeof title !== 'string' || typeof date !== 'string' || typeof category !== 'string') {
    throw new Error(`${file}: the front matter lacks a title, a date or a category`);
  }
  if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) {
    throw new Error(`${file}: tags are not a list of names`);
  }
  const slug = file.replace(/^.*\//, '').replace(/\.md$/, '');
  return {
    slug,
    title,
    date: isoDate(date),
    category,
    tags,
    description: typeof description === 'string' ? description : undefined,
    body: text.slice(match[0].length),
  };
}

function frontMatter(fields: Readonly<Record<string, unknown>>): string {
  const lines = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    // JSON is YAML: strings and lists written this way need no further escaping.
    .map(([key, value]) => `${key}: ${key === 'date' ? String(value) : JSON.stringify(value)}`);
  return `---\n${lines.join('\n')}\n---\n`;
}

interface Layout {
  /** Where a post goes, relative to the site folder. */
  readonly postPath: (post: Post) => string;
  readonly postText: (post: Post) => string;
  /** Where the corpus' static/ folder goes. */
  readonly staticDir: string;
  /** Where the engine writes the site, relative to the site folder. */
  readonly outDir: string;
}

export const LAYOUTS: Readonly<Record<Exclude<Engine, 'folio'>, Layout>> = {
  hugo: {
    postPath: (post) => `content/posts/${post.slug}.md`,
    postText: (post) =>
      frontMatter({
        title: post.title,
        date: post.date,
        categories: [post.category],
        tags: post.tags,
        description: post.description,
      }) + post.body,
    staticDir: 'static',
    outDir: 'public',
  },
  eleventy: {
    postPath: (post) => `posts/${post.slug}.md`,
    postText: (post) =>
      frontMatter({
        title: post.title,
        date: post.date,
        category: post.category,
        tags: post.tags,
        description: post.description,
      }) + post.body,
    staticDir: '.',
    outDir: '_site',
  },
  hexo: {
    postPath: (post) => `source/_posts/${post.slug}.md`,
    postText: (post) =>
      frontMatter({
        title: post.title,
        date: localDate(post.date),
        categories: [post.category],
        tags: post.tags,
        description: post.description,
      }) + post.body,
    staticDir: 'source',
    outDir: 'public',
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

/**
 * Writes the site folder of `engine` for the corpus in `corpusDir` into `siteDir` (replacing it),
 * and returns the page set its build must produce.
 */
export async function writeEngineSite(
  engine: Exclude<Engine, 'folio'>,
  corpusDir: string,
  siteDir: string,
): Promise<PageSet> {
  const layout = LAYOUTS[engine];
  await rm(siteDir, { recursive: true, force: true });
  await cp(join(REPO_ROOT, 'bench', 'engines', engine), siteDir, { recursive: true });
  await cp(join(corpusDir, 'static'), join(siteDir, layout.staticDir), { recursive: true });
  if (engine === 'hexo') await prepareHexo(siteDir, npmEngine('hexo'));

  const files = await postFiles(corpusDir);
  const folders = new Map<string, Promise<unknown>>();
  const categories = new Set<string>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const file = files[next++] as string;
      const post = parsePost(
        file,
        await readFile(join(corpusDir, 'content', 'posts', file), 'utf8'),
      );
      categories.add(post.category);
      const target = join(siteDir, layout.postPath(post));
      const folder = dirname(target);
      let made = folders.get(folder);
      if (!made) {
        made = mkdir(folder, { recursive: true });
        folders.set(folder, made);
      }
      await made;
      await writeFile(target, layout.postText(post), { flag: 'wx' });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return pageSet(files.length, categories.size);
}

export function pageSet(posts: number, categories: number): PageSet {
  return { posts, listingPages: Math.ceil(posts / 10), categories };
}

/** The page set of a corpus folder, counted from its post files. */
export async function corpusPageSet(corpusDir: string): Promise<PageSet> {
  const files = await postFiles(corpusDir);
  const categories = new Set<string>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const file = files[next++] as string;
      const text = await readFile(join(corpusDir, 'content', 'posts', file), 'utf8');
      const category = /^category: (.*)$/m.exec(text)?.[1];
      if (category) categories.add(category.trim());
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return pageSet(files.length, categories.size);
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

// Import: a Jekyll, Hexo or Hugo blog → a Folio site folder, written beside the target and moved
// in once whole, with a report of every change and every post left out.
import {
  linkSync,
  renameSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  lstatSync,
  writeFileSync,
  copyFileSync,
  existsSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { dump } from 'js-yaml';
import { DateTime } from 'luxon';
import { IANAZone } from 'luxon';
import { isImagePath, parsePost } from '../content/parse-post.js';
import { permalinkPath } from '../content/permalink.js';
import { parsePostDate } from '../content/post-date.js';
import { isUsableSlug, slugify } from '../content/slugify.js';
import {
  DEFAULT_PERMALINK,
  normalizeSitePath,
  pathKey,
  RESERVED_SECTIONS,
} from '../urls/url-paths.js';
import { convertBody, type BodyNote } from './convert-body.js';
import {
  folioPattern,
  hexoSlug,
  hexoUrl,
  hugoSlug,
  hugoUrl,
  jekyllPattern,
  jekyllUrl,
  localeOf,
  namesOf,
  type EngineName,
  type UrlInputs,
} from './engines.js';
import { isRecord, readForeignDocument } from './foreign-document.js';
import {
  BlogConfigProblem,
  detectEngine,
  isHiddenName,
  readable,
  readBlogConfig,
  walk,
  type BlogFile,
  type PassedOver,
} from './read-blog.js';

export interface ImportOptions {
  readonly source: string;
  readonly target: string;
  readonly from?: EngineName | undefined;
  /** The Hugo content language to import; by default the site's default one. */
  readonly lang?: string | undefined;
  /** The tag given to posts with neither tags nor categories. */
  readonly fallbackTag: string;
  readonly now?: number;
}

/** Something about one file of the blog, at a line of it. */
export interface ImportNote {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

export interface ImportSummary {
  readonly engine: EngineName;
  readonly postsFound: number;
  readonly posts: number;
  readonly drafts: number;
  readonly scheduled: number;
  readonly files: number;
  readonly aliases: number;
  readonly redirects: number;
  readonly conversions: number;
  readonly removals: number;
  readonly skipped: readonly ImportNote[];
  readonly warnings: readonly ImportNote[];
  readonly fallbackTagged: readonly string[];
  readonly reportFile: string;
}

/** Why an import could not start: nothing was written. */
export class ImportRefused extends Error {}

interface SourcePost extends BlogFile {
  /** Path inside the engine's posts folder. */
  readonly inPosts: string;
  readonly draft: boolean;
  /** Categories the folders give (Jekyll). */
  readonly folderCategories: readonly string[];
  /** The date in its name (Jekyll), `YYYY-MM-DD`. */
  readonly nameDate: string | undefined;
  readonly fileTitle: string;
  /** A folder of files that go with it (Hexo asset folder, Hugo leaf bundle). */
  readonly assets: string | undefined;
  readonly bundle: boolean;
  readonly section: string;
}

interface PlannedPost {
  readonly source: SourcePost;
  readonly slug: string;
  readonly front: Record<string, unknown>;
  readonly body: string;
  readonly bodyLine: number;
  readonly oldUrl: string | undefined;
  readonly date: number;
  readonly notes: BodyNote[];
  readonly draft: boolean;
  /** Whether it had neither tags nor categories, and was given the fallback tag. */
  readonly fallbackTagged: boolean;
}

const POSTS_FOLDERS: Record<EngineName, string> = {
  jekyll: '_posts/ and _drafts/, files named YYYY-MM-DD-title.md',
  hexo: 'source/_posts/ and source/_drafts/',
  hugo: 'content/ and its sections',
};
const JEKYLL_NAME = /^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)\.(?:md|markdown|mkdn|mkd)$/i;
const MARKDOWN = /\.(?:md|markdown|mkdn|mkd)$/i;
const FOLIO_FILES = new Set([
  'index.html',
  'feed.xml',
  'atom.xml',
  'sitemap.xml',
  'robots.txt',
  '404.html',
  'folio.config.yaml',
]);
// What Jekyll leaves out of a site by default (its `exclude`), with the config's own list added.
const NOT_PUBLISHED = new Set([
  'Gemfile',
  'Gemfile.lock',
  'package.json',
  'package-lock.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'node_modules',
  'vendor',
  'README.md',
  'LICENSE',
  'LICENSE.md',
  'netlify.toml',
  'Rakefile',
  'gulpfile.js',
]);

export function importSite(options: ImportOptions): ImportSummary {
  const source = resolve(options.source);
  const target = resolve(options.target);
  if (!existsSync(source) || !statSync(source).isDirectory())
    throw new ImportRefused(`${options.source} is not a folder`);
  if (target === source || target.startsWith(source + sep)) {
    throw new ImportRefused(
      `the new site must be outside the blog it comes from (${options.source}), which import never changes`,
    );
  }
  const engine = options.from ?? detectEngine(source);
  if (!engine) {
    throw new ImportRefused(
      `${options.source} is no blog Folio knows: it has no _config.yml with _posts/ (Jekyll) or source/_posts/ (Hexo), and no hugo.toml or config.toml with content/ (Hugo); name the engine with --from jekyll|hexo|hugo`,
    );
  }
  let blogConfig;
  try {
    blogConfig = readBlogConfig(source, engine);
  } catch (cause) {
    if (!(cause instanceof BlogConfigProblem)) throw cause;
    throw new ImportRefused(
      `${relative(process.cwd(), cause.file)}:${cause.line}: the blog's config cannot be read: ${cause.message} (correct it and import again)`,
    );
  }
  const { config, file: configFile } = blogConfig;
  const now = options.now ?? Date.now();
  const skipped: ImportNote[] = [];
  const warnings: ImportNote[] = [];
  const passedOver: PassedOver[] = [];
  const timezone = timezoneOf(engine, config);
  const hugo: HugoLanguages = {
    imported: (options.lang ?? hugoDefaultLanguage(config)).toLowerCase(),
    others: new Map(),
  };
  const urlPrefix = engine === 'hugo' ? hugoLanguagePrefix(config, hugo.imported) : '';

  const sources = listPosts(source, engine, config, passedOver, hugo);
  if (sources.length === 0 && hugo.others.size === 0) {
    throw new ImportRefused(
      `${options.source} has no posts where a ${engineTitle(engine)} blog keeps them (${POSTS_FOLDERS[engine]})`,
    );
  }
  const enginePath = enginePattern(engine, config);
  const pattern =
    folioPattern(urlPrefix ? `${urlPrefix}/${enginePath ?? DEFAULT_PERMALINK}` : enginePath) ??
    DEFAULT_PERMALINK;
  const context: PlanContext = {
    engine,
    config,
    timezone,
    now,
    skipped,
    warnings,
    slugs: new Set(),
    fallbackTag: options.fallbackTag,
    urlPrefix,
  };
  const planned = sources.flatMap((post) => planPost(post, context) ?? []);
  unifyTermNames(planned, warnings);
  const placed = placePosts(planned, pattern, timezone, skipped);
  const converted = convertPosts(placed.kept, {
    source,
    engine,
    config,
    pattern,
    timezone,
    skipped,
    passedOver,
  });
  const files = converted.files;
  const written = converted.written;

  let staticCount = 0;
  for (const file of staticFiles(source, engine, config, passedOver)) {
    if (FOLIO_FILES.has(file.to)) continue;
    if (!readable(file.from)) {
      passedOver.push({
        relative: relative(source, file.from).split(sep).join('/'),
        why: 'unreadable',
      });
      continue;
    }
    files.set(`static/${file.to}`, { from: file.from });
    staticCount++;
  }
  const reported = new Set<string>();
  for (const { relative: path, why } of passedOver) {
    // The same file may be met by two walks, for posts and for static files.
    if (reported.has(path)) continue;
    reported.add(path);
    if (why === 'outside')
      warnings.push({
        file: path,
        line: 1,
        text: 'a link out of the blog folder: not followed, not imported',
      });
    else
      skipped.push({
        file: path,
        line: 1,
        text: 'left out: it cannot be read (give your user permission to read it and import again)',
      });
  }
  for (const [lang, count] of hugo.others) {
    warnings.push({
      file: 'content',
      line: 1,
      text: `${count} posts in the language "${lang}" were not imported (import them with --lang ${lang} into another site)`,
    });
  }

  const published = written.filter((plan) => !plan.draft && plan.date <= now);
  const redirects = termRedirects(engine, config, written, published.length);
  const settings = folioConfig(engine, config, configFile, {
    pattern,
    timezone,
    redirects,
    warnings,
  });
  files.set('folio.config.yaml', { text: settings });

  const summary: ImportSummary = {
    engine,
    postsFound: sources.length,
    posts: written.length,
    drafts: written.filter((plan) => plan.draft).length,
    scheduled: written.filter((plan) => !plan.draft && plan.date > now).length,
    files: staticCount + converted.postFiles,
    aliases: placed.aliases,
    redirects: Object.keys(redirects).length,
    conversions: converted.conversions,
    removals: converted.removals,
    skipped,
    warnings,
    fallbackTagged: written
      .filter((plan) => plan.fallbackTagged)
      .map((plan) => plan.source.relative),
    reportFile: join(target, 'import-report.md'),
  };
  files.set('import-report.md', { text: reportOf(summary, written, options) });
  writeSite(target, files);
  return summary;
}

/**
 * Where each post will be: at its old URL when the pattern gives it, else at its old URL as its
 * own `url:`, else at the pattern's URL with the old one as an alias. A post whose URL another
 * already took is left out.
 */
function placePosts(
  planned: readonly PlannedPost[],
  pattern: string,
  timezone: string,
  skipped: ImportNote[],
): { kept: PlannedPost[]; aliases: number } {
  const claimed = new Set<string>();
  const claimKey = (path: string): string => (pathKey(path) ?? path).toLowerCase();
  const kept: PlannedPost[] = [];
  let aliasCount = 0;
  for (const plan of planned) {
    const category = typeof plan.front.category === 'string' ? plan.front.category : undefined;
    const folioPath = permalinkPath(
      pattern,
      { slug: plan.slug, category, date: plan.date },
      timezone,
    );
    const old = plan.oldUrl === undefined ? undefined : normalizeSitePath(plan.oldUrl);
    let path = folioPath;
    const aliases = namesOf(plan.front.aliases, false).flatMap(
      (alias) => normalizeSitePath(alias) ?? [],
    );
    if (old !== undefined && pathKey(old) !== pathKey(folioPath)) {
      const section = (pathKey(old) ?? '').split('/')[1] ?? '';
      const reserved = (RESERVED_SECTIONS as readonly string[]).includes(section) || old === '/';
      if (old.endsWith('/') && !reserved && !claimed.has(claimKey(old))) {
        plan.front.url = decodeForHumans(old);
        path = old;
      } else if (old.endsWith('/') || pathKey(`${old}/`) !== pathKey(folioPath)) {
        // `/x` without its slash already redirects to `/x/`.
        aliases.push(old);
      }
    }
    if (claimed.has(claimKey(path))) {
      skipped.push({
        file: plan.source.relative,
        line: 1,
        text: `its URL ${path} is the URL of another post; left out (give it a slug of its own in the source and import again)`,
      });
      continue;
    }
    claimed.add(claimKey(path));
    kept.push(plan);
    const ownAliases = [...new Set(aliases)].filter((alias) => {
      if (claimed.has(claimKey(alias))) return false;
      claimed.add(claimKey(alias));
      return true;
    });
    if (ownAliases.length > 0) plan.front.aliases = ownAliases.map(decodeForHumans);
    else delete plan.front.aliases;
    aliasCount += ownAliases.length;
  }
  return { kept, aliases: aliasCount };
}

type SiteFiles = Map<string, { text?: string; from?: string }>;

/**
 * Each post's body converted, with links to other posts pointing at their Folio URLs, and the
 * post file and the files of its folder to write. A post Folio would not read is left out.
 */
function convertPosts(
  kept: readonly PlannedPost[],
  blog: {
    source: string;
    engine: EngineName;
    config: Record<string, unknown>;
    pattern: string;
    timezone: string;
    skipped: ImportNote[];
    passedOver: PassedOver[];
  },
): {
  files: SiteFiles;
  written: PlannedPost[];
  postFiles: number;
  conversions: number;
  removals: number;
} {
  const urlOf = postUrlLookup(kept, blog.engine, blog.pattern, blog.timezone);
  const files: SiteFiles = new Map();
  const written: PlannedPost[] = [];
  let postFiles = 0;
  let conversions = 0;
  let removals = 0;
  for (const plan of kept) {
    const converted = convertBody(
      plan.body,
      blog.engine === 'hugo' ? 'hugo' : 'liquid',
      plan.bodyLine,
      {
        postUrl: urlOf,
      },
    );
    const text = `---\n${dump(plan.front, { lineWidth: -1, noRefs: true, quotingType: '"' })}---\n${moreMarker(converted.body, plan, blog.config)}`;
    // What Folio will read is checked now, so that `folio check` passes on what is written.
    const checked = parsePost(text, plan.source.relative, plan.slug, {
      timezone: blog.timezone,
      permalink: blog.pattern,
    });
    const problem = checked.diagnostics.find((d) => d.severity === 'error');
    if (problem) {
      blog.skipped.push({
        file: plan.source.relative,
        line: 1,
        text: `left out: once converted, ${problem.message} (${problem.hint})`,
      });
      continue;
    }
    plan.notes.push(...converted.notes);
    for (const note of converted.notes) {
      if (note.kind === 'converted') conversions++;
      else removals++;
    }
    const folder = postFolder(plan.source);
    const inFolder = plan.source.assets !== undefined || plan.source.bundle;
    files.set(`content/posts/${folder}${plan.slug}${inFolder ? '/index' : ''}.md`, { text });
    written.push(plan);
    if (plan.source.assets === undefined) continue;
    for (const asset of walk(
      blog.source,
      plan.source.assets,
      (name) => name.startsWith('.'),
      blog.passedOver,
    )) {
      const inside = relative(plan.source.assets, asset.file).split(sep).join('/');
      if (MARKDOWN.test(inside)) continue;
      if (!readable(asset.file)) {
        blog.passedOver.push({ relative: asset.relative, why: 'unreadable' });
        continue;
      }
      files.set(`content/posts/${folder}${plan.slug}/${inside}`, { from: asset.file });
      postFiles++;
    }
  }
  return { files, written, postFiles, conversions, removals };
}

/**
 * One spelling for each category and tag URL: the engines kept `Docker` and `docker` apart, or
 * made one page of them; Folio asks for one name per page, so the first spelling met is kept.
 */
function unifyTermNames(plans: readonly PlannedPost[], warnings: ImportNote[]): void {
  const chosen = new Map<string, string>();
  const merged = new Set<string>();
  const canonical = (name: string): string => {
    const slug = slugify(name);
    const first = chosen.get(slug);
    if (first === undefined) {
      chosen.set(slug, name);
      return name;
    }
    if (first !== name && !merged.has(name)) {
      merged.add(name);
      warnings.push({
        file: 'tags and categories',
        line: 1,
        text: `"${name}" is written "${first}", as both give the URL slug "${slug}"`,
      });
    }
    return first;
  };
  for (const plan of plans) {
    if (typeof plan.front.category === 'string')
      plan.front.category = canonical(plan.front.category);
    plan.front.tags = [...new Set((plan.front.tags as string[]).map(canonical))];
  }
}

interface PlanContext {
  readonly engine: EngineName;
  readonly config: Record<string, unknown>;
  readonly timezone: string;
  readonly now: number;
  readonly skipped: ImportNote[];
  readonly warnings: ImportNote[];
  readonly slugs: Set<string>;
  readonly fallbackTag: string;
  /** Where the engine served the imported language (Hugo's `/ko`), or nothing. */
  readonly urlPrefix: string;
}

function planPost(post: SourcePost, ctx: PlanContext): PlannedPost | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(post.file);
  } catch (cause) {
    ctx.skipped.push({
      file: post.relative,
      line: 1,
      text: `left out: it cannot be read (${(cause as NodeJS.ErrnoException).code ?? 'error'}; give your user permission to read it and import again)`,
    });
    return undefined;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    ctx.skipped.push({
      file: post.relative,
      line: 1,
      text: 'left out: the file is not UTF-8 text (save it as UTF-8 and import again)',
    });
    return undefined;
  }
  if (text.includes('\0')) {
    text = text.replaceAll('\0', '');
    ctx.warnings.push({ file: post.relative, line: 1, text: 'NUL characters removed' });
  }
  const document = readForeignDocument(text);
  if ('problem' in document) {
    ctx.skipped.push({
      file: post.relative,
      line: document.line,
      text: `left out: ${document.problem} (correct the front matter and import again)`,
    });
    return undefined;
  }
  const fields = lowerKeys(document.fields);
  // Date: the front matter's, else the file name's (Jekyll), else the file's time (Hexo).
  const written = fields.date ?? fields.publishdate ?? post.nameDate;
  let date = readDate(written, ctx.timezone);
  const rolled = date === undefined && ctx.engine !== 'hugo' ? rolledOver(written) : undefined;
  if (rolled !== undefined) {
    date = readDate(rolled, ctx.timezone);
    ctx.warnings.push({
      file: post.relative,
      line: 1,
      text: `its date ${JSON.stringify(written)} is past the end of a day or a month: read as ${rolled}, carried over as ${engineTitle(ctx.engine)} did (correct it in the imported post if you meant another moment)`,
    });
  }
  if (date === undefined && ctx.engine === 'hexo') {
    date = Math.floor(statSync(post.file).mtimeMs / 1000) * 1000;
    ctx.warnings.push({
      file: post.relative,
      line: 1,
      text:
        written === undefined
          ? "no date in its front matter: the file's modification time is used, as Hexo does"
          : `its date ${JSON.stringify(written)} is no date there is: the file's modification time is used (Hexo may have read it otherwise; correct it in the imported post)`,
    });
  }
  if (date === undefined && post.draft)
    date = Math.floor(statSync(post.file).mtimeMs / 1000) * 1000;
  if (date === undefined) {
    ctx.skipped.push({
      file: post.relative,
      line: 1,
      text:
        written === undefined
          ? 'left out: it has no date anywhere (add `date: 2024-03-15` to its front matter and import again)'
          : `left out: its date ${JSON.stringify(written)} cannot be read (write it as 2024-03-15 09:30 and import again)`,
    });
    return undefined;
  }
  const title = stringOf(fields.title) ?? titleFromName(post.fileTitle);
  const categories = [
    ...post.folderCategories,
    ...namesOf(fields.categories ?? fields.category, ctx.engine === 'jekyll'),
  ];
  let tags = namesOf(fields.tags ?? fields.tag, ctx.engine === 'jekyll');
  if (tags.length === 0) tags = namesOf(fields.keywords, false);
  const category = categories[0];
  const allTags = [...new Set([...tags, ...categories.slice(1)])].filter(
    (tag) => slugify(tag) !== '',
  );
  let fallback = false;
  if (allTags.length === 0) {
    const fromCategories = categories.filter((name) => slugify(name) !== '');
    if (fromCategories.length > 0) allTags.push(...fromCategories);
    else {
      allTags.push(ctx.fallbackTag);
      fallback = true;
    }
  }
  const draft =
    post.draft ||
    fields.published === false ||
    fields.draft === true ||
    fields.published === 'false' ||
    fields.draft === 'true';
  const slug = uniqueSlug(ownSlug(post, fields, ctx.engine), ctx.slugs);
  // Jekyll and Hugo keep the offset a date is written with, and put its wall clock in URLs.
  const writtenOffset =
    ctx.engine !== 'hexo' && typeof written === 'string'
      ? /(?:\d|\s)([+-]\d{2}):?(\d{2})$/.exec(written.trim())
      : null;
  const wall = DateTime.fromMillis(date, {
    zone: writtenOffset ? `UTC${writtenOffset[1]}:${writtenOffset[2]}` : ctx.timezone,
  });
  const urlInputs: UrlInputs = {
    relative: post.inPosts,
    fileTitle: post.fileTitle,
    fields,
    wall: {
      year: wall.year,
      month: wall.month,
      day: wall.day,
      hour: wall.hour,
      minute: wall.minute,
      second: wall.second,
    },
    categories,
    bundle: post.bundle,
  };
  const oldUrl = draft ? undefined : oldUrlOf(ctx, post, urlInputs);
  // The last change: Hugo's `lastmod`, Hexo's `updated`, jekyll-last-modified-at's key. Kept only
  // after the date, as a change before publishing would say nothing.
  const changedWritten = fields.lastmod ?? fields.updated ?? fields.last_modified_at;
  const changed = readDate(changedWritten, ctx.timezone);
  const front: Record<string, unknown> = {
    title,
    date: dateText(written, date, ctx.timezone),
    ...(changed !== undefined && changed > date
      ? { updated: dateText(changedWritten, changed, ctx.timezone) }
      : {}),
    ...(category !== undefined && slugify(category) !== '' ? { category } : {}),
    tags: allTags,
  };
  const description =
    stringOf(fields.description) ?? stringOf(fields.excerpt) ?? stringOf(fields.summary);
  if (description) front.description = description.replace(/\s+/g, ' ').trim();
  if (draft) front.draft = true;
  // Math a post turned on for itself (Chirpy's `math: true`, `mathjax: true`) stays on.
  if (fields.math === true || fields.mathjax === true || fields.katex === true) front.math = true;
  // Posts kept at the top of the home page: Hexo's `sticky` and `top` (a number, or true), the
  // `pinned` and `sticky` of Hugo's and Jekyll's themes.
  const pin = ctx.engine === 'hexo' ? [fields.sticky, fields.top] : [fields.pinned, fields.sticky];
  if (pin.some(pins)) front.pinned = true;
  if (Array.isArray(fields.aliases)) front.aliases = fields.aliases;
  // Hugo's `series` taxonomy is a list, where a post is mostly in one series: the first is kept.
  const series = stringOf(
    Array.isArray(fields.series) ? (fields.series[0] as unknown) : fields.series,
  );
  if (series !== undefined && slugify(series) !== '') front.series = series.trim();
  Object.assign(front, coverOf(fields, post.assets !== undefined || post.bundle));
  return {
    source: post,
    slug,
    front,
    body: document.body,
    bodyLine: document.bodyLine,
    oldUrl,
    date,
    notes: [],
    draft,
    fallbackTagged: fallback,
  };
}

/**
 * The cover the engines' themes name — Jekyll's `image` (Chirpy's `image.path`), Hugo's `images`
 * (the first), PaperMod's `cover.image` and Ananke's `featured_image`, Hexo's `cover`,
 * `thumbnail` and `banner` — with the description some of them give. A relative path is a file
 * of the post's folder where it has one, and otherwise from the site's root, as themes read it.
 */
function coverOf(fields: Record<string, unknown>, inFolder: boolean): Record<string, string> {
  const part = (value: unknown, key: string): unknown => (isRecord(value) ? value[key] : undefined);
  const first: unknown = Array.isArray(fields.images) ? fields.images[0] : undefined;
  const written =
    stringOf(fields.image) ??
    stringOf(part(fields.image, 'path')) ??
    stringOf(fields.cover) ??
    stringOf(part(fields.cover, 'image')) ??
    stringOf(first) ??
    stringOf(fields.featured_image) ??
    stringOf(fields.thumbnail) ??
    stringOf(fields.banner);
  if (written === undefined || !isImagePath(written)) return {};
  const image =
    inFolder || written.startsWith('/') || /^https?:/i.test(written)
      ? written
      : `/${written.replace(/^(?:\.\/)+/, '')}`;
  const alt = stringOf(part(fields.image, 'alt')) ?? stringOf(part(fields.cover, 'alt'));
  return alt === undefined ? { image } : { image, imageAlt: alt };
}

function ownSlug(post: SourcePost, fields: Record<string, unknown>, engine: EngineName): string {
  const own = stringOf(fields.slug);
  const base =
    own ??
    (engine === 'hexo' ? (post.fileTitle.split('/').pop() ?? post.fileTitle) : post.fileTitle);
  const trimmed = base.normalize('NFC').trim();
  return isUsableSlug(trimmed) ? trimmed : slugify(trimmed) || 'post';
}

function uniqueSlug(slug: string, taken: Set<string>): string {
  let candidate = slug;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${slug}-${n}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

function oldUrlOf(ctx: PlanContext, post: SourcePost, input: UrlInputs): string | undefined {
  if (ctx.engine === 'jekyll')
    return jekyllUrl(jekyllPattern(ctx.config, input.fields, post.inPosts), input);
  if (ctx.engine === 'hexo') return hexoUrl(ctx.config, input);
  const url = hugoUrl(ctx.config, post.section, input);
  // A post's own `url` is from the site's root; the others are under the language's.
  return typeof input.fields.url === 'string' ? url : `${ctx.urlPrefix}${url}`;
}

function enginePattern(engine: EngineName, config: Record<string, unknown>): string | undefined {
  if (engine === 'jekyll') return jekyllPattern(config, {}, '');
  if (engine === 'hexo')
    return typeof config.permalink === 'string' ? config.permalink : ':year/:month/:day/:title/';
  const permalinks = isRecord(config.permalinks) ? config.permalinks : {};
  const first = Object.values(permalinks).find((value) => typeof value === 'string');
  return typeof first === 'string' ? first : undefined;
}

/** The post files of the blog, drafts included, each with what its place in the blog says. */
function listPosts(
  source: string,
  engine: EngineName,
  config: Record<string, unknown>,
  passedOver: PassedOver[],
  hugo: HugoLanguages,
): SourcePost[] {
  if (engine === 'jekyll') return listJekyllPosts(source, passedOver);
  if (engine === 'hexo') return listHexoPosts(source, config, passedOver);
  return listHugoPosts(source, config, passedOver, hugo);
}

function listJekyllPosts(source: string, passedOver: PassedOver[]): SourcePost[] {
  const posts: SourcePost[] = [];
  const files = walk(
    source,
    source,
    (name, isFolder) =>
      isFolder && (name.startsWith('.') || ['node_modules', 'vendor', '_site'].includes(name)),
    passedOver,
  );
  for (const file of files) {
    const match = /(?:^|\/)(_posts|_drafts)\/(.*)$/.exec(file.relative);
    if (!match || !MARKDOWN.test(file.relative)) continue;
    const [, kind, inPosts = ''] = match;
    const name = basename(inPosts);
    const dated = JEKYLL_NAME.exec(name);
    if (kind === '_posts' && !dated) continue;
    const folders = file.relative
      .slice(0, file.relative.length - (match[0].length - (match[0].startsWith('/') ? 1 : 0)))
      .split('/')
      .filter(Boolean);
    posts.push({
      ...file,
      inPosts,
      draft: kind === '_drafts',
      folderCategories: folders,
      nameDate: dated ? `${dated[1]}-${dated[2]}-${dated[3]}` : undefined,
      fileTitle: dated ? (dated[4] ?? name) : name.replace(MARKDOWN, ''),
      assets: undefined,
      bundle: false,
      section: 'posts',
    });
  }
  return posts;
}

function listHexoPosts(
  source: string,
  config: Record<string, unknown>,
  passedOver: PassedOver[],
): SourcePost[] {
  const posts: SourcePost[] = [];
  const assetFolders = config.post_asset_folder === true;
  for (const [folder, draft] of [
    ['_posts', false],
    ['_drafts', true],
  ] as const) {
    const root = join(source, 'source', folder);
    if (!existsSync(root)) continue;
    const files = walk(source, root, (name) => name.startsWith('.'), passedOver);
    for (const file of files) {
      if (!MARKDOWN.test(file.relative)) continue;
      const inPosts = relative(root, file.file).split(sep).join('/');
      const assets = file.file.replace(MARKDOWN, '');
      posts.push({
        ...file,
        inPosts,
        draft,
        folderCategories: [],
        nameDate: undefined,
        fileTitle: inPosts.replace(MARKDOWN, ''),
        assets:
          assetFolders && existsSync(assets) && statSync(assets).isDirectory() ? assets : undefined,
        bundle: false,
        section: 'posts',
      });
    }
  }
  return posts;
}

/** The content language imported, and the number of posts of each other one. */
interface HugoLanguages {
  readonly imported: string;
  readonly others: Map<string, number>;
}

/**
 * Hugo's posts in the imported language: by its file name (`post.ko.md`), or by the language's
 * own content folder (`languages.ko.contentDir`), where files without a language are its own.
 */
function listHugoPosts(
  source: string,
  config: Record<string, unknown>,
  passedOver: PassedOver[],
  languages: HugoLanguages,
): SourcePost[] {
  const posts: SourcePost[] = [];
  const ownFolder = hugoLanguageFolders(config);
  const language = languages.imported;
  const folder = ownFolder.get(language);
  const contentDir = join(source, folder ?? stringOf(config.contentDir) ?? 'content');
  const unmarkedLanguage = folder !== undefined ? language : hugoDefaultLanguage(config);
  for (const [other, otherFolder] of ownFolder) {
    if (other === language || otherFolder === folder) continue;
    const count = walk(source, join(source, otherFolder), () => false, []).filter((file) =>
      MARKDOWN.test(file.relative),
    ).length;
    if (count > 0) languages.others.set(other, (languages.others.get(other) ?? 0) + count);
  }
  let sections: string[];
  try {
    sections = readdirSync(contentDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    if (existsSync(contentDir))
      passedOver.push({ relative: relative(source, contentDir), why: 'unreadable' });
    return [];
  }
  const params = isRecord(config.params) ? config.params : {};
  const declared = namesOf(params.mainSections ?? params.mainsections, false).filter((name) =>
    sections.includes(name),
  );
  const usual = sections.filter((name) => ['posts', 'post', 'blog', 'articles'].includes(name));
  const main =
    declared.length > 0
      ? declared
      : usual.length > 0
        ? usual
        : largestSection(contentDir, sections);
  for (const section of main) {
    const root = join(contentDir, section);
    for (const file of walk(source, root, (name) => name.startsWith('.'), passedOver)) {
      if (!MARKDOWN.test(file.relative) || /^_index\./.test(basename(file.file))) continue;
      const inPosts = relative(root, file.file).split(sep).join('/');
      const name = basename(file.file).replace(MARKDOWN, '');
      const languageMatch = /^(.*)\.([a-z]{2}(?:-[a-z]{2,4})?)$/i.exec(name);
      const fileLanguage = languageMatch?.[2]?.toLowerCase() ?? unmarkedLanguage;
      if (fileLanguage !== language) {
        languages.others.set(fileLanguage, (languages.others.get(fileLanguage) ?? 0) + 1);
        continue;
      }
      const bare = languageMatch?.[1] ?? name;
      const bundle = bare === 'index';
      posts.push({
        ...file,
        inPosts,
        draft: false,
        folderCategories: [],
        nameDate: undefined,
        fileTitle: bundle ? basename(dirname(file.file)) : bare,
        assets: bundle ? dirname(file.file) : undefined,
        bundle,
        section,
      });
    }
  }
  return posts;
}

/** Hugo's default content language, lower-cased as languages are compared. */
function hugoDefaultLanguage(config: Record<string, unknown>): string {
  return (stringOf(config.defaultContentLanguage) ?? 'en').toLowerCase();
}

/** Each language of a Hugo site that has a content folder of its own, and that folder. */
function hugoLanguageFolders(config: Record<string, unknown>): Map<string, string> {
  const folders = new Map<string, string>();
  const languages = isRecord(config.languages) ? config.languages : {};
  for (const [name, settings] of Object.entries(languages)) {
    const folder = isRecord(settings) ? stringOf(settings.contentDir) : undefined;
    if (folder !== undefined) folders.set(name.toLowerCase(), folder);
  }
  return folders;
}

/** `/ko`: where Hugo serves a language other than the default one, or every one when told to. */
function hugoLanguagePrefix(config: Record<string, unknown>, language: string): string {
  const inSubdir = config.defaultContentLanguageInSubdir === true;
  return inSubdir || language !== hugoDefaultLanguage(config) ? `/${language}` : '';
}

function largestSection(contentDir: string, sections: readonly string[]): string[] {
  let best: string | undefined;
  let most = 0;
  for (const section of sections) {
    let count = 0;
    try {
      count = readdirSync(join(contentDir, section), { recursive: true }).filter((name) =>
        MARKDOWN.test(String(name)),
      ).length;
    } catch {
      // An unreadable section is reported by the walk that reads posts.
    }
    if (count > most) {
      most = count;
      best = section;
    }
  }
  return best ? [best] : [];
}

function staticFiles(
  source: string,
  engine: EngineName,
  config: Record<string, unknown>,
  passedOver: PassedOver[],
): { from: string; to: string }[] {
  if (engine === 'hugo') {
    const root = join(source, stringOf(config.staticDir) ?? 'static');
    if (!existsSync(root)) return [];
    return walk(source, root, (name) => name.startsWith('.'), passedOver).map((file) => ({
      from: file.file,
      to: relative(root, file.file).split(sep).join('/'),
    }));
  }
  const root = engine === 'hexo' ? join(source, 'source') : source;
  const excluded = new Set([...NOT_PUBLISHED, ...namesOf(config.exclude, false)]);
  const files = walk(
    source,
    root,
    (name, isFolder) =>
      isHiddenName(name) ||
      (engine === 'jekyll' && excluded.has(name)) ||
      (!isFolder && /^_config\./.test(name)),
    passedOver,
  );
  return files
    .filter((file) => !MARKDOWN.test(file.file) && !hasFrontMatter(file.file))
    .map((file) => ({ from: file.file, to: relative(root, file.file).split(sep).join('/') }));
}

/** Whether a file starts with front matter: a page or layout the engine renders, not a file it copies. */
function hasFrontMatter(file: string): boolean {
  if (!/\.(?:html?|xml|txt|json|css|scss|sass|js|ya?ml)$/i.test(file)) return false;
  try {
    return readFileSync(file).subarray(0, 4).toString('utf8').startsWith('---');
  } catch {
    return false;
  }
}

function postFolder(post: SourcePost): string {
  const inPosts = post.bundle ? dirname(dirname(post.inPosts)) : dirname(post.inPosts);
  return inPosts === '.' || inPosts === '' ? '' : `${inPosts}/`;
}

/** Looks up a post by the names bodies refer to it with: Jekyll's file name, Hexo's slug, Hugo's path. */
function postUrlLookup(
  plans: readonly PlannedPost[],
  engine: EngineName,
  pattern: string,
  timezone: string,
): (reference: string) => string | undefined {
  const byName = new Map<string, string>();
  for (const plan of plans) {
    const category = typeof plan.front.category === 'string' ? plan.front.category : undefined;
    const url =
      typeof plan.front.url === 'string'
        ? (normalizeSitePath(plan.front.url) ?? '')
        : permalinkPath(pattern, { slug: plan.slug, category, date: plan.date }, timezone);
    const names = [
      plan.source.inPosts,
      plan.source.inPosts.replace(MARKDOWN, ''),
      basename(plan.source.inPosts).replace(MARKDOWN, ''),
      plan.source.relative,
      plan.source.fileTitle,
      plan.slug,
    ];
    if (engine === 'hugo')
      names.push(
        `${plan.source.section}/${plan.source.inPosts}`,
        `/${plan.source.section}/${plan.source.inPosts}`,
      );
    for (const name of names) if (!byName.has(name)) byName.set(name, url);
  }
  return (reference) => {
    const clean = reference
      .trim()
      .replace(/^["']|["']$/g, '')
      .replace(/#.*$/, '');
    return (
      byName.get(clean) ??
      byName.get(clean.replace(MARKDOWN, '')) ??
      byName.get(basename(clean).replace(MARKDOWN, ''))
    );
  };
}

function moreMarker(body: string, plan: PlannedPost, config: Record<string, unknown>): string {
  const separator =
    stringOf(lowerKeys(plan.front).excerpt_separator) ?? stringOf(config.excerpt_separator);
  let text = body.replace(/<!--\s*more\s*-->/i, '<!--more-->');
  if (
    separator &&
    separator.trim() !== '' &&
    !/^\n+$/.test(separator) &&
    text.includes(separator) &&
    !text.includes('<!--more-->')
  ) {
    text = text.replace(separator, '<!--more-->');
  }
  return text;
}

/** Redirects from the engine's category, tag and pagination URLs to Folio's. */
function termRedirects(
  engine: EngineName,
  config: Record<string, unknown>,
  plans: readonly PlannedPost[],
  published: number,
): Record<string, string> {
  const redirects: Record<string, string> = {};
  const categories = new Set<string>();
  const tags = new Set<string>();
  for (const plan of plans) {
    if (typeof plan.front.category === 'string') categories.add(plan.front.category);
    for (const tag of plan.front.tags as string[]) tags.add(tag);
  }
  const folioTerm = (section: string, name: string): string =>
    `/${section}/${encodeURIComponent(slugify(name))}/`;
  // An old path that is one of Folio's own term pages would never redirect.
  const pages = new Set([
    ...[...categories].map((name) => pathKey(folioTerm('categories', name))),
    ...[...tags].map((name) => pathKey(folioTerm('tags', name))),
  ]);
  const add = (from: string, to: string): void => {
    const path = normalizeSitePath(from);
    if (path === undefined || pathKey(path) === pathKey(to) || pages.has(pathKey(path))) return;
    redirects[decodeForHumans(path)] = to;
  };
  if (engine === 'hexo') {
    const root = (stringOf(config.root) ?? '/').replace(/\/?$/, '/');
    const categoryDir = stringOf(config.category_dir) ?? 'categories';
    const tagDir = stringOf(config.tag_dir) ?? 'tags';
    const categoryMap = isRecord(config.category_map) ? config.category_map : {};
    const tagMap = isRecord(config.tag_map) ? config.tag_map : {};
    for (const name of categories)
      add(
        `${root}${categoryDir}/${hexoSlug(stringOf(categoryMap[name]) ?? name)}/`,
        folioTerm('categories', name),
      );
    for (const name of tags)
      add(`${root}${tagDir}/${hexoSlug(stringOf(tagMap[name]) ?? name)}/`, folioTerm('tags', name));
  }
  if (engine === 'hugo') {
    for (const name of categories)
      add(`/categories/${hugoSlug(name)}/`, folioTerm('categories', name));
    for (const name of tags) add(`/tags/${hugoSlug(name)}/`, folioTerm('tags', name));
  }
  if (engine === 'jekyll') {
    const archives = isRecord(config['jekyll-archives']) ? config['jekyll-archives'] : undefined;
    const permalinks = archives && isRecord(archives.permalinks) ? archives.permalinks : {};
    const archivePath = (kind: string, name: string): string | undefined => {
      const pattern =
        stringOf(permalinks[kind]) ??
        (archives ? `/${kind === 'category' ? 'categories' : 'tags'}/:name/` : undefined);
      return pattern?.replace(
        ':name',
        name
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, '-')
          .replace(/^-|-$/g, ''),
      );
    };
    for (const name of categories) {
      const from = archivePath('category', name);
      if (from) add(from, folioTerm('categories', name));
    }
    for (const name of tags) {
      const from = archivePath('tag', name);
      if (from) add(from, folioTerm('tags', name));
    }
    const perPage = Number(config.paginate);
    if (Number.isInteger(perPage) && perPage > 0) {
      const pathPattern = stringOf(config.paginate_path) ?? '/page:num/';
      const folioPages = Math.max(1, Math.ceil(published / 10));
      for (let page = 2; page <= Math.ceil(published / perPage); page++) {
        add(
          pathPattern.replace(':num', String(page)).replace(/^\/?/, '/').replace(/\/?$/, '/'),
          `/page/${Math.min(page, folioPages)}/`.replace('/page/1/', '/'),
        );
      }
    }
  }
  return redirects;
}

function folioConfig(
  engine: EngineName,
  config: Record<string, unknown>,
  configFile: string | undefined,
  extra: {
    pattern: string;
    timezone: string;
    redirects: Record<string, string>;
    warnings: ImportNote[];
  },
): string {
  const params = isRecord(config.params) ? config.params : {};
  const author = config.author ?? params.author;
  const authorName =
    (isRecord(author) ? stringOf(author.name) : stringOf(author)) ??
    stringOf(config.owner) ??
    'The author';
  const title = stringOf(config.title) ?? 'My blog';
  const tagline =
    engine === 'hexo'
      ? (stringOf(config.subtitle) ?? stringOf(config.description))
      : (stringOf(config.description) ??
        stringOf(params.description) ??
        stringOf(config.tagline) ??
        stringOf(params.subtitle));
  let url =
    engine === 'hugo'
      ? (stringOf(config.baseURL) ?? stringOf(config.baseurl))
      : `${stringOf(config.url) ?? ''}${engine === 'jekyll' ? (stringOf(config.baseurl) ?? '') : ''}`;
  if (!url || !/^https?:\/\/[^/\s]+/.test(url)) {
    extra.warnings.push({
      file: configFile ?? 'config',
      line: 1,
      text: 'the blog has no absolute url: https://example.com is written in its place; put your address in folio.config.yaml',
    });
    url = 'https://example.com';
  }
  const locale = localeOf(
    config.lang ??
      config.language ??
      config.languageCode ??
      config.defaultContentLanguage ??
      params.lang,
  );
  const perPage = Number(
    engine === 'hexo'
      ? config.per_page
      : engine === 'hugo'
        ? isRecord(config.pagination)
          ? config.pagination.pagerSize
          : config.paginate
        : config.paginate,
  );
  const image =
    stringOf(isRecord(author) ? (author.avatar ?? author.image) : undefined) ??
    stringOf(config.avatar) ??
    stringOf(params.avatar);
  const links = profileLinks(config, params);
  const settings: Record<string, unknown> = {
    title,
    ...(tagline ? { tagline } : {}),
    url: url.replace(/\/+$/, ''),
    author: {
      name: authorName,
      ...(image && (image.startsWith('/') || /^https?:\/\//.test(image)) ? { image } : {}),
    },
    ...(locale ? { locale } : {}),
    timezone: extra.timezone,
    ...(Number.isInteger(perPage) && perPage > 0 && perPage <= 1000 ? { pageSize: perPage } : {}),
    ...(Object.keys(links).length > 0 ? { links } : {}),
    // The engines read dollars as math only where a theme or plugin was told to.
    math: blogUsesMath(config),
    permalink: extra.pattern,
    ...(Object.keys(extra.redirects).length > 0 ? { redirects: extra.redirects } : {}),
  };
  const from = configFile ? basename(configFile) : 'its settings';
  return `# Folio site settings, imported from a ${engineTitle(engine)} blog (${from}).
# Every key is described in Folio's docs (docs/configuration.md); editors that read
# schema/folio.config.schema.json check them as you type.
#
# permalink keeps the URLs the blog had; posts whose old URL did not fit it have their own
# \`url:\` or \`aliases:\`. redirects send the old category, tag and page URLs to Folio's.
${dump(settings, { lineWidth: -1, noRefs: true, quotingType: '"' })}`;
}

/**
 * Whether the blog turned math on for every post: Hugo's `params.math` or Goldmark's passthrough,
 * Hexo's `mathjax`/`katex`, a Jekyll theme's `math`. Elsewhere `$` is a price or a shell variable.
 */
function blogUsesMath(config: Record<string, unknown>): boolean {
  const on = (value: unknown): boolean =>
    value === true || (isRecord(value) && (value.enable === true || value.enabled === true));
  const params = isRecord(config.params) ? config.params : {};
  const markup = isRecord(config.markup) ? config.markup : {};
  const goldmark = isRecord(markup.goldmark) ? markup.goldmark : {};
  const extensions = isRecord(goldmark.extensions) ? goldmark.extensions : {};
  return [config.math, config.mathjax, config.katex, params.math, params.mathjax, params.katex]
    .concat(extensions.passthrough)
    .some(on);
}

function profileLinks(
  config: Record<string, unknown>,
  params: Record<string, unknown>,
): Record<string, string> {
  const links: Record<string, string> = {};
  const user = (value: unknown): string | undefined =>
    isRecord(value) ? stringOf(value.username) : stringOf(value);
  const github = stringOf(config.github_username) ?? user(config.github) ?? stringOf(params.github);
  if (github) links.github = github.startsWith('http') ? github : `https://github.com/${github}`;
  const twitter =
    stringOf(config.twitter_username) ?? user(config.twitter) ?? stringOf(params.twitter);
  if (twitter) links.x = twitter.startsWith('http') ? twitter : `https://x.com/${twitter}`;
  return links;
}

const engineTitle = (engine: EngineName): string =>
  ({ jekyll: 'Jekyll', hexo: 'Hexo', hugo: 'Hugo' })[engine];

function timezoneOf(engine: EngineName, config: Record<string, unknown>): string {
  const zone = stringOf(engine === 'hugo' ? (config.timeZone ?? config.timezone) : config.timezone);
  return zone && IANAZone.isValidZone(zone) ? zone : 'UTC';
}

function readDate(value: unknown, zone: string): number | undefined {
  if (typeof value === 'number' && value > 1000 && value < 10000)
    return parsePostDate(`${value}-01-01`, zone);
  if (typeof value !== 'string') return undefined;
  const text = value
    .trim()
    .replace(/^(\d{4})\/(\d{1,2})\/(\d{1,2})/, '$1-$2-$3')
    // `2018-12-21 +0800`: midnight at that offset, as Ruby reads it.
    .replace(/^(\d{4}-\d{1,2}-\d{1,2})\s+([+-]\d{2}:?\d{2})$/, '$1 00:00:00 $2');
  const direct = parsePostDate(text, zone);
  if (direct !== undefined) return direct;
  // `2019-06-10 14:22:00.123 +09:00`, `2019-06-10T14:22:00+0900` and other spellings of an instant.
  const loose = DateTime.fromISO(text.replace(' ', 'T').replace(/\s+([+-]\d{2}:?\d{2}|Z)$/, '$1'), {
    zone,
    setZone: true,
  });
  if (loose.isValid) return loose.toMillis();
  const rfc = DateTime.fromRFC2822(text, { zone });
  return rfc.isValid ? rfc.toMillis() : undefined;
}

/**
 * `2018-02-31` or `2020-3-19 29:39:08 +0800` as Ruby's Time and JavaScript's Date.UTC read them:
 * what is past the end of a day or a month carried into the next. Jekyll and Hexo published such
 * posts at that moment, and their URLs have its date.
 */
function rolledOver(written: unknown): string | undefined {
  if (typeof written !== 'string') return undefined;
  const parts =
    /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T\s]+(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?(?=$|[\s.+\-Z])(.*)$/s.exec(
      written.trim(),
    );
  if (!parts) return undefined;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts
    .slice(1, 7)
    .map((part) => Number(part ?? 0));
  const rest = parts[7] ?? '';
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const carried = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const same =
    carried.getUTCDate() === day &&
    carried.getUTCHours() === hour &&
    carried.getUTCMinutes() === minute &&
    carried.getUTCSeconds() === second;
  if (same) return undefined;
  const iso = carried.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${rest}`;
}

/** The date as Folio reads it: as written when Folio reads that spelling, else ISO 8601. */
function dateText(written: unknown, date: number, zone: string): string {
  if (typeof written === 'string' && parsePostDate(written.trim(), zone) === date)
    return written.trim();
  return (
    DateTime.fromMillis(date, { zone }).toISO({ suppressMilliseconds: true }) ??
    new Date(date).toISOString()
  );
}

function titleFromName(name: string): string {
  const words = (name.split('/').pop() ?? name).replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1) || 'Untitled';
}

function lowerKeys(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const lowered: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const lower = key.toLowerCase();
    if (!(lower in lowered)) lowered[lower] = value;
  }
  return lowered;
}

/** Whether a foreign pin key's value pins: true, or a number above 0 (Hexo's weight). */
function pins(value: unknown): boolean {
  return value === true || value === 'true' || (typeof value === 'number' && value > 0);
}

function stringOf(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** `/%ED%95%9C/` → `/한/`: what an author reads and writes in front matter. */
function decodeForHumans(path: string): string {
  return pathKey(path) ?? path;
}

function reportOf(
  summary: ImportSummary,
  plans: readonly PlannedPost[],
  options: ImportOptions,
): string {
  const noted = (note: ImportNote): string => `- \`${note.file}:${note.line}\`: ${note.text}`;
  // A section of the report, left out when it lists nothing.
  const section = (title: string, items: readonly string[]): string[] =>
    items.length > 0 ? [`## ${title}`, '', ...items, ''] : [];
  return [
    `# Import report`,
    '',
    `From the ${engineTitle(summary.engine)} blog at \`${options.source}\`.`,
    '',
    ...summaryLines(summary).map((line) => `- ${line}`),
    '',
    ...section('Left out', summary.skipped.map(noted)),
    ...section(
      `Tagged "${options.fallbackTag}" (they had neither tags nor categories)`,
      summary.fallbackTagged.map((file) => `- \`${file}\``),
    ),
    ...section('Warnings', summary.warnings.map(noted)),
    ...section(
      'Changes to bodies',
      plans.flatMap((plan) =>
        plan.notes.map(
          (note) =>
            `- \`${plan.source.relative}:${note.line}\`: ${note.kind} ${note.what}${note.hint ? ` (${note.hint})` : ''}`,
        ),
      ),
    ),
  ].join('\n');
}

/** The summary, one line each, as the command prints it and the report opens with it. */
export function summaryLines(summary: ImportSummary): string[] {
  return [
    `${summary.posts} of ${summary.postsFound} posts imported (${summary.drafts} drafts, ${summary.scheduled} scheduled)`,
    `${summary.files} files`,
    `${summary.aliases} aliases and ${summary.redirects} redirects keep old URLs`,
    `${summary.conversions} tags and shortcodes converted, ${summary.removals} removed`,
    `${summary.skipped.length} left out, ${summary.warnings.length} warnings, ${summary.fallbackTagged.length} posts given the fallback tag`,
  ];
}

/**
 * Writes every file into a folder beside `target`, then moves each into `target`, never over a
 * file that is there: a failed import leaves `target` as it was.
 */
function writeSite(target: string, files: SiteFiles): void {
  const taken = takenPaths(target, [...files.keys()]);
  if (taken.length > 0) {
    throw new ImportRefused(
      `${target} already has ${taken.slice(0, 5).join(', ')}${taken.length > 5 ? ` and ${taken.length - 5} more` : ''}; import writes over no file (import into a new or empty folder)`,
    );
  }
  const staging = join(
    dirname(target),
    `.${basename(target)}.importing-${process.pid}-${Date.now().toString(36)}`,
  );
  try {
    for (const [path, content] of files) {
      const to = join(staging, path);
      mkdirSync(dirname(to), { recursive: true });
      if (content.text !== undefined) writeFileSync(to, content.text);
      else if (content.from !== undefined) copyFileSync(content.from, to);
    }
    if (!existsSync(target)) renameSync(staging, target);
    else moveInto(staging, target, [...files.keys()]);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The paths of `paths` that `target` has already, or where it has a file in place of a folder. */
function takenPaths(target: string, paths: readonly string[]): string[] {
  const taken = new Set<string>();
  const checked = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    for (let end = 1; end <= parts.length; end++) {
      const prefix = parts.slice(0, end).join('/');
      if (checked.has(prefix)) continue;
      checked.add(prefix);
      let info;
      try {
        info = lstatSync(join(target, prefix));
      } catch {
        break;
      }
      if (end === parts.length || !info.isDirectory()) {
        taken.add(prefix);
        break;
      }
    }
  }
  return [...taken];
}

/**
 * Moves the staged files into a `target` that exists, each by a hard link, which fails rather than
 * write over a name that is taken; on any failure, what was moved in is taken out again.
 */
function moveInto(staging: string, target: string, paths: readonly string[]): void {
  const made: string[] = [];
  const linked: string[] = [];
  try {
    for (const path of paths) {
      const to = join(target, path);
      const firstMade = mkdirSync(dirname(to), { recursive: true });
      if (firstMade !== undefined) made.push(firstMade);
      linkSync(join(staging, path), to);
      linked.push(to);
    }
  } catch (cause) {
    for (const file of linked.reverse()) rmSync(file, { force: true });
    for (const folder of made.reverse()) rmSync(folder, { recursive: true, force: true });
    throw new ImportRefused(
      `could not write into ${target} (${(cause as NodeJS.ErrnoException).message}); what was written there is taken out again`,
    );
  }
}

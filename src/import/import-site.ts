// Import: a Jekyll, Hexo, Hugo or Eleventy blog → a Folio site folder, written beside the target and moved
// in once whole, with a report of every change and every post left out.
import {
  linkSync,
  renameSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  lstatSync,
  writeFileSync,
  copyFileSync,
  existsSync,
} from 'node:fs';
import { basename, dirname, extname, join, posix, relative, resolve, sep } from 'node:path';
import { dump } from 'js-yaml';
import { DateTime } from 'luxon';
import { IANAZone } from 'luxon';
import {
  DEFAULT_PAGE_SIZE,
  MOST_PAGE_SIZE,
  type EquationNumbers,
  type ProfileLink,
} from '../config/schema.js';
import { parsePage } from '../content/parse-page.js';
import { isImagePath, parsePost } from '../content/parse-post.js';
import { permalinkPath } from '../content/permalink.js';
import { parsePostDate } from '../content/post-date.js';
import { isHiddenStaticName } from '../content/read-sources.js';
import { isUsableSlug, slugify } from '../content/slugify.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { count } from '../text/count.js';
import { readTextFile, readTextOrUndefined } from '../text/read-text-file.js';
import { basePathOf } from '../urls/base-path.js';
import {
  DEFAULT_PERMALINK,
  folderForm,
  normalizeSitePath,
  pathKey,
  RESERVED_SECTIONS,
  ROOT_FILE_PATHS,
} from '../urls/url-paths.js';
import { convertBody, readFromRoot, type BodyLinks, type BodyNote } from './convert-body.js';
import { BuiltSite } from './built-site.js';
import { builtHeadings, builtTagWriting } from './built-tags.js';
import { htmlAsMarkdown } from './html-body.js';
import { blogShortcodes } from './hugo-shortcodes.js';
import { themeMath } from './theme-math.js';
import { type HeadingIdRule, keepHeadingIds } from './heading-ids.js';
import {
  type HostRedirect,
  type HostRuleLeftOut,
  netlifyTomlRules,
  redirectsFileRules,
} from './host-redirects.js';
import {
  folioPattern,
  folioPatterns,
  hexoSlug,
  hexoFileNames,
  hexoUrl,
  hugoSectionPath,
  hugoSlug,
  hugoServed,
  hugoUrl,
  type HugoPathRules,
  jekyllMediaPath,
  jekyllPattern,
  withJekyllDefaults,
  jekyllUrl,
  localeOf,
  namesOf,
  type UrlInputs,
  wallDay,
} from './engines.js';
import { type HugoPathReading, hugoPathReading, hugoVersionOf } from './hugo-version.js';
import { readOrgDocument } from './org-document.js';
import { blogOf, engineTitle, type EngineName } from './engine-names.js';
import {
  copiedTo,
  homePaging,
  eleventyListPages,
  eleventyTemplatePages,
  eleventyTermPages,
  termPageUrl,
  type TermPageTemplate,
  renderShortcode,
  eleventyFeeds,
  globBase,
  globPattern,
  isCopied,
  type CascadeData,
  type EleventyProject,
  eleventyProjectOf,
  eleventyTemplates,
  eleventyUrl,
  fileSlugOf,
  postCollection,
  type EleventyTemplate,
} from './eleventy.js';
import {
  isRecord,
  lowerKeys,
  loadBlogYaml,
  readForeignDocument,
  stringOf,
  type ForeignDocument,
  type UnreadableDocument,
} from './foreign-document.js';
import {
  FOLIO_TERM_KINDS,
  jekyllMenu,
  judgePage,
  menuIndexes,
  type FolioIndex,
  type SourcePage,
  type TermPage,
} from './pages.js';
import {
  oldFeeds,
  usesJekyllPlugin,
  type FeedSources,
  type FeedTemplate,
  type TermFeed,
} from './feeds.js';
import {
  BlogConfigProblem,
  blogPackages,
  detectEngine,
  isHiddenName,
  readable,
  readBlogConfig,
  readInsideBlog,
  walk,
  type BlogFile,
  type PassedOver,
} from './read-blog.js';
import { jekyllExcluded } from './jekyll-exclude.js';

export interface ImportOptions {
  readonly source: string;
  readonly target: string;
  readonly from?: EngineName | undefined;
  /** The Hugo content language to import; by default the site's default one. */
  readonly lang?: string | undefined;
  /** The tag given to posts with neither tags nor categories. */
  readonly fallbackTag: string;
  /** The folder the blog's engine built the site into, read for old URLs worked out by code. */
  readonly built?: string | undefined;
  readonly now?: number;
  /** Where the blog came from, when its folder was written from something else. */
  readonly origin?: ImportOrigin | undefined;
}

/**
 * A blog read from something other than its folder — a WordPress export, written out as the
 * Jekyll blog it would be — named as the author knows it, with the old pages it had that no file
 * of the folder tells of.
 */
export interface ImportOrigin {
  /** What it is, as a summary names it: `a WordPress export`. */
  readonly title: string;
  /** Its file, as given. */
  readonly source: string;
  /** The place in it a file of the folder was written from. */
  readonly place: (
    relative: string,
  ) => { readonly file: string; readonly line: number } | undefined;
  /** Its lists of one category's or tag's posts, at their old URLs. */
  readonly termPages: readonly TermPage[];
  /** Its other lists, by old URL, and the index of Folio each leads to. */
  readonly lists: ReadonlyMap<string, FolioIndex>;
  /** Other old paths, and where each leads. */
  readonly redirects: Readonly<Record<string, string>>;
  /** What of it was not written into the folder, and why. */
  readonly leftOut: readonly ImportNote[];
}

/** Something about one file of the blog, at a line of it. */
export interface ImportNote {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

export interface ImportSummary {
  readonly engine: EngineName;
  /** What the blog came from, when not a folder of its engine's: `a WordPress export`. */
  readonly origin?: string | undefined;
  readonly postsFound: number;
  readonly posts: number;
  readonly drafts: number;
  readonly scheduled: number;
  /** Standalone pages (About, Now) imported into content/pages/. */
  readonly pages: number;
  /** Pages the blog's theme filled (tags, archives, search), which Folio makes itself. */
  readonly themePages: readonly ImportNote[];
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
  /** The category it takes when it names none: its section's, where posts come from several. */
  readonly sectionCategory?: string | undefined;
  /** An Eleventy post's template, and its tags without those that only make it a post. */
  readonly eleventy?: { readonly template: EleventyTemplate; readonly tags: string[] } | undefined;
  /** Whether it is written in HTML, which its engine published as written (Jekyll's `.html`). */
  readonly html?: boolean;
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
  /** The folder its relative images are under, when the blog named one (Chirpy's). */
  readonly mediaPath: string | undefined;
  /** Its categories as the blog gave them: the first is its category, the others tags. */
  readonly categories: readonly string[];
  /**
   * The same as paths, each under the one before it (Hexo's `/categories/GPU/CUDA/`): one path,
   * or, where Hexo's front matter lists lists (`- [GPU, CUDA]`, `- [wiki]`), one each.
   */
  readonly categoryPaths: readonly (readonly string[])[];
  /**
   * Its tags as the blog wrote them, and its later categories: the names its old URLs have, where
   * Folio may write one as another post did (`Java` for `java`).
   */
  readonly blogTags: readonly string[];
  /**
   * Its categories and tags that the blog wrote as one name holding commas (`"Windows, Tasks"`),
   * which Hugo kept as one term with a page of its own, and Folio reads as several.
   */
  readonly joinedTerms: readonly { readonly kind: 'category' | 'tag'; readonly name: string }[];
}

const POSTS_FOLDERS: Record<EngineName, string> = {
  jekyll: '_posts/ and _drafts/, files named YYYY-MM-DD-title.md',
  hexo: 'source/_posts/ and source/_drafts/',
  hugo: 'content/ and its sections',
  eleventy:
    'the Markdown files of its input folder tagged posts, or the posts collection its config makes',
};
const JEKYLL_NAME = /^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)\.(?:md|markdown|mkdn|mkd|html?|org)$/i;
// A post Jekyll published as it was written, HTML (as jekyll-import writes a WordPress blog's).
const HTML_POST = /\.html?$/i;
// A post's file name without its kind: `2020-01-02-first` of `2020-01-02-first.md` or `.html`.
const POST_FILE_KIND = /\.(?:md|markdown|mkdn|mkd|html?|org)$/i;
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
// Files a blog may have written by hand that Folio writes itself, and what to tell of them.
const OWN_FILES_REPLACED: Readonly<Record<string, string>> = {
  'robots.txt':
    'not imported: Folio writes its own robots.txt, which lets every crawler in and names the sitemap; what yours adds has no place yet',
  '404.html': 'not imported: the page for a missing address: Folio makes its own 404 page',
};
// Files of a Jekyll blog's folder, by name, that are the project's own and no page of the blog;
// the config's `exclude` leaves out more (see `jekyllExcluded`).
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
  const blogDir = resolve(options.source);
  const target = resolve(options.target);
  if (!existsSync(blogDir) || !statSync(blogDir).isDirectory())
    throw new ImportRefused(
      `${options.source} is neither a blog's folder nor a WordPress export (the XML file of WordPress's Tools → Export)`,
    );
  if (target === blogDir || target.startsWith(blogDir + sep)) {
    throw new ImportRefused(
      `the new site must be outside the blog it comes from (${options.source}), which import never changes`,
    );
  }
  const engine = options.from ?? detectEngine(blogDir);
  if (!engine) {
    throw new ImportRefused(
      `${options.source} is no blog Folio knows: it has no _config.yml with _posts/ (Jekyll) or source/_posts/ (Hexo), no hugo.toml or config.toml with content/ (Hugo), and no eleventy.config.js or .eleventy.js (Eleventy); name the engine with --from jekyll|hexo|hugo|eleventy`,
    );
  }
  let blogConfig;
  try {
    blogConfig = readBlogConfig(blogDir, engine);
  } catch (cause) {
    if (!(cause instanceof BlogConfigProblem)) throw cause;
    throw new ImportRefused(
      `${relative(process.cwd(), cause.file)}:${cause.line}: the blog's config cannot be read: ${cause.message} (correct it and import again)`,
    );
  }
  const { config } = blogConfig;
  // Jekyll reads the blog from the folder its config's `source` names, if it names one.
  const source = engine === 'jekyll' ? jekyllSourceFolder(blogDir, config) : blogDir;
  // Notes name the config as they name posts: by its path in the blog's folder.
  const configFile = blogConfig.file ? relative(blogDir, blogConfig.file) : undefined;
  const now = options.now ?? Date.now();
  const built = options.built === undefined ? undefined : BuiltSite.read(options.built);
  if (options.built !== undefined && built === undefined) {
    throw new ImportRefused(
      `${options.built} holds no page of a built site (name the folder the blog's engine built it into: _site, public, dist)`,
    );
  }
  const skipped: ImportNote[] = [...(options.origin?.leftOut ?? [])];
  const warnings: ImportNote[] = [];
  const passedOver: PassedOver[] = [];
  const hugo: HugoLanguages = {
    imported: (options.lang ?? hugoDefaultLanguage(config)).toLowerCase(),
    others: new Map(),
  };
  const urlPrefix = engine === 'hugo' ? hugoLanguagePrefix(config, hugo.imported) : '';
  const hugoPaths = hugoPathReading(
    engine === 'hugo'
      ? hugoVersionOf(blogDir, config, configFile, namesOf(config.theme, false))
      : undefined,
  );
  if (hugoPaths.found && hugoPaths.rules === 'before-0.93') {
    const { file, line, version } = hugoPaths.found;
    warnings.push({
      file,
      line,
      text: `the site is built with Hugo ${version}: its paths are read as Hugo made them before 0.93, a run of hyphens and spaces one hyphen (\`a -- b\` at \`/a-b/\`)`,
    });
  }

  const content = engine === 'hugo' ? hugoContent(source, config, passedOver, hugo) : undefined;
  const sources = listPosts(source, engine, config, passedOver, hugo, content, skipped);
  if (sources.length === 0 && hugo.others.size === 0) {
    throw new ImportRefused(
      `${options.source} has no posts where ${blogOf(engine)} keeps them (${POSTS_FOLDERS[engine]})`,
    );
  }
  const enginePath = enginePattern(engine, config, content?.main);
  const blogPattern = urlPrefix ? `${urlPrefix}/${enginePath ?? DEFAULT_PERMALINK}` : enginePath;
  const read = sources.flatMap((post) => {
    const document = readBlogDocument(post, engine, { skipped, warnings });
    if (!document) return [];
    // Eleventy gives a post what its folders' data files and its layouts say (`tags: posts`, a
    // `permalink`), below its own front matter; the tags that only make it a post are left out.
    if (post.eleventy)
      return [
        {
          post,
          document: {
            ...document,
            fields: {
              ...post.eleventy.template.cascade.fields,
              ...document.fields,
              tags: post.eleventy.tags,
            },
          },
        },
      ];
    // Jekyll gives every post what the config's `defaults` say posts have (`math: true`, …).
    return engine === 'jekyll'
      ? [
          {
            post,
            document: {
              ...document,
              fields: withJekyllDefaults(config, 'posts', post.relative, document.fields),
            },
          },
        ]
      : [{ post, document }];
  });
  // Old paths of lists that lead to Folio's: Hugo's taxonomies Folio has no place for, when they
  // sort the posts by year, and the other paths Hugo wrote for a language; Eleventy's pages of
  // its home page.
  const listRedirects: Record<string, string> = { ...options.origin?.redirects };
  // An Eleventy home page that paged the posts: Folio shows as many to a page, and its later
  // pages (`/1/` was the second) lead to Folio's.
  if (engine === 'eleventy') {
    const perPage = homePaging(eleventyProjectOf(config), eleventyReading(source, config).files);
    if (perPage !== undefined) {
      config.paginate = perPage;
      const published = read.filter(({ post }) => !post.draft).length;
      for (let page = 1; page < Math.ceil(published / perPage); page++)
        listRedirects[`/${page}/`] = `/page/${page + 1}/`;
    }
  }
  if (engine === 'hugo') {
    const fields = read.map(({ document }) => lowerKeys(document.fields));
    const unkept = unkeptTaxonomies(config, fields, configFile ?? 'config');
    warnings.push(...unkept.notes);
    // Each list of a year, and its pages (`/archive/2021/page/2/`).
    const { perPage, folder } = hugoPagination(config);
    for (const { path, posts } of unkept.yearLists) {
      const pages = perPage === undefined ? 0 : Math.ceil(posts / perPage);
      const paths = [
        path,
        ...Array.from({ length: pages }, (_, i) => `${path}${folder}/${i + 1}/`),
      ];
      for (const old of paths)
        listRedirects[hugoServed(config, path.split('/')[1] ?? '', `${urlPrefix}${old}`)] =
          '/archives/';
    }
    // A site of several languages had its default one's home at `/ja/` too, leading to `/`.
    const languages = isRecord(config.languages) ? Object.keys(config.languages) : [];
    if (urlPrefix === '' && languages.length > 1) listRedirects[`/${hugo.imported}/`] = '/';
  }
  if (engine === 'eleventy') {
    const problem = eleventyProjectOf(config).problem;
    if (problem) warnings.push({ file: configFile ?? 'config', ...problem });
  }
  const timezone = timezoneOf(engine, config, {
    dates: read.map(({ post, document }) => writtenDate(post, lowerKeys(document.fields))),
    configFile: configFile ?? 'config',
    warnings,
  });
  const blogFiles = publishedFiles(source, engine, config, passedOver, {
    language: hugo.imported,
    urlPrefix,
  });
  const servedFiles = staticFiles(engine, blogFiles);
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
    hugoPaths,
    olderHugoPathsToo: engine === 'hugo' && hugoPaths.found === undefined && built === undefined,
    olderHugoPaths: [],
    menu: engine === 'jekyll' ? jekyllMenu(readDataFile(source, 'navigation')) : [],
    layoutText: engine === 'jekyll' ? jekyllLayouts(source) : undefined,
    lists: new Map(options.origin?.lists),
    listFiles: new Map(),
    termPages: [...(options.origin?.termPages ?? [])],
    pageTerms: [],
    staticPaths: new Set(servedFiles.map(({ to }) => to)),
    built,
  };
  const planned = read.flatMap(({ post, document }) => planPost(post, document, context) ?? []);
  unifyTermNames(planned, warnings);
  // Where the blog's pattern has no reading of Folio's own, Folio's default is weighed with the
  // readings that leave its categories out or read one: the posts' own URLs may fit it best.
  const readAsWritten = folioPattern(blogPattern);
  // Eleventy has no pattern of the site's: each post's permalink is its own, and the pattern is
  // the one most of their URLs show.
  const shown = engine === 'eleventy' ? patternShown(planned, timezone) : undefined;
  const pattern =
    bestFitting(
      [
        ...(shown ? [shown] : []),
        ...folioPatterns(blogPattern),
        ...(readAsWritten ? [] : [DEFAULT_PERMALINK]),
      ],
      planned,
      timezone,
    ) ??
    readAsWritten ??
    DEFAULT_PERMALINK;
  const claims = new UrlClaims();
  const placed = placePosts(planned, pattern, timezone, claims, skipped);
  const themePages: ImportNote[] = [];
  const pageSources = listPages(source, engine, config, {
    blogFiles,
    content,
    hugo,
    themePages,
    warnings,
  });
  const plannedPages = pageSources.flatMap((page) => planPage(page, context, themePages) ?? []);
  const [firstOlder] = context.olderHugoPaths;
  if (firstOlder !== undefined) {
    const others = context.olderHugoPaths.length - 1;
    warnings.push({
      file: configFile ?? firstOlder,
      line: 1,
      text: `no file of the blog names the Hugo it is built with: paths are read as Hugo 0.93 and later make them, hyphens kept (\`a -- b\` at \`/a--b/\`), and the path Hugo made before 0.93 leads there too, for ${firstOlder}${others > 0 ? ` and ${count(others, 'other file')}` : ''} (name the folder Hugo built the site into with --built to read the paths it made)`,
    });
  }
  // An Eleventy template that listed the posts or the tags (`/blog/`) leads to Folio's list, one
  // that listed a tag's posts to the tag's page.
  if (engine === 'eleventy')
    for (const list of eleventyListPages(
      source,
      eleventyProjectOf(config),
      eleventyReading(source, config).files,
      read.filter(({ post }) => !post.draft).length,
    )) {
      if ('tag' in list) context.termPages.push({ kind: 'tag', name: list.tag, oldUrl: list.url });
      else context.lists.set(list.url, list.index);
    }
  const placedPages = placePages(plannedPages, pattern, claims, warnings);
  const assetImages = engine === 'hugo' ? hugoAssetImages(source, config) : undefined;
  const layoutMath =
    (engine === 'hexo' ? undefined : layoutLoadingMath(source, engine, config)) ??
    themeMath(source, engine, config);
  const shortcodes = engine === 'hugo' ? blogShortcodes(source, config) : undefined;
  const packages = engine === 'hexo' ? blogPackages(source) : new Set<string>();
  const blog = {
    source,
    engine,
    config,
    mathEverywhere: blogUsesMath(config) || layoutMath !== undefined,
    rawShortcodes: shortcodes?.raw,
    fixedShortcodes: shortcodes?.fixed,
    pattern,
    timezone,
    skipped,
    passedOver,
    post: postLookup(
      placed.kept,
      engine,
      pattern,
      timezone,
      placedPages.kept,
      context.listFiles,
      hugoPaths.rules,
    ),
    shortcodeImage: assetImages?.resolve,
    built,
    headingIds: headingIdRule(engine, config, packages),
    typographer: blogTypesetsPunctuation(engine, config, packages),
  };
  const converted = convertPosts(placed.kept, blog);
  const files = converted.files;
  const written = converted.written;
  const pages = convertPages(placedPages.kept, files, blog);

  let staticCount = 0;
  for (const [to, from] of assetImages?.files ?? []) {
    if (files.has(to)) continue;
    files.set(to, { from });
    staticCount++;
  }
  for (const file of servedFiles) {
    if (isHiddenFromReaders(file.to)) {
      skipped.push({ file: file.relative, line: 1, text: hiddenFileLeftOut(basename(file.to)) });
      continue;
    }
    if (FOLIO_FILES.has(file.to)) {
      // The author's own words, which Folio's file replaces: said, so that they can be carried.
      const own = OWN_FILES_REPLACED[file.to];
      if (own) warnings.push({ file: file.relative, line: 1, text: own });
      continue;
    }
    if (!readable(file.file)) {
      passedOver.push({ relative: file.relative, why: 'unreadable' });
      continue;
    }
    files.set(`static/${file.to}`, { from: file.file });
    staticCount++;
  }
  if (engine === 'eleventy') staticCount += imagesFoundByName(source, config, files, warnings);
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
  for (const [lang, posts] of hugo.others) {
    warnings.push({
      file: 'content',
      line: 1,
      text: `${count(posts, 'post')} in the language "${lang}" ${posts === 1 ? 'was' : 'were'} not imported (import them with --lang ${lang} into another site)`,
    });
  }

  const published = written.filter((plan) => !plan.draft && plan.date <= now);
  // Where no file names the Hugo a blog is built with, the paths an older Hugo made of its lists
  // lead to Folio's too, as its posts' and pages' do.
  const hugoRules: HugoPathRules[] = context.olderHugoPathsToo
    ? [hugoPaths.rules, 'before-0.93']
    : [hugoPaths.rules];
  const termSources = {
    packages,
    sections: content?.main ?? [],
    sectionCategories: listCategories(content?.sectionCategories ?? new Map(), published),
    sectionLists: content?.sectionLists,
    nestedSections: listCategories(content?.nestedSections ?? new Map(), published),
    urlPrefix,
    templates:
      engine === 'eleventy'
        ? eleventyFeeds(eleventyProjectOf(config), eleventyReading(source, config).files)
        : feedTemplates(engine, blogFiles),
    termPages:
      engine === 'eleventy'
        ? eleventyTermPages(eleventyProjectOf(config), eleventyReading(source, config).files)
        : [],
    collections: engine === 'eleventy' ? eleventyCollections(source, config) : [],
    generatedTermPages: engine === 'jekyll' ? jekyllTermPageFolders(source, config) : {},
  };
  const redirects: Record<string, string> = {};
  for (const rules of hugoRules) {
    const found = termRedirects(engine, config, written, published, timezone, {
      ...termSources,
      hugoRules: rules,
    });
    for (const [path, to] of Object.entries(found)) if (!(path in redirects)) redirects[path] = to;
  }
  for (const [path, to] of Object.entries(listRedirects))
    if (!(path in redirects)) redirects[path] = to;
  // The pages Folio makes of the posts' categories and tags: a theme's page at one of their paths
  // (Minimal Mistakes' `categories/python`, a page per category) is Folio's own page now.
  const termPages = new UrlClaims();
  // The posts' terms by slug alone, whatever their kind.
  const postTerms = new Set<string>();
  for (const { front } of published) {
    const category = typeof front.category === 'string' ? slugify(front.category) : undefined;
    if (category !== undefined) {
      termPages.claim(`/categories/${category}/`);
      postTerms.add(category);
    }
    for (const tag of Array.isArray(front.tags) ? (front.tags as unknown[]) : []) {
      if (typeof tag !== 'string') continue;
      const slug = slugify(tag);
      termPages.claim(`/tags/${slug}/`);
      postTerms.add(slug);
    }
  }
  // Jekyll wrote a page whose permalink has no extension (`categories/ai`) as the file
  // `categories/ai.html`, which static hosts answered at both paths.
  const listPaths = (oldUrl: string): string[] => [
    redirectPath(oldUrl),
    ...(engine === 'jekyll' && /\/[^/.]+$/.test(oldUrl) ? [`${oldUrl}.html`] : []),
  ];
  // A theme's list of every post, tag or category leads to Folio's index of it.
  for (const [oldUrl, index] of context.lists) {
    // Where Folio's own page stands at the list's folder, its file leads there.
    const folder = redirectPath(oldUrl);
    for (const path of listPaths(oldUrl)) {
      const to = path !== folder && termPages.has(folder) ? folder : `/${index}/`;
      if (path !== to && !(path in redirects) && !termPages.has(path)) redirects[path] = to;
    }
  }
  // A theme's page of one tag's posts leads to Folio's page of that tag, if a post has it.
  for (const { kind, name, oldUrl } of context.termPages) {
    const list = kind === 'tag' ? 'tags' : 'categories';
    const own = `/${list}/${slugify(name)}/`;
    for (const path of listPaths(oldUrl))
      if (!(path in redirects) && !termPages.has(path))
        redirects[path] = termPages.has(own) ? own : `/${list}/`;
  }
  // A tag or category only a Hugo blog's pages had: its page leads to the list of them all, as
  // Folio's pages have none.
  const pagesFolder = hugoPagination(config).folder;
  for (const { kind, name } of context.pageTerms) {
    const list = kind === 'tag' ? 'tags' : 'categories';
    if (postTerms.has(slugify(name))) continue;
    for (const rules of hugoRules) {
      const slug = hugoSlug(name, rules);
      const path = hugoServed(config, list, `${urlPrefix}/${list}/${slug}/`);
      const firstPage = `${urlPrefix}/${list}/${slug}/${pagesFolder}/1/`;
      for (const old of [path, firstPage]) if (!(old in redirects)) redirects[old] = `/${list}/`;
    }
  }
  // A `_redirects` the site publishes as it is goes on working at hosts that read it, splats and all.
  const publishedRedirects = files.get('static/_redirects');
  const hosted = readHostRedirects(source, engine, options.built);
  // A page of the built site that only sends the reader on (`<meta http-equiv="refresh">`), which
  // a template wrote where no post or alias says so: Eleventy's `/blog/` leading to `/post/`.
  for (const { from, to } of built?.redirects() ?? []) {
    hosted.redirects.push({ from, to, file: built?.folder ?? '', line: 1 });
  }
  keepHostRedirects(redirects, hosted, claims, {
    warnings,
    published: (file) => publishedRedirects?.from === file,
  });
  const siteConfig = engine === 'hugo' ? hugoLanguageConfig(config, hugo.imported) : config;
  if (layoutMath) warnings.push(layoutMath);
  const equations = mathJaxNumbering(source, engine, config);
  if (equations) warnings.push(equations.note);
  const settings = folioConfig(engine, siteConfig, configFile, {
    pattern,
    timezone,
    redirects,
    warnings,
    postsAuthor: postsAuthor(read.map(({ document }) => lowerKeys(document.fields).author)),
    host: hostOf(source, engine, config),
    layoutMath,
    lineBreaks: blogKeepsLineBreaks(engine, config, packages),
    typographer: blogTypesetsPunctuation(engine, config, packages),
    equationNumbers: equations?.numbers,
    nav: menuIndexes(context.menu, context.lists),
    origin: options.origin,
  });
  files.set('folio.config.yaml', { text: settings });

  const bodyNotes = [...written, ...pages.written].flatMap((plan) => plan.notes);
  // Notes on a file written from an origin name the place in it that file came from.
  const fromOrigin = (note: ImportNote): ImportNote => {
    const at = options.origin?.place(note.file);
    return at === undefined ? note : { ...note, ...at };
  };
  const summary: ImportSummary = {
    engine,
    origin: options.origin?.title,
    postsFound: sources.length,
    posts: written.length,
    drafts: written.filter((plan) => plan.draft).length,
    scheduled: written.filter((plan) => !plan.draft && plan.date > now).length,
    pages: pages.written.length,
    themePages: themePages.map(fromOrigin),
    files: staticCount + converted.postFiles + pages.files,
    aliases: placed.aliases + placedPages.aliases,
    redirects: Object.keys(redirects).length,
    conversions: bodyNotes.filter((note) => note.kind === 'converted').length,
    removals: bodyNotes.filter((note) => note.kind === 'removed').length,
    skipped: skipped.map(fromOrigin),
    warnings: warnings.map(fromOrigin),
    fallbackTagged: written
      .filter((plan) => plan.fallbackTagged)
      .map((plan) => placeOf(options, plan.source.relative)),
    reportFile: join(target, 'import-report.md'),
  };
  files.set('import-report.md', {
    text: reportOf(summary, [...written, ...pages.written], options),
  });
  writeSite(target, files);
  return summary;
}

/**
 * The paths of the imported site, claimed one by one — each post's or page's own, then its old
 * ones — ignoring case, as many disks do: the first to claim a path keeps it.
 */
class UrlClaims {
  readonly #claimed = new Set<string>();

  // `/old` and `/old/` are one path to Folio, as to the hosts (see `folderForm`).
  #key(path: string): string {
    return (pathKey(folderForm(path)) ?? path).toLowerCase();
  }

  has(path: string): boolean {
    return this.#claimed.has(this.#key(path));
  }

  claim(path: string): void {
    this.#claimed.add(this.#key(path));
  }

  /**
   * Claims the old paths of `aliases` no one else has, and writes them as the front matter's
   * `aliases:`; returns how many.
   */
  keepAliases(front: Record<string, unknown>, aliases: readonly string[]): number {
    const own = [...new Set(aliases)].filter((alias) => {
      if (this.has(alias)) return false;
      this.claim(alias);
      return true;
    });
    if (own.length > 0) front.aliases = own.map(decodeForHumans);
    else delete front.aliases;
    return own.length;
  }
}

/**
 * The old paths a front matter asks to lead to its page: Hugo's `aliases`, and the
 * `redirect_from` of jekyll-redirect-from, a path or a list of them. Hugo reads an alias without
 * its first slash from the folder the page's URL is in (`blog` of `/post/react/x/` is
 * `/post/react/blog/`), given the page's URL as `hugoPage`.
 */
function oldPathsAskedFor(fields: Readonly<Record<string, unknown>>, hugoPage?: string): string[] {
  return (['aliases', 'redirect_from'] as const).flatMap((key) => {
    const value = fields[key];
    return (Array.isArray(value) ? value : [value]).flatMap((path) => {
      if (typeof path !== 'string' || path.trim() === '') return [];
      // As jekyll-redirect-from reads them: a path from the site's root, with or without its
      // first slash; of an address, its path.
      const written = path.trim().replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '');
      if (written.startsWith('/')) return [written];
      if (key === 'aliases' && hugoPage !== undefined) {
        const folder = posix.dirname(hugoPage.replace(/\/+$/, '') || '/');
        return [posix.join(folder, written)];
      }
      return [`/${written}`];
    });
  });
}

/** The old paths written in front matter (Hugo's `aliases`), as Folio matches them. */
function writtenAliases(front: Record<string, unknown>): string[] {
  return namesOf(front.aliases, false).flatMap((alias) => normalizeSitePath(alias) ?? []);
}

/** Whether a request for `old` would not reach `path` unless `old` is an alias of it. */
function needsAlias(old: string, path: string): boolean {
  // `/x` without its slash already redirects to `/x/`.
  return (
    pathKey(old) !== pathKey(path) && (old.endsWith('/') || pathKey(`${old}/`) !== pathKey(path))
  );
}

/**
 * Whether `path` is the home page or one of its later pages, which Folio makes itself: a host's
 * rule or a built site's page that sent a reader on from there (Hugo's alias of `/page/1/`) has
 * no place there.
 */
function isFolioListing(path: string): boolean {
  return path === '/' || /^\/page\/\d+\/$/.test(path);
}

/** Whether Folio's own pages are at `path` or under it: `/`, `/tags/…`, `/archives/`. */
function inFolioSpace(path: string): boolean {
  const section = (pathKey(path) ?? '').split('/')[1] ?? '';
  return (RESERVED_SECTIONS as readonly string[]).includes(section) || path === '/';
}

/**
 * Of `patterns`, the one that gives the most posts their old URLs (or the folder of an old
 * `name.html`), the first of those that give as many; none when none gives any.
 */
function bestFitting(
  patterns: readonly string[],
  planned: readonly PlannedPost[],
  timezone: string,
): string | undefined {
  let best: string | undefined;
  let most = 0;
  for (const pattern of patterns) {
    let fits = 0;
    for (const plan of planned) {
      const old = plan.oldUrl === undefined ? undefined : normalizeSitePath(plan.oldUrl);
      if (old === undefined) continue;
      if (!needsAlias(old.replace(/\.html$/, '/'), postPath(pattern, plan, timezone))) fits++;
    }
    if (fits > most) {
      best = pattern;
      most = fits;
    }
  }
  return best;
}

/** The path of Folio's page of the term `name` of a list of terms (`tags`, `categories`, `series`). */
function folioTerm(list: string, name: string): string {
  return `/${list}/${encodeURIComponent(slugify(name))}/`;
}

/** Where `pattern` puts the post `plan`. */
function postPath(pattern: string, plan: PlannedPost, timezone: string): string {
  const category = typeof plan.front.category === 'string' ? plan.front.category : undefined;
  return permalinkPath(pattern, { slug: plan.slug, category, date: plan.date }, timezone);
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
  claims: UrlClaims,
  skipped: ImportNote[],
): { kept: PlannedPost[]; aliases: number } {
  const kept: PlannedPost[] = [];
  let aliasCount = 0;
  for (const plan of planned) {
    const folioPath = postPath(pattern, plan, timezone);
    const old = plan.oldUrl === undefined ? undefined : normalizeSitePath(plan.oldUrl);
    let path = folioPath;
    const aliases = writtenAliases(plan.front);
    if (old !== undefined && needsAlias(old, folioPath)) {
      if (old.endsWith('/') && !inFolioSpace(old) && !claims.has(old)) {
        plan.front.url = decodeForHumans(old);
        path = old;
      } else aliases.push(old);
    }
    if (claims.has(path)) {
      skipped.push({
        file: plan.source.relative,
        line: 1,
        text: `its URL ${path} is the URL of another post; left out (give it a slug of its own in the source and import again)`,
      });
      continue;
    }
    claims.claim(path);
    kept.push(plan);
    aliasCount += claims.keepAliases(plan.front, aliases);
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
    mathEverywhere: boolean;
    rawShortcodes: ReadonlySet<string> | undefined;
    fixedShortcodes: ReadonlyMap<string, string> | undefined;
    pattern: string;
    timezone: string;
    skipped: ImportNote[];
    passedOver: PassedOver[];
    post: (reference: string) => LinkedPost | undefined;
    shortcodeImage: BodyLinks['shortcodeImage'];
    built: BuiltSite | undefined;
    headingIds: HeadingIdRule | undefined;
    typographer: boolean;
  },
): {
  files: SiteFiles;
  written: PlannedPost[];
  postFiles: number;
} {
  const files: SiteFiles = new Map();
  const written: PlannedPost[] = [];
  let postFiles = 0;
  for (const plan of kept) {
    const inFolder = plan.source.assets !== undefined || plan.source.bundle;
    // A post without a folder of its own had its relative links and images read by browsers
    // where the blog served it (`../images/a.png` from /2020/note/ is /2020/images/a.png); Folio
    // serves it elsewhere, so each becomes the path from the root it was.
    const servedIn = inFolder ? undefined : plan.oldUrl?.replace(/[^/]*$/, '');
    const text = documentText(plan, blog, {
      links: {
        ...blogLinks(blog),
        ...(servedIn ? { base: decodeForHumans(servedIn) } : {}),
        ...(plan.mediaPath ? { imageBase: posix.join('/', plan.mediaPath, '/') } : {}),
        ...(plan.source.assets ? { ownFolder: basename(plan.source.assets) } : {}),
        ...eleventyLinks(plan.source.eleventy?.template, blog),
      },
      body: (body) => {
        const marked = moreMarker(body, plan, blog.config);
        return plan.source.html ? htmlPostAsMarkdown(marked, stringOf(plan.front.title)) : marked;
      },
      check: (written) =>
        parsePost(written, plan.source.relative, plan.slug, {
          timezone: blog.timezone,
          permalink: blog.pattern,
        }).diagnostics,
    });
    if (text === undefined) continue;
    const folder = postFolder(plan.source);
    files.set(`content/posts/${folder}${plan.slug}${inFolder ? '/index' : ''}.md`, { text });
    written.push(plan);
    if (plan.source.assets === undefined) continue;
    postFiles += copyFolder(
      plan.source.assets,
      `content/posts/${folder}${plan.slug}/`,
      files,
      blog,
      plan.source.file,
    );
  }
  return { files, written, postFiles };
}

/**
 * Eleventy's links to Markdown files by their paths in the input folder (`firstpost.md`, from
 * the linking file's folder, or `/blog/firstpost.md`): the URL of the post now made of the file.
 */
function inputLink(
  from: { readonly inInput: string },
  blog: { readonly post: (reference: string) => LinkedPost | undefined },
): (path: string) => string | undefined {
  return (path) => {
    const inInput = path.startsWith('/')
      ? path.slice(1)
      : posix.normalize(posix.join(posix.dirname(from.inInput), path));
    return blog.post(inInput)?.url;
  };
}

/**
 * What an Eleventy body's links and tags lead to beyond other engines': Markdown files named by
 * their paths, from the file at `from` (see `inputLink`), and the blog's template shortcodes.
 */
function eleventyLinks(
  from: { readonly inInput: string } | undefined,
  blog: {
    readonly config: Record<string, unknown>;
    readonly post: (reference: string) => LinkedPost | undefined;
  },
): Pick<BodyLinks, 'fileLink' | 'shortcode'> {
  if (from === undefined) return {};
  return {
    fileLink: inputLink(from, blog),
    shortcode: ownShortcode(eleventyProjectOf(blog.config)),
  };
}

/** What one of the Eleventy blog's template shortcodes writes (see `TemplateShortcode`). */
function ownShortcode(
  project: EleventyProject,
): (name: string, args: string) => string | undefined {
  return (name, args) => {
    const shortcode = project.shortcodes.get(name);
    return shortcode === undefined ? undefined : renderShortcode(shortcode, args);
  };
}

/** A standalone page of the blog, planned: its front matter, body and old URL. */
interface PlannedPage {
  readonly source: SourcePage;
  readonly slug: string;
  readonly front: Record<string, unknown>;
  readonly body: string;
  readonly bodyLine: number;
  /** Where the blog served it; nothing for a draft, which it never served. */
  readonly oldUrl: string | undefined;
  readonly notes: BodyNote[];
}

// Page files of the root the engines give a page of their own to: the home page and the 404.
const NOT_PAGES = /^(?:index|404)\.(?:md|markdown|mkdn|mkd|html?)$/i;

/**
 * The files of the blog that may be standalone pages: Jekyll's Markdown and HTML files outside
 * `_` folders and `assets/`, and its collections published as pages; Hexo's Markdown files of
 * `source/`; Hugo's pages outside the posts' sections (`about.md`, `workshops/chase.md`).
 */
function listPages(
  source: string,
  engine: EngineName,
  config: Record<string, unknown>,
  found: {
    blogFiles: readonly PublishedFile[];
    content: HugoContent | undefined;
    hugo: HugoLanguages;
    themePages: ImportNote[];
    warnings: ImportNote[];
  },
): SourcePage[] {
  if (engine === 'hugo') return listHugoPages(source, found.content, found.hugo, found);
  if (engine === 'eleventy') return listEleventyPages(source, config);
  const pages: SourcePage[] = [];
  const add = (file: BlogFile, inRoot: string, collection: string | undefined): void => {
    const html = /\.html?$/i.test(inRoot);
    if (!MARKDOWN.test(inRoot) && !(engine === 'jekyll' && html && hasFrontMatter(file.file)))
      return;
    const name = basename(inRoot).replace(/\.[^.]*$/, '');
    pages.push({
      ...file,
      inRoot,
      name: name === 'index' ? basename(dirname(inRoot)) : name,
      collection,
      assets: undefined,
      html,
    });
  };
  for (const file of found.blogFiles) {
    if (NOT_PAGES.test(file.to) || (engine === 'jekyll' && file.to.startsWith('assets/'))) continue;
    add(file, file.to, undefined);
  }
  if (engine !== 'jekyll') return pages;
  // Jekyll's `include` publishes a `_` folder's pages too: Minimal Mistakes keeps them in `_pages/`.
  for (const name of namesOf(config.include, false)) {
    const folder = join(source, name);
    if (!/^_[^/]+$/.test(name) || ['_posts', '_drafts'].includes(name) || !existsSync(folder))
      continue;
    for (const file of walk(source, folder, (entry) => entry.startsWith('.'), [])) {
      add(file, file.relative, undefined);
    }
  }
  if (!isRecord(config.collections)) return pages;
  for (const [name, settings] of Object.entries(config.collections)) {
    if (name === 'posts' || !isRecord(settings) || settings.output !== true) continue;
    const folder = join(source, stringOf(config.collections_dir) ?? '', `_${name}`);
    if (!existsSync(folder)) continue;
    for (const file of walk(source, folder, (entry) => entry.startsWith('.'), [])) {
      add(file, relative(folder, file.file).split(sep).join('/'), name);
    }
  }
  return pages;
}

/**
 * An Eleventy blog's templates that are not posts, but for its home and 404 pages: each is
 * published on its own (`about.md`, `pages/uses.md`, `contact.njk`).
 */
function listEleventyPages(source: string, config: Record<string, unknown>): SourcePage[] {
  const reading = eleventyReading(source, config);
  const posts = new Set(reading.posts.map(({ file }) => file));
  const templated = eleventyTemplatePages(source, eleventyProjectOf(config), reading.files);
  // A template of the posts' collection written in HTML is a post, which Folio reads in Markdown.
  const posted = new Set(
    postCollection([...reading.templates, ...templated], eleventyProjectOf(config)).posts.map(
      ({ file }) => file,
    ),
  );
  const page = (
    template: { relative: string; file: string; inInput: string; cascade: CascadeData },
    language: string | undefined,
  ): SourcePage => {
    const stem = basename(template.inInput).replace(/\.[^.]*$/, '');
    return {
      relative: template.relative,
      file: template.file,
      inRoot: template.inInput,
      name: stem === 'index' ? basename(dirname(template.inInput)) : stem,
      collection: undefined,
      assets: undefined,
      html: language !== undefined,
      eleventy: {
        inInput: template.inInput,
        permalinkCode: template.cascade.permalinkCode,
        fields: template.cascade.fields,
        ...(language === undefined ? {} : { language, post: posted.has(template.file) }),
      },
    };
  };
  return [
    ...reading.templates
      .filter(({ file, inInput }) => !posts.has(file) && !NOT_PAGES.test(inInput))
      .map((template) => page(template, undefined)),
    ...templated.map((template) => page(template, template.language)),
  ];
}

/**
 * Hugo's pages outside the posts' sections, in the imported language: `about.md` at the top of
 * `content/`, the folders that are a page with its files (`about/index.md`), and the pages of the
 * other sections (`workshops/chase.md`), with their list pages' own text. The home page's text
 * (`content/_index.md`) is noted, not imported.
 */
function listHugoPages(
  source: string,
  content: HugoContent | undefined,
  languages: HugoLanguages,
  notes: { themePages: ImportNote[]; warnings: ImportNote[] },
): SourcePage[] {
  if (content === undefined) return [];
  const pages: SourcePage[] = [];
  const fromSource = (path: string): string => relative(source, path).split(sep).join('/');
  // A page in Markdown, Org, or HTML that is no whole document (which Hugo copies as it is).
  const ours = (file: string, path: string): string | undefined => {
    const html = HTML_POST.test(file) && !isWholeHtmlDocument(source, path);
    if (!MARKDOWN.test(file) && !ORG.test(file) && !html) return undefined;
    const { bare, language } = hugoFileName(file, content);
    return language === languages.imported ? bare : undefined;
  };
  const homeText = (file: string): void => {
    notes.themePages.push({
      file: fromSource(file),
      line: 1,
      text: "the home page's text: Folio's home page is the list of posts",
    });
  };
  let entries;
  try {
    entries = readdirSync(content.contentDir, { withFileTypes: true });
  } catch {
    return [];
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith('.')) continue;
    const path = join(content.contentDir, entry.name);
    if (entry.isFile()) {
      const bare = ours(entry.name, path);
      if (bare === '_index') homeText(path);
      else if (bare !== undefined)
        pages.push({
          relative: fromSource(path),
          file: path,
          inRoot: entry.name,
          name: bare,
          collection: undefined,
          assets: undefined,
          html: HTML_POST.test(entry.name),
        });
      continue;
    }
    if (!entry.isDirectory() || content.main.includes(entry.name)) continue;
    const before = pages.length;
    sectionPages(path, entry.name);
    // Its pages, and its lists that have text of their own: a list without any is not imported
    // (a folder of a taxonomy's terms, `tags/hugo/_index.md`, has nothing else).
    const found = pages
      .slice(before)
      .filter(({ inSection, file }) => inSection !== 'list' || hasText(file)).length;
    // A folder that is one page with its files is a page like about.md, not a section.
    if (found > 0 && pages[before]?.assets !== path) {
      notes.warnings.push({
        file: fromSource(path),
        line: 1,
        text: `the section ${entry.name}/ is not one of the posts' (${content.main.join(', ')}): its ${count(found, 'page')} ${found === 1 ? 'is' : 'are'} imported as pages, each at /<name>/ with its old URL leading there (move one to content/posts/ to make it a post)`,
      });
    }
  }
  return pages;

  /**
   * The pages of a folder outside the posts' sections: a page with its files (`about/index.md`),
   * or a section whose regular pages Hugo published each at its own URL (`/workshops/chase/`),
   * and whose list page (`_index.md`) showed its own text at the section's.
   */
  function sectionPages(folder: string, inRoot: string): void {
    let inside;
    try {
      inside = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    inside.sort((a, b) => (a.name < b.name ? -1 : 1));
    const index = inside.find(
      (item) => item.isFile() && ours(item.name, join(folder, item.name)) === 'index',
    );
    if (index !== undefined) {
      pages.push({
        relative: fromSource(join(folder, index.name)),
        file: join(folder, index.name),
        inRoot: `${inRoot}/${index.name}`,
        name: basename(folder),
        collection: undefined,
        assets: folder,
        html: HTML_POST.test(index.name),
        ...(inRoot.includes('/') ? { inSection: 'page' as const } : {}),
      });
      return;
    }
    for (const item of inside) {
      if (item.name.startsWith('.')) continue;
      const file = join(folder, item.name);
      if (item.isDirectory()) {
        sectionPages(file, `${inRoot}/${item.name}`);
        continue;
      }
      const bare = item.isFile() ? ours(item.name, file) : undefined;
      if (bare === undefined) continue;
      pages.push({
        relative: fromSource(file),
        file,
        inRoot: `${inRoot}/${item.name}`,
        name: bare === '_index' ? basename(folder) : bare,
        collection: undefined,
        assets: undefined,
        html: HTML_POST.test(item.name),
        inSection: bare === '_index' ? 'list' : 'page',
      });
    }
  }
}

/** A page file read and judged: its front matter for Folio, or a note of why it is not a page. */
function planPage(
  page: SourcePage,
  ctx: PlanContext,
  themePages: ImportNote[],
): PlannedPage | undefined {
  const read = readBlogDocument(page, ctx.engine, ctx);
  if (read === undefined) return undefined;
  // Jekyll gives a page what the config's `defaults` say pages of its collection have; a file
  // without front matter it copies as it is.
  const document = page.eleventy?.fields
    ? { ...read, fields: { ...page.eleventy.fields, ...read.fields } }
    : ctx.engine === 'jekyll' && read.format !== 'none'
      ? {
          ...read,
          fields: withJekyllDefaults(
            ctx.config,
            page.collection ?? 'pages',
            page.relative,
            read.fields,
          ),
        }
      : read;
  const verdict = judgePage(ctx.engine, ctx.config, page, document, ctx);
  if (verdict.kind === 'file') return undefined;
  if (verdict.kind === 'left out') {
    ctx.skipped.push({ file: page.relative, line: 1, text: verdict.why });
    return undefined;
  }
  if (verdict.kind === 'theme') {
    if (verdict.index) {
      ctx.lists.set(verdict.index.oldUrl, verdict.index.name);
      ctx.listFiles.set(page.relative, verdict.index.name);
    }
    if (verdict.term) ctx.termPages.push(verdict.term);
    themePages.push({ file: page.relative, line: 1, text: verdict.why });
    return undefined;
  }
  const fields = lowerKeys(document.fields);
  const front: Record<string, unknown> = {
    title: stringOf(fields.title) ?? titleFromName(page.name),
  };
  const description = stringOf(fields.description) ?? stringOf(fields.summary);
  if (description) front.description = description.replace(/\s+/g, ' ').trim();
  if (verdict.navOrder !== undefined) {
    front.nav = true;
    front.order = verdict.navOrder;
  }
  if (verdict.draft) front.draft = true;
  if (turnsMathOn(fields, document.body)) front.math = true;
  const aliases = oldPathsAskedFor(
    fields,
    ctx.engine === 'hugo' && !verdict.draft ? verdict.oldUrl : undefined,
  );
  if (verdict.olderUrl !== undefined && !verdict.draft) {
    aliases.push(verdict.olderUrl);
    ctx.olderHugoPaths.push(page.relative);
  }
  if (aliases.length > 0) front.aliases = aliases;
  // Hugo listed a page under its tags and categories, each a page of its own.
  if (ctx.engine === 'hugo' && !verdict.draft) {
    for (const name of namesOf(fields.tags ?? fields.tag, false))
      ctx.pageTerms.push({ kind: 'tag', name });
    for (const name of namesOf(fields.categories ?? fields.category, false))
      ctx.pageTerms.push({ kind: 'category', name });
  }
  return {
    source: page,
    slug: ownSlug(stringOf(fields.slug) ?? page.name, 'page'),
    front,
    body: document.body,
    bodyLine: document.bodyLine,
    oldUrl: verdict.draft ? undefined : verdict.oldUrl,
    notes: [],
  };
}

/**
 * Where each page will be: `/<slug>/`, its old URL's name when that was `/<name>/`. A page whose
 * URL Folio uses itself (`/archives/`, the posts' `/posts/`) or a post took is given another
 * (`/archives-page/`); its old URL leads to it as an alias, unless Folio's own page is there.
 */
function placePages(
  planned: readonly PlannedPage[],
  pattern: string,
  claims: UrlClaims,
  warnings: ImportNote[],
): { kept: PlannedPage[]; aliases: number } {
  const postSection = /^\/([^/:]+)\//.exec(pattern)?.[1];
  const folios = (slug: string): boolean =>
    (RESERVED_SECTIONS as readonly string[]).includes(slug.toLowerCase()) ||
    slug.toLowerCase() === postSection?.toLowerCase();
  const kept: PlannedPage[] = [];
  let aliasCount = 0;
  for (const plan of planned) {
    const old = plan.oldUrl === undefined ? undefined : normalizeSitePath(plan.oldUrl);
    const named = /^\/([^/]+)\/$/.exec(old === undefined ? '' : decodeForHumans(old))?.[1];
    const wanted = named !== undefined ? ownSlug(named, plan.slug) : plan.slug;
    const pathOf = (slug: string): string => `/${encodeURIComponent(slug)}/`;
    const taken = (slug: string): boolean => folios(slug) || claims.has(pathOf(slug));
    // A page of a section that meets another's name is told apart by its folder's:
    // `/how-to-publish-your-phd-introduction/` rather than `/introduction-page/`.
    const folder = enclosingFolder(plan.source);
    let slug = folder !== undefined && taken(wanted) ? `${folder}-${wanted}` : wanted;
    for (let n = 1; taken(slug); n++) slug = `${wanted}-page${n > 1 ? `-${n}` : ''}`;
    const path = pathOf(slug);
    claims.claim(path);
    const aliases = writtenAliases(plan.front);
    // Where Folio's own page is, the old URL shows that page now.
    const lost =
      old !== undefined &&
      (inFolioSpace(old) || (postSection !== undefined && old === `/${postSection}/`));
    if (old !== undefined && needsAlias(old, path) && !lost) aliases.push(old);
    if (slug !== wanted || lost) {
      const why = folios(wanted)
        ? `Folio's own pages are at /${wanted}/`
        : `/${wanted}/ is already the URL of a post or of another page`;
      warnings.push({
        file: plan.source.relative,
        line: 1,
        text: `imported as the page /${slug}/${slug !== wanted ? `: ${why}` : ''}${old === undefined ? '' : `; its old URL ${decodeForHumans(old)} ${lost ? "shows Folio's own page now" : 'leads there'}`}`,
      });
    }
    // An engine wrote `/about` as the file about.html, which static hosts answered too.
    if (old !== undefined && !old.endsWith('/') && !/\.[^./]+$/.test(old))
      aliases.push(`${old}.html`);
    aliasCount += claims.keepAliases(plan.front, aliases);
    kept.push({ ...plan, slug });
  }
  return { kept, aliases: aliasCount };
}

/**
 * The folder a page of a Hugo section stands in, itself a page's or a section's name
 * (`how-to-publish-your-phd` for `books/how-to-publish-your-phd/introduction.md`); none for a
 * page at the top of the blog.
 */
function enclosingFolder(page: SourcePage): string | undefined {
  // An Eleventy page of a folder of many (`weeknotes/99.md`) is told apart by its folder too.
  if (page.eleventy !== undefined) return page.inRoot.split('/').slice(0, -1).at(-1);
  if (page.inSection === undefined) return undefined;
  const folders = page.inRoot.split('/').slice(0, -1);
  // A list page or a page with its files is named after the folder it is in: the one above.
  if (page.inSection === 'list' || page.assets !== undefined) folders.pop();
  return folders.at(-1);
}

/**
 * Each page's body converted as a post's is, its relative links and images made paths from the
 * root as the blog's readers followed them (a page's files are served from static/), written to
 * `content/pages/<slug>.md`; the files of a Hugo page's folder go to static/ where they were
 * served. A page Folio would not read is left out.
 */
function convertPages(
  kept: readonly PlannedPage[],
  files: SiteFiles,
  blog: {
    source: string;
    engine: EngineName;
    config: Record<string, unknown>;
    mathEverywhere: boolean;
    rawShortcodes: ReadonlySet<string> | undefined;
    fixedShortcodes: ReadonlyMap<string, string> | undefined;
    skipped: ImportNote[];
    passedOver: PassedOver[];
    post: (reference: string) => LinkedPost | undefined;
    shortcodeImage: BodyLinks['shortcodeImage'];
    built: BuiltSite | undefined;
    headingIds: HeadingIdRule | undefined;
    typographer: boolean;
  },
): { written: PlannedPage[]; files: number } {
  const written: PlannedPage[] = [];
  let copied = 0;
  for (const plan of kept) {
    const servedIn = (plan.oldUrl ?? `/${plan.slug}/`).replace(/[^/]*$/, '');
    const file = `content/pages/${plan.slug}.md`;
    const text = documentText(plan, blog, {
      links: {
        ...blogLinks(blog),
        base: decodeForHumans(servedIn),
        ...eleventyLinks(plan.source.eleventy, blog),
      },
      body: (body) => (plan.source.html ? htmlAsMarkdown(body, stringOf(plan.front.title)) : body),
      check: (written) => parsePage(written, file, plan.slug).diagnostics,
    });
    if (text === undefined) continue;
    files.set(file, { text });
    written.push(plan);
    if (plan.source.assets === undefined) continue;
    copied += copyFolder(plan.source.assets, `static${decodeForHumans(servedIn)}`, files, blog);
  }
  return { written, files: copied };
}

/**
 * A post's or page's file as Folio will read it: its front matter, then its body converted, the
 * changes noted in the plan. It is read now as Folio will read it, so that `folio check` passes
 * on what is written; one Folio would not read is left out, in `skipped`.
 */
function documentText(
  plan: {
    readonly source: BlogFile & { readonly html?: boolean | undefined };
    readonly front: Record<string, unknown>;
    readonly body: string;
    readonly bodyLine: number;
    readonly notes: BodyNote[];
    /** Where the blog's engine served it. */
    readonly oldUrl?: string | undefined;
  },
  blog: {
    readonly engine: EngineName;
    readonly config: Record<string, unknown>;
    /** Whether math is typeset on every page, as the config or the layout turns it on. */
    readonly mathEverywhere: boolean;
    /** The blog's shortcodes that write what they enclose as written (Hugo's `rawhtml`). */
    readonly rawShortcodes: ReadonlySet<string> | undefined;
    /** The blog's shortcodes that write the same HTML wherever they are called, by name. */
    readonly fixedShortcodes: ReadonlyMap<string, string> | undefined;
    readonly skipped: ImportNote[];
    /** The site the blog's engine built, where the import was given it. */
    readonly built: BuiltSite | undefined;

    /** How the engine made its headings' ids, which links into them end in. */
    readonly headingIds: HeadingIdRule | undefined;
    /** Whether Folio shows the blog's quotes and dashes curly, as its engine did. */
    readonly typographer: boolean;
  },
  how: {
    readonly links: BodyLinks;
    /** The converted body as it is written. */
    readonly body: (converted: string) => string;
    readonly check: (text: string) => readonly Diagnostic[];
  },
): string | undefined {
  // Eleventy runs Liquid (or Nunjucks, whose tags are written alike) over Markdown, as Hexo does.
  const dialect = blog.engine === 'hexo' || blog.engine === 'eleventy' ? 'liquid' : blog.engine;
  // The page the engine built shows what the blog's own tags wrote, which the import cannot run.
  const builtPage =
    blog.built !== undefined && plan.oldUrl !== undefined
      ? blog.built.html(plan.oldUrl)
      : undefined;
  const builtHtml = /\{%|\{\{[<%]/.test(plan.body) ? builtPage : undefined;
  const converted = convertBody(plan.body, dialect, plan.bodyLine, how.links, {
    markdownBeforeMath: blog.engine === 'hugo' && markdownBeforeMath(blog.config),
    // A script typeset the math of the page Markdown made, unless Hugo's Goldmark handed it over.
    bracketsReadAsMarkdown:
      (plan.front.math === true || blog.mathEverywhere) &&
      !(blog.engine === 'hugo' && goldmarkPassthrough(blog.config)),
    ...(blog.rawShortcodes && { rawShortcodes: blog.rawShortcodes }),
    ...(blog.fixedShortcodes && { fixedShortcodes: blog.fixedShortcodes }),
    ...(builtHtml !== undefined && { built: builtTagWriting(plan.body, plan.bodyLine, builtHtml) }),
    ...(plan.source.html === true && { html: true }),
  });
  // The built page shows the ids as they were, where the engine's rule is not known or was
  // changed by the blog (a render hook, a plugin).
  const built = builtPage === undefined ? undefined : builtHeadings(builtPage);
  // The engine's rule made the ids of Markdown's headings; those of HTML had none but their own,
  // and Hugo's Org renderer numbered its headlines (`headline-1`), which Folio's ids replace.
  const rule =
    plan.source.html === true || ORG.test(plan.source.relative) ? undefined : blog.headingIds;
  const ids =
    rule !== undefined || (built !== undefined && built.length > 0)
      ? keepHeadingIds(
          converted.body,
          { rule, built },
          { math: plan.front.math === true || blog.mathEverywhere, typographer: blog.typographer },
        )
      : { body: converted.body, kept: 0 };
  const text = `---\n${dump(plan.front, { lineWidth: -1, noRefs: true, quotingType: '"' })}---\n${how.body(ids.body)}`;
  const problem = how.check(text).find((d) => d.severity === 'error');
  if (problem) {
    blog.skipped.push({
      file: plan.source.relative,
      line: 1,
      text: `left out: once converted, ${problem.message} (${problem.hint})`,
    });
    return undefined;
  }
  plan.notes.push(...converted.notes);
  if (ids.kept > 0) {
    plan.notes.push({
      line: plan.bodyLine,
      kind: 'converted',
      what: `the ${ids.kept === 1 ? 'id' : 'ids'} ${engineTitle(blog.engine)} gave ${ids.kept === 1 ? 'a heading' : `${ids.kept} headings`} into \`{#id}\``,
    });
  }
  return text;
}

/**
 * The files of a post's or page's folder (a Hexo asset folder, a Hugo bundle), its Markdown
 * aside, set to be written under `into`; returns how many. A file that cannot be read is noted.
 */
function copyFolder(
  folder: string,
  into: string,
  files: SiteFiles,
  blog: { readonly source: string; readonly passedOver: PassedOver[] },
  ownFile?: string,
): number {
  let copied = 0;
  for (const asset of walk(blog.source, folder, (name) => name.startsWith('.'), blog.passedOver)) {
    const inside = relative(folder, asset.file).split(sep).join('/');
    // The Markdown it holds is read as posts or pages, as is a bundle's own page in HTML.
    if (MARKDOWN.test(inside) || asset.file === ownFile) continue;
    if (!readable(asset.file)) {
      blog.passedOver.push({ relative: asset.relative, why: 'unreadable' });
      continue;
    }
    files.set(`${into}${inside}`, { from: asset.file });
    copied++;
  }
  return copied;
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
  /** How a Hugo blog's Hugo made its paths. */
  readonly hugoPaths: HugoPathReading;
  /**
   * Whether the paths an older Hugo made lead on too: the blog names no version of Hugo, and no
   * built site tells which made them.
   */
  readonly olderHugoPathsToo: boolean;
  /** The posts and pages whose path an older Hugo made otherwise, where the blog names no version. */
  readonly olderHugoPaths: string[];
  /** The links of the theme's main menu, where the theme keeps it apart from the pages. */
  readonly menu: readonly string[];
  /** The text of the blog's own layout of a name (Jekyll's `_layouts/`). */
  readonly layoutText: ((layout: string) => string | undefined) | undefined;
  /** The old URLs of the theme's lists that are Folio's indexes now, found as pages are read. */
  readonly lists: Map<string, FolioIndex>;
  /** The same lists by their files, from the blog's folder (`_pages/archive.md`). */
  readonly listFiles: Map<string, FolioIndex>;
  /** The theme's pages of one tag's or category's posts, found as pages are read. */
  readonly termPages: TermPage[];
  /** The tags and categories of a Hugo blog's pages, found as pages are read. */
  readonly pageTerms: { readonly kind: 'tag' | 'category'; readonly name: string }[];
  /** The paths of the blog's files that Folio serves as static files (`assets/a.png`). */
  readonly staticPaths: ReadonlySet<string>;
  /** The site the blog's engine built, read for the old URLs its code gave posts. */
  readonly built: BuiltSite | undefined;
}

/**
 * How Hugo paginated a blog's lists: posts to a page (none when it did not), and the folder of
 * their later pages (`page`, or its `paginatePath`).
 */
function hugoPagination(config: Record<string, unknown>): {
  perPage: number | undefined;
  folder: string;
} {
  const pagination = isRecord(config.pagination) ? lowerKeys(config.pagination) : {};
  const size = Number(pagination.pagersize ?? config.paginate ?? 10);
  return {
    perPage: Number.isInteger(size) && size > 0 ? size : undefined,
    folder: stringOf(pagination.path) ?? stringOf(config.paginatePath) ?? 'page',
  };
}

/** An old URL as a redirect names it: a file's (`/archive.html`) as it is, a folder's with its `/`. */
function redirectPath(oldUrl: string): string {
  return oldUrl.endsWith('.html') ? oldUrl : oldUrl.replace(/\/?$/, '/');
}

/**
 * The text of each of a Jekyll blog's own layouts by name (`_layouts/tagpage.html` is
 * `tagpage`), read once asked for; a theme's layouts from a gem are not in the blog.
 */
function jekyllLayouts(source: string): (layout: string) => string | undefined {
  let files: Map<string, string> | undefined;
  const texts = new Map<string, string | undefined>();
  return (layout) => {
    files ??= new Map(
      existsSync(join(source, '_layouts'))
        ? walk(source, join(source, '_layouts'), (name) => name.startsWith('.'), []).map((file) => [
            // By the name as front matter gives it, which pages read lower-cased.
            basename(file.file)
              .replace(/\.[^.]*$/, '')
              .toLowerCase(),
            file.file,
          ])
        : [],
    );
    if (!texts.has(layout)) {
      const file = files.get(layout);
      texts.set(layout, file === undefined ? undefined : readTextOrUndefined(file));
    }
    return texts.get(layout);
  };
}

/**
 * A post or page file of the blog, read: its front matter and body. A file that cannot be read is
 * left out, with what to do in `skipped`.
 */
function readBlogDocument(
  file: BlogFile,
  engine: EngineName,
  notes: { readonly skipped: ImportNote[]; readonly warnings: ImportNote[] },
): ForeignDocument | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file.file);
  } catch (cause) {
    notes.skipped.push({
      file: file.relative,
      line: 1,
      text: `left out: it cannot be read (${(cause as NodeJS.ErrnoException).code ?? 'error'}; give your user permission to read it and import again)`,
    });
    return undefined;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    notes.skipped.push({
      file: file.relative,
      line: 1,
      text: 'left out: the file is not UTF-8 text (save it as UTF-8 and import again)',
    });
    return undefined;
  }
  if (text.includes('\0')) {
    text = text.replaceAll('\0', '');
    notes.warnings.push({ file: file.relative, line: 1, text: 'NUL characters removed' });
  }
  const document = ORG.test(file.relative)
    ? orgWithFrontMatter(text)
    : readForeignDocument(text, { tabsIndent: engine === 'hexo' });
  if ('problem' in document) {
    // Jekyll logged a front matter it could not read, and published the text below it as if it
    // had none: its title and date from the file's name.
    const below = engine === 'jekyll' ? document.below : undefined;
    if (below !== undefined) {
      notes.warnings.push({
        file: file.relative,
        line: document.line,
        text: `its front matter cannot be read (${document.problem}): imported as Jekyll published it, as if it had none, its title and date from the file's name (correct the front matter in the imported file)`,
      });
      return { fields: {}, format: 'yaml', ...below };
    }
    notes.skipped.push({
      file: file.relative,
      line: document.line,
      text: `left out: ${document.problem} (correct the front matter and import again)`,
    });
    return undefined;
  }
  return document;
}

/**
 * An Org file: its front matter in Org's `#+KEY:` lines (Hugo, jekyll-org), or in YAML before
 * them (jekyll-org reads both).
 */
function orgWithFrontMatter(text: string): ForeignDocument | UnreadableDocument {
  if (!/^\uFEFF?---\s*\n/.test(text)) return readOrgDocument(text);
  const fenced = readForeignDocument(text);
  if ('problem' in fenced) return fenced;
  const org = readOrgDocument(fenced.body);
  return {
    ...org,
    fields: { ...org.fields, ...fenced.fields },
    bodyLine: fenced.bodyLine + org.bodyLine - 1,
  };
}

/** A post's date as written: the front matter's, else the file name's (Jekyll). */
function writtenDate(post: SourcePost, fields: Record<string, unknown>): unknown {
  return fields.date ?? fields.publishdate ?? post.nameDate;
}

/** The offset from UTC a date is written with (`+09:00`, `+0900`), as sign, hours and minutes. */
function writtenOffsetOf(written: unknown): RegExpExecArray | null {
  return typeof written === 'string' ? /(?:\d|\s)([+-]\d{2}):?(\d{2})$/.exec(written.trim()) : null;
}

function planPost(
  post: SourcePost,
  document: ForeignDocument,
  ctx: PlanContext,
): PlannedPost | undefined {
  const fields = lowerKeys(document.fields);
  // Date: as written, else the file's time (Hexo).
  const written = writtenDate(post, fields);
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
  if (date === undefined && (ctx.engine === 'hexo' || ctx.engine === 'eleventy')) {
    date = Math.floor(statSync(post.file).mtimeMs / 1000) * 1000;
    const eleventy = ctx.engine === 'eleventy';
    ctx.warnings.push({
      file: post.relative,
      line: 1,
      text:
        written === undefined
          ? eleventy
            ? "no date in its front matter or its name: the file's modification time is used, where Eleventy took its creation time (write the date in the imported post)"
            : "no date in its front matter: the file's modification time is used, as Hexo does"
          : eleventy
            ? `its date ${JSON.stringify(written)} is no date Folio reads (Eleventy's "Last Modified" or "git Created" read the file or its history): the file's modification time is used; correct it in the imported post`
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
  const categoryPaths = categoryPathsOf(
    ctx.engine,
    post.folderCategories,
    fields.categories ?? fields.category,
  );
  const categories = [...new Set(categoryPaths.flat())];
  let tags = namesOf(fields.tags ?? fields.tag, ctx.engine === 'jekyll');
  if (tags.length === 0) tags = namesOf(fields.keywords, false);
  const category = categories[0] ?? post.sectionCategory;
  const allTags = [...new Set([...tags, ...categories.slice(1)])].filter(
    (tag) => slugify(tag) !== '',
  );
  // What the blog itself tagged the post with: the tags its old URLs have. A tag the import gives
  // below (its categories', or the fallback) had no page there to redirect from.
  const blogTags = [...allTags];
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
    fields.published === 'false' ||
    isTrue(fields.draft);
  const slug = uniqueSlug(postSlug(post, fields, ctx.engine), ctx.slugs);
  // Hugo keeps the offset a date is written with, and puts its wall clock in URLs. So does
  // Jekyll, built on a machine of that offset, unless the config names a zone: it then reads
  // every date on that zone's clock (`timezone: Asia/Shanghai` puts `15:13 -0400` on the next day).
  const zoneNamed =
    ctx.engine === 'jekyll' &&
    typeof ctx.config.timezone === 'string' &&
    IANAZone.isValidZone(ctx.config.timezone);
  const writtenOffset = ctx.engine !== 'hexo' && !zoneNamed ? writtenOffsetOf(written) : null;
  const wall = DateTime.fromMillis(date, {
    zone: writtenOffset ? `UTC${writtenOffset[1]}:${writtenOffset[2]}` : ctx.timezone,
  });
  // Jekyll split a string of categories at its spaces alone, each piece a folder of the post's
  // URL as written (`categories: web, spring` at `/web,/spring/…`), where Folio reads two names.
  const urlCategories =
    ctx.engine === 'jekyll' && typeof fields.categories === 'string'
      ? [...post.folderCategories, ...fields.categories.trim().split(/\s+/).filter(Boolean)]
      : categories;
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
    categories: urlCategories,
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
  // beautiful-jekyll's `subtitle` said in a line what the post is about.
  const description =
    stringOf(fields.description) ??
    stringOf(fields.excerpt) ??
    stringOf(fields.summary) ??
    stringOf(fields.subtitle);
  if (description) front.description = description.replace(/\s+/g, ' ').trim();
  if (draft) front.draft = true;
  // hexo-hide-posts' `hidden` and Fluid's `hide` kept a published post off the blog's lists.
  const hiddenBy = ['hidden', 'hide'].find((key) => fields[key] === true);
  if (!draft && hiddenBy !== undefined) {
    ctx.warnings.push({
      file: post.relative,
      line: 1,
      text: `\`${hiddenBy}: true\` kept it off the blog's lists, and Folio lists every post: it is listed now, at its old URL (make it a page under content/pages/, or a draft, to keep it off the lists)`,
    });
  }
  if (turnsMathOn(fields, document.body)) front.math = true;
  // Posts kept at the top of the home page: Hexo's `sticky` and `top` (a number, or true), the
  // `pinned` and `sticky` of Hugo's and Jekyll's themes.
  const pin = ctx.engine === 'hexo' ? [fields.sticky, fields.top] : [fields.pinned, fields.sticky];
  if (pin.some(pins)) front.pinned = true;
  const aliases = oldPathsAskedFor(fields, ctx.engine === 'hugo' ? oldUrl : undefined);
  // Jekyll wrote a permalink without an extension (`/blog/:title`) as a file with one,
  // `blog/x.html`, which GitHub Pages served at both addresses.
  if (ctx.engine === 'jekyll' && oldUrl !== undefined && /\/[^/.]+$/.test(oldUrl))
    aliases.push(`${oldUrl}.html`);
  // Where no file of a Hugo blog names the Hugo it is built with, its paths are read as Hugo has
  // made them since 0.93, and the path an older Hugo made of the post leads to it too.
  if (ctx.olderHugoPathsToo && oldUrl !== undefined) {
    const older = hugoPostUrl(ctx, post, urlInputs, 'before-0.93');
    if (older !== oldUrl) {
      aliases.push(older);
      ctx.olderHugoPaths.push(post.relative);
    }
  }
  if (aliases.length > 0) front.aliases = aliases;
  // Hugo's `series` taxonomy is a list, where a post is mostly in one series: the first is kept.
  const series = stringOf(
    Array.isArray(fields.series) ? (fields.series[0] as unknown) : fields.series,
  );
  if (series !== undefined && slugify(series) !== '') front.series = series.trim();
  const mediaPath = ctx.engine === 'jekyll' ? jekyllMediaPath(fields) : undefined;
  Object.assign(
    front,
    coverOf(fields, post.assets !== undefined || post.bundle, mediaPath, ctx.staticPaths),
  );
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
    mediaPath,
    categories,
    categoryPaths,
    blogTags,
    joinedTerms: [
      ...joinedNames(fields.categories ?? fields.category).map((name) => ({
        kind: 'category' as const,
        name,
      })),
      ...joinedNames(fields.tags ?? fields.tag).map((name) => ({ kind: 'tag' as const, name })),
    ],
  };
}

/** The names of a front matter's list of terms that hold a comma, which `namesOf` splits. */
function joinedNames(value: unknown): string[] {
  const names = Array.isArray(value) ? value : [value];
  return names.filter((name): name is string => typeof name === 'string' && name.includes(','));
}

// jekyll-katex's tags, Hugo Book's, Blowfish's and Wowchemy's shortcodes.
const MATH_TAGS = /\{%-?\s*katex(?:mm)?\b|\{\{[<%]\s*(?:katex|math)\b/;

/**
 * Whether a post or page turned math on for itself, by a key its theme reads (keys lower-cased):
 * `math` (Chirpy, PaperMod, Stack, Fluid), `mathjax` (NexT, Butterfly, Even), `katex`, LoveIt's and
 * FixIt's `math.enable`, `use_math` (a Jekyll blog's own include, as guides to MathJax write it)
 * and `useMath` (maku77's theme), or by a tag or shortcode in its body that holds math or loads a
 * typesetter (`MATH_TAGS`). It then stays on.
 */
function turnsMathOn(fields: Record<string, unknown>, body: string): boolean {
  const on = (value: unknown): boolean => value === true || value === 'true';
  const { math } = fields;
  return (
    MATH_TAGS.test(body) ||
    [math, fields.mathjax, fields.katex, fields.use_math, fields.usemath].some(on) ||
    (isRecord(math) && on(lowerKeys(math).enable))
  );
}

/**
 * The cover the engines' themes name — Jekyll's `image` (Chirpy's `image.path`), Hugo's `images`
 * (the first), PaperMod's `cover.image`, Ananke's `featured_image`, LoveIt's and FixIt's
 * `featuredImage` (or their bundle's resource named `featured-image`), Hexo's `cover`,
 * `thumbnail` and `banner`, minimal-mistakes' `header.image`, `header.overlay_image` and
 * `header.teaser` — with the description some of them give. A relative path is a file
 * of the post's folder where it has one, and otherwise from the site's root, as themes read it,
 * unless the site has no such file and one folder of images does (`IMAGE_FOLDERS`): a theme of
 * its own may read covers from there.
 */
function coverOf(
  fields: Record<string, unknown>,
  inFolder: boolean,
  mediaPath: string | undefined,
  staticPaths: ReadonlySet<string>,
): Record<string, string> {
  const part = (value: unknown, key: string): unknown => (isRecord(value) ? value[key] : undefined);
  const first: unknown = Array.isArray(fields.images) ? fields.images[0] : undefined;
  const written =
    stringOf(fields.image) ??
    stringOf(part(fields.image, 'path')) ??
    stringOf(fields.cover) ??
    stringOf(part(fields.cover, 'image')) ??
    stringOf(first) ??
    stringOf(fields.featured_image) ??
    // LoveIt's, FixIt's and DoIt's, in front matter or as the bundle's resource of that name.
    stringOf(fields.featuredimage) ??
    stringOf(fields.featuredimagepreview) ??
    featuredResource(fields.resources) ??
    stringOf(fields.thumbnail) ??
    stringOf(fields.banner) ??
    // minimal-mistakes': the page header's image, its overlay, or the teaser of lists.
    stringOf(part(fields.header, 'image')) ??
    stringOf(part(fields.header, 'overlay_image')) ??
    stringOf(part(fields.header, 'teaser'));
  if (written === undefined || !isImagePath(written)) return {};
  const relative = written.replace(/^(?:\.\/)+/, '');
  const inImages = (): string | undefined => {
    if (staticPaths.has(relative)) return undefined;
    const folder = IMAGE_FOLDERS.find((name) => staticPaths.has(`${name}/${relative}`));
    return folder === undefined ? undefined : `/${folder}/${relative}`;
  };
  const image =
    inFolder || written.startsWith('/') || /^https?:/i.test(written)
      ? readFromRoot(written)
      : ((mediaPath === undefined ? inImages() : undefined) ??
        posix.join('/', mediaPath ?? '', relative));
  const alt =
    stringOf(part(fields.image, 'alt')) ??
    stringOf(part(fields.cover, 'alt')) ??
    stringOf(part(fields.header, 'image_description'));
  return alt === undefined ? { image } : { image, imageAlt: alt };
}

/**
 * The folders of images a theme may read a cover named by its file alone from, first first:
 * lilianweng.github.io's reads `image: "A3C_vs_A2C.png"` as `/assets/images/A3C_vs_A2C.png`.
 */
const IMAGE_FOLDERS = ['assets/images', 'assets/img', 'images', 'img'];

/** The file of a Hugo bundle's resource named `featured-image`, LoveIt's way to name a cover. */
function featuredResource(resources: unknown): string | undefined {
  if (!Array.isArray(resources)) return undefined;
  const named = (name: string): string | undefined => {
    const found: unknown = resources.find((item) => isRecord(item) && item.name === name);
    return isRecord(found) ? stringOf(found.src) : undefined;
  };
  return named('featured-image') ?? named('featured-image-preview');
}

function postSlug(post: SourcePost, fields: Record<string, unknown>, engine: EngineName): string {
  const own = stringOf(fields.slug);
  const base =
    own ??
    (engine === 'hexo' ? (post.fileTitle.split('/').pop() ?? post.fileTitle) : post.fileTitle);
  return ownSlug(base, 'post');
}

/**
 * A name as a Folio slug: as written when Folio takes it, else slugified, else `fallback`. A name
 * that begins with a dot would make a hidden file, which Folio reads no post or page from.
 */
function ownSlug(name: string, fallback: string): string {
  const trimmed = name.normalize('NFC').trim();
  return isUsableSlug(trimmed) && !trimmed.startsWith('.')
    ? trimmed
    : slugify(trimmed).replace(/^\.+/, '') || fallback;
}

function uniqueSlug(slug: string, taken: Set<string>): string {
  let candidate = slug;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${slug}-${n}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

function oldUrlOf(ctx: PlanContext, post: SourcePost, input: UrlInputs): string | undefined {
  if (post.eleventy) {
    const { year, month, day, hour, minute, second } = input.wall;
    const date = Date.UTC(year, month - 1, day, hour, minute, second);
    const reading = eleventyUrl(
      eleventyProjectOf(ctx.config),
      {
        inInput: post.eleventy.template.inInput,
        permalinkCode: post.eleventy.template.cascade.permalinkCode,
      },
      input.fields,
      date,
    );
    if ('url' in reading) return reading.url;
    const built = builtUrlOf(ctx, post, input);
    if (built !== undefined) return built;
    const why =
      reading.file === undefined
        ? `Folio does not read ${reading.unread}`
        : `${reading.file} works it out with code, which Folio does not run`;
    const unfound = ctx.built ? `, and no one page of ${ctx.built.folder} is titled as it is` : '';
    const note =
      reading.file === undefined || ctx.built
        ? {
            file: post.relative,
            line: 1,
            text: `its old URL cannot be worked out (${why}${unfound}): it gets its URL by the site's pattern, and its old one is not kept (add it under aliases: in the imported post)`,
          }
        : {
            file: reading.file,
            line: 1,
            text: "it works out its posts' permalinks with code, which Folio does not run: their old URLs are not known, so each gets its URL by the site's pattern (name the folder the blog's engine built with --built to find them there, or add each old one under aliases: in its post)",
          };
    if (!ctx.warnings.some(({ file, text }) => file === note.file && text === note.text))
      ctx.warnings.push(note);
    return undefined;
  }
  // The engine's own pages say where it put a post its rules place elsewhere: a slug sanitized
  // as another version of the engine did, or a permalink a plugin wrote.
  const checked = (url: string): string =>
    ctx.built && !ctx.built.has(url) ? (builtUrlOf(ctx, post, input) ?? url) : url;
  if (ctx.engine === 'jekyll')
    return checked(jekyllUrl(jekyllPattern(ctx.config, input.fields), input));
  if (ctx.engine === 'hexo') {
    const url = hexoUrl(ctx.config, input);
    if (typeof url === 'string') return checked(url);
    const built = builtUrlOf(ctx, post, input);
    if (built !== undefined) return built;
    ctx.warnings.push({
      file: post.relative,
      line: 1,
      text: `its old URL cannot be worked out: the blog's permalink names ${url.missing}, which its front matter does not give (add its old URL under aliases: in the imported post)`,
    });
    return undefined;
  }
  return checked(hugoPostUrl(ctx, post, input, ctx.hugoPaths.rules));
}

function hugoPostUrl(
  ctx: PlanContext,
  post: SourcePost,
  input: UrlInputs,
  rules: HugoPathRules,
): string {
  const url = hugoUrl(ctx.config, post.section, input, rules);
  // A post's own `url` is from the site's root; the others are under the language's.
  return stringOf(input.fields.url) !== undefined ? url : `${ctx.urlPrefix}${url}`;
}

/** The URL of the page the blog's engine built for `post`, where the import was given the site. */
function builtUrlOf(ctx: PlanContext, post: SourcePost, input: UrlInputs): string | undefined {
  const title = stringOf(input.fields.title);
  if (!ctx.built || title === undefined) return undefined;
  return ctx.built.urlOf({ title, day: wallDay(input.wall), slug: post.fileTitle });
}

/**
 * The blog's address with its path: Hugo's `baseURL`; Jekyll's `url` and `baseurl`; Hexo's `url`,
 * which its docs ask to carry the path of `root`, given it where it does not.
 */
function blogAddress(engine: EngineName, config: Record<string, unknown>): string | undefined {
  if (engine === 'hugo') return stringOf(config.baseURL) ?? stringOf(config.baseurl);
  const url = stringOf(config.url);
  const below = blogSubPath(engine, config);
  if (url === undefined || below === '' || basePathOf(url) !== '') return url;
  return `${url.replace(/\/+$/, '')}${below}`;
}

/** The path Jekyll's `baseurl` or Hexo's `root` publishes the blog under (`/lil-log`), or ''. */
function blogSubPath(engine: EngineName, config: Record<string, unknown>): string {
  if (engine === 'hugo') return '';
  const below = stringOf(engine === 'jekyll' ? config.baseurl : config.root)?.replace(/\/+$/, '');
  return !below ? '' : `${below.startsWith('/') ? '' : '/'}${below}`;
}

/**
 * The host a blog with no absolute URL in its config is published at, and what says so: the
 * `CNAME` file of a GitHub Pages blog, else a folder named as a GitHub Pages site of a user or an
 * organisation is (`jane.github.io`), which GitHub publishes at that host.
 */
function hostOf(
  source: string,
  engine: EngineName,
  config: Record<string, unknown>,
): { readonly host: string; readonly from: string } | undefined {
  const named = cnameOf(source, engine, config);
  if (named !== undefined) return { host: named, from: 'its CNAME file' };
  const folder = basename(resolve(source)).toLowerCase();
  return /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.github\.io$/.test(folder)
    ? { host: folder, from: "the name of its folder, a GitHub Pages site's" }
    : undefined;
}

/** The host a GitHub Pages blog's `CNAME` file names, where the blog publishes one. */
function cnameOf(
  source: string,
  engine: EngineName,
  config: Record<string, unknown>,
): string | undefined {
  const folder =
    engine === 'jekyll'
      ? ''
      : engine === 'hexo'
        ? 'source'
        : engine === 'eleventy'
          ? eleventyProjectOf(config).input
          : 'static';
  try {
    const host = (readInsideBlog(source, join(source, folder, 'CNAME')) ?? '')
      .trim()
      .split(/\s+/)[0];
    return host && /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(host) ? host.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

function enginePattern(
  engine: EngineName,
  config: Record<string, unknown>,
  mainSections?: readonly string[],
): string | undefined {
  if (engine === 'eleventy') return undefined;
  if (engine === 'jekyll')
    return jekyllPattern(config, withJekyllDefaults(config, 'posts', '_posts/', {}));
  if (engine === 'hexo')
    return typeof config.permalink === 'string' ? config.permalink : ':year/:month/:day/:title/';
  // Hugo's pattern for the posts' section; one keyed by a taxonomy (`tags: /tags/:slug/`) is
  // its terms' own.
  const permalinks = isRecord(config.permalinks) ? config.permalinks : {};
  const pages = isRecord(permalinks.page) ? permalinks.page : {};
  const pattern = (mainSections ?? [])
    .map((section) => permalinks[section] ?? pages[section])
    .find((value) => typeof value === 'string');
  return typeof pattern === 'string' ? pattern : undefined;
}

/** The post files of the blog, drafts included, each with what its place in the blog says. */
function listPosts(
  source: string,
  engine: EngineName,
  config: Record<string, unknown>,
  passedOver: PassedOver[],
  hugo: HugoLanguages,
  content: HugoContent | undefined,
  skipped: ImportNote[],
): SourcePost[] {
  if (engine === 'jekyll') return listJekyllPosts(source, config, passedOver, skipped);
  if (engine === 'hexo') return listHexoPosts(source, config, passedOver);
  if (engine === 'eleventy') return listEleventyPosts(source, config, passedOver);
  return listHugoPosts(source, content, passedOver, hugo, skipped);
}

/**
 * An Eleventy blog's posts (see `postCollection`), each by its path from the folder that holds
 * them all, so that `posts/a.md` is imported as `content/posts/a.md`; a post that is its folder's
 * page (`blog/trip/index.md`, `blog/trip/trip.md`) brings the folder's files with it.
 */
function listEleventyPosts(
  source: string,
  config: Record<string, unknown>,
  passedOver: PassedOver[],
): SourcePost[] {
  const { templates, posts, collectionTags } = eleventyReading(source, config, passedOver);
  const folders = posts.map(({ inInput }) => posix.dirname(inInput).split('/'));
  const shared: string[] = [];
  for (const [i, part] of (folders[0] ?? []).entries()) {
    if (part === '.' || !folders.every((folder) => folder[i] === part)) break;
    shared.push(part);
  }
  const templateFolders = new Set(templates.map(({ file }) => dirname(file)));
  return posts.map((template) => {
    const stem = posix.basename(template.inInput).replace(MARKDOWN, '');
    const folder = dirname(template.file);
    const ownFolder =
      (stem === 'index' || stem === basename(folder)) &&
      templates.filter((other) => dirname(other.file) === folder).length === 1 &&
      ![...templateFolders].some((other) => other.startsWith(folder + sep));
    const fromShared = template.inInput.split('/').slice(shared.length).join('/');
    return {
      relative: template.relative,
      file: template.file,
      inPosts:
        ownFolder && stem !== 'index' ? fromShared.replace(/[^/]*$/, 'index.md') : fromShared,
      draft: template.front.permalink === false || template.cascade.fields.permalink === false,
      folderCategories: [],
      nameDate: /^(\d{4}-\d{2}-\d{2})/.exec(stem)?.[1],
      fileTitle: fileSlugOf(template.inInput),
      assets: ownFolder ? folder : undefined,
      bundle: ownFolder,
      section: 'posts',
      eleventy: {
        template,
        tags: template.cascade.tags.filter((tag) => !collectionTags.has(tag)),
      },
    };
  });
}

// An image's path from the root in a body, as a Markdown destination or an HTML `src`.
const ROOTED_IMAGE = /(?:\]\(|\bsrc=["']?)(\/[^\s"'()<>?#]+\.(?:png|jpe?g|gif|webp|avif|svg))/gi;

/**
 * Images the bodies name from the site's root that no copy of the config published: a build step
 * beside Eleventy made them (Parcel, a script, an image plugin). Each that one file of the blog
 * bears the name of is copied to the path named; returns how many.
 */
function imagesFoundByName(
  source: string,
  config: Record<string, unknown>,
  files: SiteFiles,
  warnings: ImportNote[],
): number {
  const wanted = new Set<string>();
  for (const [path, { text }] of files) {
    if (text === undefined || !path.startsWith('content/')) continue;
    for (const [, image = ''] of text.matchAll(ROOTED_IMAGE)) {
      let decoded = image;
      try {
        decoded = decodeURI(image);
      } catch {
        // A malformed escape: the path as written.
      }
      const normal = posix.normalize(decoded);
      if (normal.split('/').includes('..') || normal !== decoded) continue;
      if (!files.has(`static${decoded}`)) wanted.add(decoded);
    }
  }
  if (wanted.size === 0) return 0;
  const output = eleventyProjectOf(config).output;
  const byName = new Map<string, BlogFile[]>();
  const all = walk(source, source, (name) => isEleventySkipped(name) || name === output, []);
  for (const file of all) {
    const name = basename(file.relative);
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  let found = 0;
  const from = new Set<string>();
  for (const path of wanted) {
    const candidates = byName.get(basename(path)) ?? [];
    const [only] = candidates;
    if (candidates.length !== 1 || only === undefined || !readable(only.file)) continue;
    files.set(`static${path}`, { from: only.file });
    from.add(posix.dirname(only.relative));
    found++;
  }
  if (found > 0)
    warnings.push({
      file: [...from].join(', '),
      line: 1,
      text: `${count(found, 'image')} the posts name from the site's root, which the config does not copy (a build step beside Eleventy published them), found by name here and copied to static/ at the paths named`,
    });
  return found;
}

/**
 * The names of an Eleventy blog's collections that are no post's tag: `all`, those its config
 * makes, and the tags that only mark a kind of file (`posts`, `page`).
 */
function eleventyCollections(source: string, config: Record<string, unknown>): string[] {
  const project = eleventyProjectOf(config);
  const { templates, posts, collectionTags } = eleventyReading(source, config);
  const postTags = new Set(posts.flatMap(({ cascade }) => cascade.tags));
  for (const tag of collectionTags) postTags.delete(tag);
  const marks = templates
    .flatMap(({ cascade }) => cascade.tags)
    .filter((tag) => !postTags.has(tag));
  return [...new Set(['all', ...collectionTags, ...project.collections.keys(), ...marks])];
}

/** What Eleventy never reads: hidden files and packages; a folder of `_` is read as any other. */
const isEleventySkipped = (name: string): boolean =>
  name.startsWith('.') || name === 'node_modules';

/** What an import reads of an Eleventy blog's input folder, once (see `eleventyReading`). */
interface EleventyReading {
  /** Its files, but those its `.eleventyignore` names. */
  readonly files: readonly BlogFile[];
  /** Its Markdown templates, each with its data cascade. */
  readonly templates: readonly EleventyTemplate[];
  readonly posts: readonly EleventyTemplate[];
  readonly collectionTags: ReadonlySet<string>;
}

const eleventyReadings = new WeakMap<object, EleventyReading>();

/**
 * The input folder of the Eleventy blog whose config is `config`, walked and its templates read
 * once per import: posts, pages, lists, feeds and tag pages all ask for it. A link out of the
 * blog met on the walk is added to `passedOver`.
 */
function eleventyReading(
  source: string,
  config: Record<string, unknown>,
  passedOver: PassedOver[] = [],
): EleventyReading {
  const kept = eleventyReadings.get(config);
  if (kept) return kept;
  const project = eleventyProjectOf(config);
  const root = join(source, project.input);
  const files = existsSync(root)
    ? walk(source, root, isEleventySkipped, passedOver).filter(
        ({ relative }) => !project.ignored.some((ignored) => ignored.test(relative)),
      )
    : [];
  const templates = eleventyTemplates(source, project, files);
  const { posts, collectionTags } = postCollection(templates, project);
  const reading = { files, templates, posts, collectionTags };
  eleventyReadings.set(config, reading);
  return reading;
}

/**
 * The pattern most posts' old URLs show (`/2019/05/title/`), written as engines write theirs
 * (`/:year/:month/:slug/`), read into Folio's where it has a reading.
 */
function patternShown(plans: readonly PlannedPost[], timezone: string): string | undefined {
  const shapes = plans.flatMap((plan) => {
    if (plan.oldUrl === undefined) return [];
    const wall = DateTime.fromMillis(plan.date, { zone: timezone });
    const values: Record<string, string> = {
      [plan.slug.toLowerCase()]: ':slug',
      [String(wall.year)]: ':year',
      [String(wall.month).padStart(2, '0')]: ':month',
      [String(wall.day).padStart(2, '0')]: ':day',
    };
    const shape = plan.oldUrl
      .split('/')
      .map((part) => values[part.replace(/\.html$/, '').toLowerCase()] ?? part)
      .join('/');
    // A shape of spaces or other marks is no URL pattern (a date written out, `02 January 2020`).
    return shape.includes(':slug') && /^[\w\-./:~%]+$/.test(shape) ? [shape] : [];
  });
  return folioPattern(mostCommon(shapes));
}

function listJekyllPosts(
  source: string,
  config: Record<string, unknown>,
  passedOver: PassedOver[],
  skipped: ImportNote[],
): SourcePost[] {
  const posts: SourcePost[] = [];
  const excluded = jekyllExcluded(config);
  const files = walk(
    source,
    source,
    (name, isFolder, relative) =>
      (isFolder && (name.startsWith('.') || ['node_modules', 'vendor', '_site'].includes(name))) ||
      excluded(relative, isFolder),
    passedOver,
  );
  for (const file of files) {
    const match = /(?:^|\/)(_posts|_drafts)\/(.*)$/.exec(file.relative);
    if (!match) continue;
    const html = HTML_POST.test(file.relative);
    // jekyll-org's posts are in Org; a plugin's for Textile or AsciiDoc, Folio cannot read.
    if (/\.(?:textile|adoc|asciidoc)$/i.test(file.relative) && opensWithFrontMatter(file.file)) {
      skipped.push(unreadableMarkup(file));
      continue;
    }
    if (
      !MARKDOWN.test(file.relative) &&
      !ORG.test(file.relative) &&
      !(html && hasFrontMatter(file.file))
    )
      continue;
    const [, kind, inPosts = ''] = match;
    // Jekyll reads no file or folder named as its own (`_template.md`), hidden, or a backup.
    if (inPosts.split('/').some((part) => /^[_.#]|~$/.test(part))) continue;
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
      fileTitle: dated ? (dated[4] ?? name) : name.replace(POST_FILE_KIND, ''),
      assets: undefined,
      bundle: false,
      section: 'posts',
      ...(html && { html }),
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
  const readName = hexoFileNames(config);
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
      // A `new_post_name` of folders reads the whole path; one of a name, the file's name.
      const folder = posix.dirname(inPosts);
      const whole = readName?.(inPosts);
      const inFolder = whole ? undefined : readName?.(posix.basename(inPosts));
      const named = whole ?? inFolder;
      posts.push({
        ...file,
        inPosts,
        draft,
        folderCategories: [],
        nameDate: named?.date,
        fileTitle: whole
          ? whole.title
          : inFolder
            ? `${folder === '.' ? '' : `${folder}/`}${inFolder.title}`
            : inPosts.replace(MARKDOWN, ''),
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

/** Hugo's content folder for the imported language, its sections, and those that hold the posts. */
interface HugoContent {
  readonly contentDir: string;
  readonly sections: readonly string[];
  readonly main: readonly string[];
  /** Each section of posts and the category its posts take, where there are several. */
  readonly sectionCategories: ReadonlyMap<string, string>;
  /** The front matter of each section of posts' list page, which may ask for old paths. */
  readonly sectionLists: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  /**
   * The sections inside sections of posts (`posts/life/`, a folder with an `_index.md`), by their
   * path under the content folder, and the category the posts under each take: Hugo served each
   * as a list of its own.
   */
  readonly nestedSections: ReadonlyMap<string, string>;
  /** The language of files that name none (`post.md`). */
  readonly unmarkedLanguage: string;
  /** The languages the config knows, which alone a file's name can give (`post.ko.md`). */
  readonly languages: ReadonlySet<string>;
}

/**
 * Hugo's content in the imported language: by its file name (`post.ko.md`), or by the language's
 * own content folder (`languages.ko.contentDir`), where files without a language are its own.
 * Undefined when the content folder cannot be read.
 */
function hugoContent(
  source: string,
  config: Record<string, unknown>,
  passedOver: PassedOver[],
  languages: HugoLanguages,
): HugoContent | undefined {
  const ownFolder = hugoLanguageFolders(config);
  const language = languages.imported;
  const folder = ownFolder.get(language);
  const contentDir = join(source, folder ?? stringOf(config.contentDir) ?? 'content');
  for (const [other, otherFolder] of ownFolder) {
    if (other === language || otherFolder === folder) continue;
    const posts = walk(source, join(source, otherFolder), () => false, []).filter((file) =>
      MARKDOWN.test(file.relative),
    ).length;
    if (posts > 0) languages.others.set(other, (languages.others.get(other) ?? 0) + posts);
  }
  let sections: string[];
  try {
    sections = readdirSync(contentDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    if (existsSync(contentDir))
      passedOver.push({ relative: relative(source, contentDir), why: 'unreadable' });
    return undefined;
  }
  const params = isRecord(config.params) ? config.params : {};
  const declared = namesOf(params.mainSections ?? params.mainsections, false).filter((name) =>
    sections.includes(name),
  );
  const usual = sections.filter((name) => ['posts', 'post', 'blog', 'articles'].includes(name));
  const dated = declared.length > 0 || usual.length > 0 ? [] : datedSections(source, contentDir);
  const main =
    declared.length > 0
      ? declared
      : usual.length > 0
        ? usual
        : dated.length > 0
          ? dated
          : largestSection(contentDir, sections);
  const unmarkedLanguage = folder !== undefined ? language : hugoDefaultLanguage(config);
  const knownLanguages = new Set([
    hugoDefaultLanguage(config),
    ...Object.keys(isRecord(config.languages) ? config.languages : {}).map((name) =>
      name.toLowerCase(),
    ),
  ]);
  const content = {
    contentDir,
    sections,
    main,
    unmarkedLanguage,
    languages: knownLanguages,
  };
  const sectionCategories = new Map(
    main.length > 1
      ? main.map((section) => [section, sectionTitle(content, section, language)])
      : [],
  );
  const sectionLists = new Map(
    main.map((section) => [section, sectionListFields(content, section, language) ?? {}]),
  );
  return {
    ...content,
    sectionCategories,
    sectionLists,
    nestedSections: nestedSections(content, language),
  };
}

/**
 * The sections inside the main sections of a Hugo blog: every folder below one that has an
 * `_index.md` in the imported language (a folder without one is no section in Hugo, and its pages
 * are its parent's), by its path under the content folder, with the title of its list page.
 */
function nestedSections(
  content: Pick<HugoContent, 'contentDir' | 'main' | 'unmarkedLanguage' | 'languages'>,
  language: string,
): Map<string, string> {
  const nested = new Map<string, string>();
  for (const section of content.main) {
    const root = join(content.contentDir, section);
    for (const file of walk(root, root, (name) => name.startsWith('.'), [])) {
      const folder = dirname(file.file);
      if (folder === root || !MARKDOWN.test(file.file)) continue;
      const { bare, language: own } = hugoFileName(file.file, content);
      if (bare !== '_index' || own !== language) continue;
      const path = relative(content.contentDir, folder).split(sep).join('/');
      nested.set(path, sectionTitle(content, path, language));
    }
  }
  return nested;
}

/**
 * The sections of a Hugo blog that names no main sections, and has none of the usual names, whose
 * every page carries a date: a blog of notes by topic (`java/`, `vim/`) whose home page lists its
 * sections. Hugo put each such page in its feed and its tags' lists, as it does a post. A section
 * with a page that has no date (a page of links, an About) is a section of pages.
 */
function datedSections(source: string, contentDir: string): string[] {
  let folders;
  try {
    folders = readdirSync(contentDir, { withFileTypes: true });
  } catch {
    return [];
  }
  const dated: string[] = [];
  for (const folder of folders.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (!folder.isDirectory() || folder.name.startsWith('.')) continue;
    const root = join(contentDir, folder.name);
    const files = walk(source, root, (name) => name.startsWith('.'), []).filter(
      (file) => MARKDOWN.test(file.relative) && !/^_index\./.test(basename(file.file)),
    );
    // A folder with its own index.md is one page with its files, not a section.
    if (
      files.length === 0 ||
      files.some((file) => dirname(file.file) === root && /^index\./.test(basename(file.file)))
    )
      continue;
    if (files.every((file) => isDatedPage(file.file))) dated.push(folder.name);
  }
  return dated;
}

/** Whether a Hugo page's front matter gives it a date, or makes it a draft, which may have none. */
function isDatedPage(file: string): boolean {
  const fields = frontFields(file);
  return (
    fields !== undefined &&
    ((fields.date ?? fields.publishdate) !== undefined || isTrue(fields.draft))
  );
}

/** The document in `file`, read; none when the file cannot be read. */
function documentIn(file: string): ForeignDocument | UnreadableDocument | undefined {
  try {
    return readForeignDocument(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Whether the document in `file` has text below its front matter (or cannot be read so). */
function hasText(file: string): boolean {
  const document = documentIn(file);
  return document !== undefined && ('problem' in document || document.body.trim() !== '');
}

/** The front matter of a file, its keys lower-cased; none when it cannot be read. */
function frontFields(file: string): Record<string, unknown> | undefined {
  const document = documentIn(file);
  return document === undefined || 'problem' in document ? undefined : lowerKeys(document.fields);
}

/** Whether a front matter value is true, as YAML or as the string TOML-minded authors write. */
function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

/**
 * The category the posts of a Hugo section take when they name none: the title of the section's
 * list page (`java/_index.md`), else the folder's name (`posts/life` is `life`).
 */
function sectionTitle(
  content: Pick<HugoContent, 'contentDir' | 'unmarkedLanguage' | 'languages'>,
  section: string,
  language: string,
): string {
  const title = stringOf(sectionListFields(content, section, language)?.title);
  return title !== undefined && slugify(title) !== ''
    ? title.trim()
    : basename(join(content.contentDir, section));
}

/** The front matter of a Hugo section's list page (`posts/_index.md`) in `language`, if it has one. */
function sectionListFields(
  content: Pick<HugoContent, 'contentDir' | 'unmarkedLanguage' | 'languages'>,
  section: string,
  language: string,
): Record<string, unknown> | undefined {
  const folder = join(content.contentDir, section);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return undefined;
  }
  for (const name of names.sort()) {
    if (!MARKDOWN.test(name)) continue;
    const { bare, language: own } = hugoFileName(name, content);
    if (bare === '_index' && own === language) return frontFields(join(folder, name));
  }
  return undefined;
}

/**
 * A Hugo content file's name without its extension and language, and that language: one the
 * config knows, as Hugo reads no other from a name (`xomedia.io.org` is named so, in none).
 */
function hugoFileName(
  file: string,
  content: Pick<HugoContent, 'unmarkedLanguage' | 'languages'>,
): { bare: string; language: string } {
  const name = basename(file).replace(HUGO_CONTENT, '');
  const languageMatch = /^(.*)\.([^.]+)$/.exec(name);
  const language = languageMatch?.[2]?.toLowerCase();
  return language !== undefined && content.languages.has(language)
    ? { bare: languageMatch?.[1] ?? name, language }
    : { bare: name, language: content.unmarkedLanguage };
}

/** Hugo's posts in the imported language: the regular pages of its main sections. */
function listHugoPosts(
  source: string,
  content: HugoContent | undefined,
  passedOver: PassedOver[],
  languages: HugoLanguages,
  skipped: ImportNote[],
): SourcePost[] {
  const posts: SourcePost[] = [];
  if (content === undefined) return [];
  for (const section of content.main) {
    const root = join(content.contentDir, section);
    const files = walk(source, root, (name) => name.startsWith('.'), passedOver);
    // Hugo builds nothing under a section that is a draft: its posts are drafts here.
    const draftFolders = files
      .filter((file) => /^_index\./.test(basename(file.file)) && isDraftSection(file.file))
      .map((file) => dirname(file.file) + sep);
    for (const file of files) {
      if (!HUGO_CONTENT.test(file.relative) || /^_index\./.test(basename(file.file))) continue;
      // Hugo renders a post written in HTML as written, one in Org with its own renderer, which
      // the import follows, and one in AsciiDoc or reStructuredText with a converter Folio has
      // none of.
      const html = HTML_POST.test(file.relative);
      if (html && isWholeHtmlDocument(source, file.file)) continue;
      if (!html && !HUGO_MARKDOWN.test(file.relative) && !ORG.test(file.relative)) {
        skipped.push(unreadableMarkup(file));
        continue;
      }
      const inPosts = relative(root, file.file).split(sep).join('/');
      const { bare, language } = hugoFileName(file.file, content);
      if (language !== languages.imported) {
        languages.others.set(language, (languages.others.get(language) ?? 0) + 1);
        continue;
      }
      const bundle = bare === 'index';
      posts.push({
        ...file,
        inPosts,
        draft: draftFolders.some((folder) => file.file.startsWith(folder)),
        folderCategories: [],
        nameDate: undefined,
        fileTitle: bundle ? basename(dirname(file.file)) : bare,
        assets: bundle ? dirname(file.file) : undefined,
        bundle,
        section,
        sectionCategory:
          innermostSection(content, file.file) ?? content.sectionCategories.get(section),
        ...(html && { html }),
      });
    }
  }
  return posts;
}

/**
 * The category the list of each section of posts (`java/`) or section inside one (`posts/life/`)
 * now leads to: the one most of the posts under it are in, its own unless they name others or
 * sections inside it gave them theirs; none for a section without posts published.
 */
function listCategories(
  nested: ReadonlyMap<string, string>,
  published: readonly PlannedPost[],
): Map<string, string> {
  const lists = new Map<string, string>();
  for (const [path, own] of nested) {
    const counts = new Map<string, number>();
    for (const plan of published) {
      const category = plan.categories[0] ?? plan.source.sectionCategory;
      if (category === undefined) continue;
      if (!`${plan.source.section}/${plan.source.inPosts}`.startsWith(`${path}/`)) continue;
      counts.set(category, (counts.get(category) ?? 0) + 1);
    }
    let best: string | undefined;
    for (const [category, posts] of counts) {
      const most = best === undefined ? 0 : (counts.get(best) ?? 0);
      if (posts > most || (posts === most && category === own)) best = category;
    }
    if (best !== undefined) lists.set(path, best);
  }
  return lists;
}

/** The category of the innermost section inside a main section that `file` is under, if any. */
function innermostSection(content: HugoContent, file: string): string | undefined {
  const folders = relative(content.contentDir, dirname(file)).split(sep);
  for (let depth = folders.length; depth > 1; depth--) {
    const category = content.nestedSections.get(folders.slice(0, depth).join('/'));
    if (category !== undefined) return category;
  }
  return undefined;
}

/** Whether a Hugo section's `_index.md` makes it a draft, itself or by its `cascade`. */
function isDraftSection(file: string): boolean {
  const fields = frontFields(file);
  if (fields === undefined) return false;
  const cascade = isRecord(fields.cascade) ? lowerKeys(fields.cascade) : {};
  return [fields.draft, cascade.draft].some(isTrue);
}

/** Hugo's default content language, lower-cased as languages are compared. */
function hugoDefaultLanguage(config: Record<string, unknown>): string {
  return (stringOf(config.defaultContentLanguage) ?? 'en').toLowerCase();
}

/**
 * The settings of a Hugo site as the language `language` sees them: what its entry under
 * `languages` sets (its title, its `params.description`) over the site's own.
 */
function hugoLanguageConfig(
  config: Record<string, unknown>,
  language: string,
): Record<string, unknown> {
  const languages = isRecord(config.languages) ? config.languages : {};
  const entry = Object.entries(languages).find(([name]) => name.toLowerCase() === language)?.[1];
  if (!isRecord(entry)) return config;
  const params = {
    ...(isRecord(config.params) ? config.params : {}),
    ...(isRecord(entry.params) ? entry.params : {}),
  };
  return { ...config, ...entry, params };
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
    let posts = 0;
    try {
      posts = readdirSync(join(contentDir, section), { recursive: true }).filter((name) =>
        MARKDOWN.test(String(name)),
      ).length;
    } catch {
      // An unreadable section is reported by the walk that reads posts.
    }
    if (posts > most) {
      most = posts;
      best = section;
    }
  }
  return best ? [best] : [];
}

/** A file the blog publishes from its folder, and its path there (from `source/` for Hexo). */
interface PublishedFile extends BlogFile {
  readonly to: string;
}

/**
 * The files of the folder the blog publishes: Jekyll's own folder, Hexo's `source/`, Hugo's
 * `static/`, leaving out what the engine leaves out. Pages are among them, beside the files
 * copied as they are.
 */
function publishedFiles(
  source: string,
  engine: EngineName,
  config: Record<string, unknown>,
  passedOver: PassedOver[],
  hugoLanguage: HugoLanguageServed,
): PublishedFile[] {
  const to = (root: string) => (file: BlogFile) => ({
    ...file,
    to: relative(root, file.file).split(sep).join('/'),
  });
  if (engine === 'eleventy') return passedThrough(source, eleventyProjectOf(config), passedOver);
  if (engine === 'hugo') {
    // Hugo copies all of static/, hidden files too (`.well-known/`, `.htaccess`).
    // `staticDir` may name several folders, copied one over the other.
    const folders = namesOf(config.staticDir ?? 'static', false).map((dir) => join(source, dir));
    const copied = folders.flatMap((root) =>
      existsSync(root) ? walk(source, root, isJunkName, passedOver).map(to(root)) : [],
    );
    return [...copied, ...hugoLooseFiles(source, config, passedOver, hugoLanguage)];
  }
  const root = engine === 'hexo' ? join(source, 'source') : source;
  const excluded = jekyllExcluded(config);
  // Jekyll's own default publishes an `.htaccess`; a blog's `include` replaces it.
  const included = includedNames(
    engine === 'jekyll' && config.include === undefined ? ['.htaccess'] : config.include,
  );
  const files = walk(
    source,
    root,
    (name, isFolder, relative) =>
      isJunkName(name) ||
      (isHiddenName(name) && !(included(name) && !(isFolder && name.startsWith('_')))) ||
      (engine === 'jekyll' && (NOT_PUBLISHED.has(name) || excluded(relative, isFolder))) ||
      (!isFolder && /^_config\./.test(name)),
    passedOver,
  );
  return files.map(to(root));
}

/** A post in a markup Folio cannot read (AsciiDoc, reStructuredText, Textile), left out. */
function unreadableMarkup(file: BlogFile): ImportNote {
  const extension = extname(file.relative).toLowerCase();
  const markup =
    extension === '.rst' ? 'reStructuredText' : extension === '.textile' ? 'Textile' : 'AsciiDoc';
  return {
    file: file.relative,
    line: 1,
    text: `left out: it is written in ${markup}, and Folio reads posts written in Markdown, HTML or Org (convert it, e.g. with \`pandoc --to gfm\`, and import again)`,
  };
}

const ORG = /\.org$/i;

// Hugo's Markdown, Pandoc's too, which Folio reads as CommonMark.
const HUGO_MARKDOWN = /\.(?:md|markdown|mdown|mkd|mkdn|pandoc|pdc)$/i;

// The files Hugo renders as pages, rather than copying.
const HUGO_CONTENT = /\.(?:md|markdown|mdown|mkd|mkdn|html?|org|adoc|asciidoc|ad|rst|pandoc|pdc)$/i;

/**
 * The files of content/ that are no page and in no leaf bundle (whose files go with its page):
 * Hugo publishes each at its path, `content/posts/first/photo.png` at `/posts/first/photo.png`,
 * where a post beside it links to it.
 */
function hugoLooseFiles(
  source: string,
  config: Record<string, unknown>,
  passedOver: PassedOver[],
  { language, urlPrefix }: HugoLanguageServed,
): PublishedFile[] {
  // A language of its own folder (`content/ja`) publishes its files under its path (`/ja/…` for
  // another than the default); the folders of the languages not imported are not read.
  const folders = hugoLanguageFolders(config);
  const root = join(source, folders.get(language) ?? stringOf(config.contentDir) ?? 'content');
  if (!existsSync(root)) return [];
  const others = [...folders]
    .filter(([other]) => other !== language)
    .map(([, folder]) => join(source, folder) + sep)
    // Only those inside the folder read: one that holds it is the default language's own.
    .filter((folder) => folder.startsWith(root + sep));
  const files = walk(source, root, (name) => name.startsWith('.'), passedOver).filter(
    (file) => !others.some((folder) => file.file.startsWith(folder)),
  );
  const bundles = files
    .filter((file) => HUGO_CONTENT.test(file.file) && /^index\./.test(basename(file.file)))
    .map((file) => dirname(file.file) + sep);
  const under = urlPrefix === '' ? '' : `${urlPrefix.slice(1)}/`;
  return files
    .filter(
      (file) =>
        (!HUGO_CONTENT.test(file.file) || isWholeHtmlDocument(source, file.file)) &&
        !bundles.some((folder) => file.file.startsWith(folder)),
    )
    .map((file) => ({ ...file, to: under + relative(root, file.file).split(sep).join('/') }));
}

/**
 * Whether a content file of Hugo's is a whole HTML document with no front matter
 * (`<!DOCTYPE html>…`): Hugo published it as it is, at its path, as a file is.
 */
function isWholeHtmlDocument(source: string, file: string): boolean {
  if (!/\.html?$/i.test(file)) return false;
  const start = readInsideBlog(source, file)
    ?.slice(0, 200)
    .replace(/^\uFEFF?\s*/, '');
  return start !== undefined && /^<(?:!doctype html|html)[\s>]/i.test(start);
}

/** The language of a Hugo blog the import reads, and the path Hugo served it under (`/ko`). */
interface HugoLanguageServed {
  readonly language: string;
  readonly urlPrefix: string;
}

/**
 * A post's categories as paths: those of its folders, then its front matter's (Jekyll splits a
 * string of them at spaces); Hexo reads a list of lists as one path each.
 */
function categoryPathsOf(
  engine: EngineName,
  folderCategories: readonly string[],
  written: unknown,
): string[][] {
  if (engine === 'hexo' && Array.isArray(written) && written.some(Array.isArray)) {
    const paths = written.map((item) => namesOf(item, false)).filter((path) => path.length > 0);
    return folderCategories.length > 0 ? [[...folderCategories], ...paths] : paths;
  }
  return [[...folderCategories, ...namesOf(written, engine === 'jekyll')]];
}

/** The folders a page of each tag and of each category was written into, where one was. */
interface TermPageFolders {
  readonly tag?: string | undefined;
  readonly category?: string | undefined;
}

/**
 * Where a Jekyll blog's own plugins wrote a page for each tag or category, as the generator of
 * Jekyll's docs does (`File.join('tag', tag)`, or `site.config['category_dir'] || 'categories'`).
 */
function jekyllTermPageFolders(source: string, config: Record<string, unknown>): TermPageFolders {
  const folder = join(jekyllSourceFolder(source, config), '_plugins');
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.rb'));
  } catch {
    return {};
  }
  const code = names.map((name) => readInsideBlog(source, join(folder, name)) ?? '').join('\n');
  const folderOf = (kind: 'tag' | 'category'): string | undefined => {
    const written =
      [...code.matchAll(PLUGIN_TERM_FOLDER)].find((match) => match[2] === kind)?.[1] ??
      [...code.matchAll(PLUGIN_TERM_DIR)]
        .filter((match) => match[1] === kind)
        .map((match) => stringOf(config[`${kind}_dir`]) ?? match[2])[0];
    const dir = written?.replace(/^\/+|\/+$/g, '');
    return dir !== undefined && /^[\w./-]+$/.test(dir) ? dir : undefined;
  };
  return { tag: folderOf('tag'), category: folderOf('category') };
}

// `File.join('tag', tag)` and `site.config['tag_dir'] || 'tags'` in a generator's code.
const PLUGIN_TERM_FOLDER = /File\.join\(\s*['"]([^'"]+)['"]\s*,\s*(tag|category)\s*\)/g;
const PLUGIN_TERM_DIR = /\[\s*['"](tag|category)_dir['"]\s*\]\s*\|\|\s*['"]([^'"]+)['"]/g;

/** The folder Jekyll reads a blog from: its config's `source`, when that is a folder inside it. */
function jekyllSourceFolder(blogDir: string, config: Record<string, unknown>): string {
  const named = stringOf(config.source);
  if (named === undefined) return blogDir;
  const folder = resolve(blogDir, named);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return blogDir;
  // Read only inside the blog, as every file of it is, a link named so included.
  const [real, root] = [realpathSync(folder), realpathSync(blogDir)];
  return real === root || real.startsWith(root + sep) ? folder : blogDir;
}

/**
 * Files no engine means to publish, though some copy them: a folder's own git and the files that
 * keep an empty folder in it, macOS's notes, Jekyll's cache.
 */
const isJunkName = (name: string): boolean =>
  [
    '.git',
    '.gitkeep',
    '.keep',
    '.gitignore',
    '.gitattributes',
    '.DS_Store',
    '.jekyll-cache',
  ].includes(name);

/**
 * Whether a hidden name is one that Jekyll's or Hexo's `include` publishes (`.well-known`,
 * `.htaccess`, `_redirects`, or a pattern such as `.well-known/**`), by the first part of each path
 * it lists.
 */
function includedNames(include: unknown): (name: string) => boolean {
  const firsts = namesOf(include, false).map(
    (entry) => entry.replace(/^(?:\.\/)+|^\/+/, '').split('/')[0] ?? '',
  );
  const patterns = firsts.filter((first) => first !== '').map((first) => globPattern(first));
  return (name) => patterns.some((pattern) => pattern.test(name));
}

/** Why a hidden file the blog published is left out, and what to do instead, if anything. */
function hiddenFileLeftOut(name: string): string {
  if (name === '.nojekyll')
    return 'left out: not needed, as the GitHub Pages workflow of folio init publishes the built site with no Jekyll step to turn off';
  const hint =
    name === '.htaccess' ? " (put what .htaccess sets into your server's or host's settings)" : '';
  return `left out: Folio publishes no hidden file but those in .well-known/${hint}`;
}

/**
 * Whether a file the blog publishes is one Folio keeps from readers, as it does every hidden file
 * of static/ but those in `.well-known/`.
 */
function isHiddenFromReaders(to: string): boolean {
  return to.split('/').some(isHiddenStaticName);
}

/**
 * The files an Eleventy config copies into the site as they are (`addPassthroughCopy`), each
 * where the copy put it.
 */
function passedThrough(
  source: string,
  project: EleventyProject,
  passedOver: PassedOver[],
): PublishedFile[] {
  const copied = new Map<string, PublishedFile>();
  for (const copy of project.passthrough) {
    const base = copy.matches ? globBase(copy.from) : copy.from;
    const path = join(source, base);
    // A glob with no folder before it (`*.png`) looks through the whole blog.
    if ((base === '' && !copy.matches) || !existsSync(path)) continue;
    // A file copied on its own is read only from inside the blog, as `walk` reads a folder's.
    const real = realpathSync(path);
    const root = realpathSync(source);
    if (real !== root && !real.startsWith(root + sep)) {
      passedOver.push({ relative: base, why: 'outside' });
      continue;
    }
    // Eleventy copies hidden files too (`.well-known/`), but never its own output back in.
    const files = statSync(path).isDirectory()
      ? walk(
          source,
          path,
          (name) => isJunkName(name) || name === 'node_modules',
          passedOver,
        ).filter(({ relative }) => !relative.startsWith(`${project.output}/`))
      : [{ relative: base, file: path }];
    for (const file of files) {
      if (!isCopied(copy, file.relative)) continue;
      copied.set(file.relative, { ...file, to: copiedTo(copy, file.relative, project.input) });
    }
  }
  return [...copied.values()];
}

/**
 * The files the blog copies as they are: not Markdown, no front matter (Hugo: all of static/;
 * Eleventy: what its config copies).
 */
function staticFiles(engine: EngineName, published: readonly PublishedFile[]): PublishedFile[] {
  if (engine === 'hugo' || engine === 'eleventy') return [...published];
  return published.filter((file) => !MARKDOWN.test(file.file) && !hasFrontMatter(file.file));
}

/** Whether a file starts with front matter: a page or layout the engine renders, not a file it copies. */
function hasFrontMatter(file: string): boolean {
  return (
    /\.(?:html?|xml|txt|json|css|scss|sass|js|ya?ml)$/i.test(file) && opensWithFrontMatter(file)
  );
}

function opensWithFrontMatter(file: string): boolean {
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
/** A post another one links to: where it is now, and its title. */
interface LinkedPost {
  readonly url: string;
  readonly title: string;
}

/**
 * How a body finds what it names wherever it stands: the posts, by what finds them by name, and
 * the images of the blog's own shortcodes.
 */
function blogLinks(blog: {
  source: string;
  engine: EngineName;
  config: Record<string, unknown>;
  post: (reference: string) => LinkedPost | undefined;
  shortcodeImage: BodyLinks['shortcodeImage'];
}): Pick<BodyLinks, 'postUrl' | 'postTitle' | 'shortcodeImage' | 'setting' | 'codeFile'> {
  return {
    postUrl: (reference) => blog.post(reference)?.url,
    postTitle: (reference) => blog.post(reference)?.title,
    ...(blog.shortcodeImage ? { shortcodeImage: blog.shortcodeImage } : {}),
    // Liquid's `site` is the config of a Jekyll blog.
    ...(blog.engine === 'jekyll'
      ? { setting: (path: string) => settingText(blog.config, path) }
      : {}),
    ...(blog.engine === 'hexo' ? { codeFile: hexoCodeFile(blog.source, blog.config) } : {}),
  };
}

/**
 * The text of a file of a Hexo blog's folder of code (`code_dir` under `source/`, by default
 * `downloads/code`), by its path there. None for a path that leads out of that folder, by `..` or
 * by a link, whatever else the blog holds (its settings, `.env`) or the machine: an import never
 * publishes it.
 */
function hexoCodeFile(
  source: string,
  config: Record<string, unknown>,
): (path: string) => string | undefined {
  const folder = join(source, 'source', stringOf(config.code_dir) ?? 'downloads/code');
  // The code folder is the folder it reads inside of.
  return (path) => readInsideBlog(folder, resolve(folder, path));
}

/** The setting at a dotted `path` of `config`, when it is a string or a number. */
function settingText(config: Record<string, unknown>, path: string): string | undefined {
  // As Liquid reads it, key by key in their case (`at` would take any case).
  const value = path
    .split('.')
    .reduce<unknown>((found, key) => (isRecord(found) ? found[key] : undefined), config);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value : undefined;
}

/**
 * The images a Hugo blog's own shortcodes read from its `assets/` folder (`resources.Get`), which
 * Hugo published at the path they have there: such an image is served from the root at that path
 * again, its file set to be copied to static/ (`files`, by where it goes).
 */
function hugoAssetImages(
  source: string,
  config: Record<string, unknown>,
): { resolve: NonNullable<BodyLinks['shortcodeImage']>; files: Map<string, string> } {
  const assets = join(source, stringOf(config.assetDir) ?? 'assets');
  const themes = namesOf(config.theme, false);
  const readsAssets = new Map<string, boolean>();
  const templateReadsAssets = (shortcode: string): boolean => {
    const known = readsAssets.get(shortcode);
    if (known !== undefined) return known;
    const templates = [source, ...themes.map((theme) => join(source, 'themes', theme))].map(
      (root) => join(root, 'layouts', 'shortcodes', `${shortcode}.html`),
    );
    // The blog's own template stands over its theme's.
    const template = templates.map(readTextOrUndefined).find((text) => text !== undefined);
    const reads = template !== undefined && /\bresources\.Get(?:Match)?\b/.test(template);
    readsAssets.set(shortcode, reads);
    return reads;
  };
  const files = new Map<string, string>();
  const resolve = (shortcode: string, src: string): string | undefined => {
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(src) || !templateReadsAssets(shortcode)) return undefined;
    const inAssets = src.replace(/^\/+/, '');
    const file = join(assets, inAssets);
    if (relative(assets, file).startsWith('..') || !existsSync(file)) return undefined;
    files.set(`static/${inAssets}`, file);
    return `/${inAssets.split('/').map(encodeURIComponent).join('/')}`;
  };
  return { resolve, files };
}

/**
 * The post or page a link names, by its file (`_posts/x.md`, `about.md`), its name or its slug:
 * posts first, then the blog's pages (`{% link _pages/start.md %}`, Hugo's `relref "about"`) at the
 * path Folio gives them, then the files of the theme's lists that Folio's indexes stand for
 * (`{% link _pages/posts.md %}` leads to /archives/).
 */
function postLookup(
  plans: readonly PlannedPost[],
  engine: EngineName,
  pattern: string,
  timezone: string,
  pages: readonly PlannedPage[],
  listFiles: ReadonlyMap<string, FolioIndex>,
  hugoRules: HugoPathRules,
): (reference: string) => LinkedPost | undefined {
  const byName = new Map<string, LinkedPost>();
  for (const plan of plans) {
    const url =
      typeof plan.front.url === 'string'
        ? (normalizeSitePath(plan.front.url) ?? '')
        : postPath(pattern, plan, timezone);
    const names = [
      ...(plan.source.eleventy ? [plan.source.eleventy.template.inInput] : []),
      plan.source.inPosts,
      plan.source.inPosts.replace(POST_FILE_KIND, ''),
      basename(plan.source.inPosts).replace(POST_FILE_KIND, ''),
      plan.source.relative,
      plan.source.fileTitle,
      plan.slug,
    ];
    if (engine === 'hugo')
      names.push(
        `${plan.source.section}/${plan.source.inPosts}`,
        `/${plan.source.section}/${plan.source.inPosts}`,
      );
    const linked = { url, title: stringOf(plan.front.title) ?? plan.slug };
    for (const name of names) if (!byName.has(name)) byName.set(name, linked);
  }
  for (const page of pages) {
    const file = page.source.relative;
    const linked = {
      url: `/${encodeURIComponent(page.slug)}/`,
      title: stringOf(page.front.title) ?? page.slug,
    };
    // By its name too, `about/index.md` by its folder's, as Hugo's `relref "about"` names it.
    const called = basename(file.replace(/\/_?index\.[^/]+$/, '')).replace(MARKDOWN, '');
    for (const name of [file, file.replace(MARKDOWN, ''), called]) {
      if (!byName.has(name)) byName.set(name, linked);
    }
  }
  for (const [file, index] of listFiles) {
    const linked = { url: `/${index}/`, title: index };
    for (const name of [file, file.replace(MARKDOWN, '')]) {
      if (!byName.has(name)) byName.set(name, linked);
    }
  }
  // Hugo finds a page by its path in any case, and a term's page by its taxonomy's name.
  const byLowerName = new Map<string, LinkedPost>();
  if (engine === 'hugo') {
    for (const [name, linked] of byName) {
      if (!byLowerName.has(name.toLowerCase())) byLowerName.set(name.toLowerCase(), linked);
    }
    // The lists of every tag and category; Folio has no list of every series.
    for (const list of ['tags', 'categories'])
      byLowerName.set(list, { url: `/${list}/`, title: list });
    for (const plan of plans) {
      const { tags, category, series } = plan.front;
      const terms: [string, unknown][] = [
        ...(Array.isArray(tags) ? tags : []).map((tag): [string, unknown] => ['tags', tag]),
        ['categories', category],
        ['series', series],
      ];
      for (const [list, term] of terms) {
        if (typeof term !== 'string' || slugify(term) === '') continue;
        const name = `${list}/${hugoSlug(term, hugoRules)}`.toLowerCase();
        if (!byLowerName.has(name))
          byLowerName.set(name, { url: folioTerm(list, term), title: term });
      }
    }
    // A post's later categories are its tags in Folio: the page of such a category is the tag's.
    for (const [name, linked] of [...byLowerName]) {
      const category = name.startsWith('tags/') ? `categories/${name.slice(5)}` : undefined;
      if (category !== undefined && !byLowerName.has(category)) byLowerName.set(category, linked);
    }
  }
  return (reference) => {
    const written = reference.trim().replace(/^["']|["']$/g, '');
    // The heading it leads to, which Folio's page of the post has too.
    const fragment = /#.*$/.exec(written)?.[0] ?? '';
    const clean = written.slice(0, written.length - fragment.length);
    const path = clean.replace(/^\/+|\/+$/g, '');
    // Hugo's `ref "#heading"` leads to a heading of the page it stands in.
    if (path === '' && fragment.length > 1) return { url: fragment, title: fragment.slice(1) };
    const found =
      byName.get(clean) ??
      byName.get(clean.replace(MARKDOWN, '')) ??
      byLowerName.get(path.toLowerCase()) ??
      byLowerName.get(path.replace(MARKDOWN, '').toLowerCase()) ??
      byName.get(basename(clean).replace(MARKDOWN, '')) ??
      byLowerName.get(basename(path).replace(MARKDOWN, '').toLowerCase());
    return found && fragment.length > 1 ? { ...found, url: `${found.url}${fragment}` } : found;
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

/**
 * A post written in HTML as a Markdown body that shows the same (see `htmlAsMarkdown`), its more
 * marker kept on a line of its own between the two blocks, where Folio ends the excerpt.
 */
function htmlPostAsMarkdown(html: string, title: string | undefined): string {
  const marker = html.indexOf('<!--more-->');
  if (marker === -1) return htmlAsMarkdown(html, title);
  const before = htmlAsMarkdown(html.slice(0, marker), title);
  const after = htmlAsMarkdown(html.slice(marker + '<!--more-->'.length), undefined);
  return `${before.trimEnd()}\n\n<!--more-->\n\n${after.trimStart()}`;
}

/** Hugo's taxonomies besides those Folio has, with terms in posts: their pages are not kept. */
function unkeptTaxonomies(
  config: Record<string, unknown>,
  posts: readonly Record<string, unknown>[],
  configFile: string,
): { notes: ImportNote[]; yearLists: { path: string; posts: number }[] } {
  const taxonomies = isRecord(config.taxonomies) ? Object.values(config.taxonomies) : [];
  const notes: ImportNote[] = [];
  const yearLists: { path: string; posts: number }[] = [];
  for (const taxonomy of taxonomies) {
    const plural = stringOf(taxonomy)?.toLowerCase();
    if (plural === undefined || Object.hasOwn(FOLIO_TERM_KINDS, plural)) continue;
    const termsOf = (fields: Record<string, unknown>): string[] => {
      const value = fields[plural];
      return (Array.isArray(value) ? value : [value]).flatMap((term) => stringOf(term) ?? []);
    };
    const terms = new Set(posts.flatMap(termsOf));
    if (terms.size === 0) continue;
    // A taxonomy of years (`archive: 2014`) is an archive by year, which Folio's /archives/ is.
    if ([...terms].every((term) => /^\d{4}$/.test(term.trim()))) {
      const held = (year: string) =>
        posts.filter((fields) => termsOf(fields).includes(year)).length;
      yearLists.push(
        { path: `/${plural}/`, posts: 0 },
        ...[...terms].map((year) => ({ path: `/${plural}/${year.trim()}/`, posts: held(year) })),
      );
      notes.push({
        file: configFile,
        line: 1,
        text: `the taxonomy "${plural}" sorts the posts by year: its ${count(terms.size + 1, 'page')} (/${plural}/…/) lead to /archives/, which lists them by year`,
      });
      continue;
    }
    notes.push({
      file: configFile,
      line: 1,
      text: `the taxonomy "${plural}" has no place in Folio: its ${count(terms.size, 'page')} (/${plural}/…/) are not kept and its terms are left out of the posts; add redirects in folio.config.yaml for those you want to keep`,
    });
  }
  return { notes, yearLists };
}

// The start of a feed's XML: RSS's root, or Atom's.
const FEED_ROOT = /<(rss|feed)\b/;

/**
 * The feeds a Jekyll or Hexo blog writes from templates of its own (`feed.xml` with Liquid in
 * it, front matter first): where each was published, and whether it is RSS or Atom.
 */
function feedTemplates(engine: EngineName, files: readonly PublishedFile[]): FeedTemplate[] {
  if (engine === 'hugo') return [];
  const templates: FeedTemplate[] = [];
  for (const file of files) {
    if (!/\.(?:xml|atom|rss)$/i.test(file.file) || !hasFrontMatter(file.file)) continue;
    const text = readTextOrUndefined(file.file);
    const root = text === undefined ? undefined : FEED_ROOT.exec(text);
    if (text === undefined || !root) continue;
    const permalink = /^permalink:\s*["']?([^\s"'#]+)/m.exec(
      text.slice(0, text.indexOf('\n---', 3)),
    );
    templates.push({
      url: permalink?.[1] ?? `/${file.to}`,
      format: root[1] === 'feed' ? 'atom' : 'rss',
    });
  }
  return templates;
}

/** A file of a Jekyll blog's `_data/`, `name.yml` or `name.yaml`, read; nothing when it has none. */
function readDataFile(source: string, name: string): unknown {
  for (const extension of ['yml', 'yaml']) {
    const text = readTextOrUndefined(join(source, '_data', `${name}.${extension}`));
    if (text === undefined) continue;
    try {
      return loadBlogYaml(text);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Redirects from the engine's category, tag, pagination and feed URLs to Folio's. */
function termRedirects(
  engine: EngineName,
  config: Record<string, unknown>,
  plans: readonly PlannedPost[],
  published: readonly PlannedPost[],
  timezone: string,
  feeds: FeedSources & {
    /** An Eleventy blog's templates of a page for each tag. */
    readonly termPages?: readonly TermPageTemplate[];
    /** The names of its collections that are no tag of a post (`all`, `posts`, `tagList`). */
    readonly collections?: readonly string[];
    /** The folders a Jekyll blog's own generator wrote a page of each tag or category into. */
    readonly generatedTermPages?: TermPageFolders;
  },
): Record<string, string> {
  const redirects: Record<string, string> = {};
  // The categories the blog gave, which had pages of their own there; not those Folio's posts
  // took from their sections.
  const categories = new Set<string>();
  const tags = new Set<string>();
  const folioCategories = new Set<string>();
  // Each as the blog wrote it, which its URLs kept: Folio may write it as another post did.
  const givenCategory = (plan: PlannedPost): string | undefined => {
    const category = plan.front.category;
    const given = plan.categories[0];
    return typeof category === 'string' &&
      given !== undefined &&
      slugify(given) === slugify(category)
      ? given
      : undefined;
  };
  for (const plan of plans) {
    const category = plan.front.category;
    if (typeof category === 'string') folioCategories.add(category);
    const given = givenCategory(plan);
    if (given !== undefined) categories.add(given);
    for (const tag of plan.blogTags) tags.add(tag);
  }
  // An old path that is one of Folio's own term pages or feeds would never redirect.
  const pages = new Set([
    ...[...folioCategories].map((name) => pathKey(folioTerm('categories', name))),
    ...[...tags].map((name) => pathKey(folioTerm('tags', name))),
    ...[...folioCategories].map((name) => pathKey(`${folioTerm('categories', name)}feed.xml`)),
    ...[...tags].map((name) => pathKey(`${folioTerm('tags', name)}feed.xml`)),
    ...ROOT_FILE_PATHS,
  ]);
  const add = (from: string, to: string): void => {
    // A path made of a name holds its `#` and `?` as characters of the name (`/tags/c#/`).
    const path = normalizeSitePath(from.replace(/[#?]/g, encodeURIComponent));
    if (path === undefined || pathKey(path) === pathKey(to) || pages.has(pathKey(path))) return;
    redirects[decodeForHumans(path)] = to;
  };
  // A post's categories after its first are its tags in Folio; the engines gave them pages too.
  const later = new Set(
    plans.flatMap((plan) => plan.categories.slice(1)).filter((name) => !categories.has(name)),
  );
  const termFeed: TermFeed = (kind, name) =>
    `${folioTerm(kind === 'category' ? 'categories' : 'tags', name)}feed.xml`;
  for (const [from, to] of oldFeeds(engine, config, { categories, tags, later }, termFeed, feeds))
    add(from, to);
  // The later pages of the engine's lists, which Folio shows whole on one page: a category's, a
  // tag's, Hexo's archive, Hugo's list of a section.
  const postsOf = (names: (plan: PlannedPost) => readonly string[]): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const plan of published)
      for (const name of names(plan)) counts.set(name, (counts.get(name) ?? 0) + 1);
    return counts;
  };
  const postsByCategory = postsOf((plan) => {
    const given = givenCategory(plan);
    return given === undefined ? [] : [given];
  });
  const postsByTag = postsOf((plan) => plan.blogTags);
  // The later pages of a list at `list` (`/tags/go/`), each a folder, or a file (Hugo's
  // `uglyURLs`: `/tags/go/page/2.html`); from the first, for Hugo, which wrote `/tags/go/page/1/`
  // to lead to the list.
  const laterPages = (
    list: string,
    posts: number,
    perPage: number | undefined,
    folder: string,
    to: string,
    { asFiles = false, first = 2 } = {},
  ): void => {
    if (perPage === undefined) return;
    for (let page = first; page <= Math.ceil(posts / perPage); page++)
      add(`${list}${folder}/${page}${asFiles ? '.html' : '/'}`, to);
  };
  // An Eleventy template of a page for each tag (`/tag/{{ tag | slug }}/`).
  // It paged every collection so, those that are no tag too (`all`, `posts`): each of those pages
  // listed posts, and leads to the archive.
  for (const page of feeds.termPages ?? []) {
    for (const tag of tags) {
      const url = termPageUrl(page, tag, eleventyProjectOf(config));
      if (url !== undefined) add(url, folioTerm('tags', tag));
    }
    for (const name of feeds.collections ?? []) {
      const url = termPageUrl(page, name, eleventyProjectOf(config));
      if (url !== undefined && !tags.has(name)) add(url, '/archives/');
    }
  }
  if (engine === 'hexo') {
    // Old URLs below the blog's `root`, which Folio's `url` carries (see `blogAddress`).
    const categoryDir = stringOf(config.category_dir) ?? 'categories';
    const tagDir = stringOf(config.tag_dir) ?? 'tags';
    const categoryMap = isRecord(config.category_map) ? config.category_map : {};
    const tagMap = isRecord(config.tag_map) ? config.tag_map : {};
    for (const name of categories)
      add(
        `/${categoryDir}/${hexoSlug(stringOf(categoryMap[name]) ?? name, config.filename_case)}/`,
        folioTerm('categories', name),
      );
    for (const name of tags)
      add(
        `/${tagDir}/${hexoSlug(stringOf(tagMap[name]) ?? name, config.filename_case)}/`,
        folioTerm('tags', name),
      );
    // Each generator's `per_page`, else the blog's (10); 0 lists every post on one page.
    const perPage = (generator: string): number | undefined => {
      const own = isRecord(config[generator]) ? config[generator].per_page : undefined;
      const count = Number(own ?? config.per_page ?? 10);
      return Number.isInteger(count) && count > 0 ? count : undefined;
    };
    const folder = stringOf(config.pagination_dir) ?? 'page';
    for (const [kind, dir, map, counts] of [
      ['categories', categoryDir, categoryMap, postsByCategory],
      ['tags', tagDir, tagMap, postsByTag],
    ] as const) {
      const pageSize = perPage(kind === 'tags' ? 'tag_generator' : 'category_generator');
      for (const [name, posts] of counts) {
        const slug = hexoSlug(stringOf(map[name]) ?? name, config.filename_case);
        laterPages(`/${dir}/${slug}/`, posts, pageSize, folder, folioTerm(kind, name));
      }
    }
    // Hexo's archives of a year and a month, `/archives/2019/05/`: Folio's one archive.
    const archiveDir = stringOf(config.archive_dir) ?? 'archives';
    laterPages(
      `/${archiveDir}/`,
      published.length,
      perPage('archive_generator'),
      folder,
      '/archives/',
    );
    // Each with its later pages, as the archive's.
    const postsByPeriod = postsOf((plan) => {
      const { year, month } = DateTime.fromMillis(plan.date, { zone: timezone });
      return [`${year}/`, `${year}/${String(month).padStart(2, '0')}/`];
    });
    for (const [period, posts] of postsByPeriod) {
      add(`/${archiveDir}/${period}`, '/archives/');
      laterPages(
        `/${archiveDir}/${period}`,
        posts,
        perPage('archive_generator'),
        folder,
        '/archives/',
      );
    }
    // Hexo's categories are a path, each under the one before: `/categories/Go/Web/`, with its
    // later pages too.
    const postsByPath = new Map<string, { posts: number; name: string }>();
    for (const plan of published) {
      for (const [index, names] of plan.categoryPaths.entries()) {
        const slugs = names.map((name) =>
          hexoSlug(stringOf(categoryMap[name]) ?? name, config.filename_case),
        );
        // The first of a later path is a page of its own too, unless a category of Folio's.
        const from = index > 0 && !categories.has(names[0] ?? '') ? 1 : 2;
        for (let depth = from; depth <= slugs.length; depth++) {
          const path = `/${categoryDir}/${slugs.slice(0, depth).join('/')}/`;
          const name = names[depth - 1] ?? '';
          postsByPath.set(path, { posts: (postsByPath.get(path)?.posts ?? 0) + 1, name });
        }
      }
    }
    const categoryPageSize = perPage('category_generator');
    for (const [path, { posts, name }] of postsByPath) {
      add(path, folioTerm('tags', name));
      laterPages(path, posts, categoryPageSize, folder, folioTerm('tags', name));
    }
  }
  if (engine === 'hugo') {
    // A list as Hugo served it, under its section or taxonomy: a folder, or a file with
    // `uglyURLs` (`/tags/go.html`), its later pages too.
    const served = (section: string, path: string): string => hugoServed(config, section, path);
    const asFiles = (section: string): boolean => served(section, '/x/') !== '/x/';
    for (const name of categories)
      add(
        served('categories', `/categories/${hugoSlug(name, feeds.hugoRules)}/`),
        folioTerm('categories', name),
      );
    for (const name of tags)
      add(served('tags', `/tags/${hugoSlug(name, feeds.hugoRules)}/`), folioTerm('tags', name));
    for (const name of later)
      add(
        served('categories', `/categories/${hugoSlug(name, feeds.hugoRules)}/`),
        folioTerm('tags', name),
      );
    const { perPage, folder } = hugoPagination(config);
    // A term written as one name holding commas had a page of its own: it leads to the page of
    // the first name Folio read in it.
    for (const plan of plans) {
      for (const { kind, name } of plan.joinedTerms) {
        const [first] = namesOf(name, false);
        if (first === undefined) continue;
        const taxonomy = kind === 'category' ? 'categories' : 'tags';
        const to =
          kind === 'category' && folioCategories.has(first)
            ? folioTerm('categories', first)
            : folioTerm('tags', first);
        add(served(taxonomy, `/${taxonomy}/${hugoSlug(name, feeds.hugoRules)}/`), to);
        add(`/${taxonomy}/${hugoSlug(name, feeds.hugoRules)}/${folder}/1/`, to);
      }
    }
    // The list of every tag or category, which Folio keeps at the same place as a folder.
    for (const taxonomy of ['categories', 'tags'])
      add(served(taxonomy, `/${taxonomy}/`), `/${taxonomy}/`);
    const pagesOf = (section: string) => ({ asFiles: asFiles(section), first: 1 });
    // A term's list held every post of it, by its slug (`Ruby` and `ruby` are one in Hugo), a
    // category's whether it came first or not.
    const bySlug = (counts: ReadonlyMap<string, number>): Map<string, [string, number]> => {
      const slugs = new Map<string, [string, number]>();
      for (const [name, posts] of counts) {
        const slug = hugoSlug(name, feeds.hugoRules);
        const [first, before] = slugs.get(slug) ?? [name, 0];
        slugs.set(slug, [first, before + posts]);
      }
      return slugs;
    };
    const categorySlugs = bySlug(postsOf((plan) => [...new Set(plan.categories)]));
    const tagSlugs = bySlug(postsByTag);
    // The list of every tag or category, where the theme paged it (hugo-theme-stack's
    // `/tags/page/2/`, by Hugo's page size): each page leads to that list.
    laterPages(
      '/categories/',
      categorySlugs.size,
      perPage,
      folder,
      '/categories/',
      pagesOf('categories'),
    );
    laterPages('/tags/', tagSlugs.size, perPage, folder, '/tags/', pagesOf('tags'));
    for (const [slug, [name, posts]] of categorySlugs)
      laterPages(
        `/categories/${slug}/`,
        posts,
        perPage,
        folder,
        categories.has(name) ? folioTerm('categories', name) : folioTerm('tags', name),
        pagesOf('categories'),
      );
    for (const [slug, [name, posts]] of tagSlugs)
      laterPages(
        `/tags/${slug}/`,
        posts,
        perPage,
        folder,
        folioTerm('tags', name),
        pagesOf('tags'),
      );
    // The list of a section of posts, every one of them: Folio's archive, or the category the
    // section's posts took.
    for (const section of feeds.sections) {
      const category = feeds.sectionCategories.get(section);
      const to = category === undefined ? '/archives/' : folioTerm('categories', category);
      const posts =
        category === undefined
          ? published.length
          : published.filter((plan) => plan.source.section === section).length;
      add(served(section, `${feeds.urlPrefix}/${section}/`), to);
      laterPages(`${feeds.urlPrefix}/${section}/`, posts, perPage, folder, to, pagesOf(section));
      // The old paths its list page asked for (`aliases = ["blog"]` of `post/_index.md`).
      const listFields = feeds.sectionLists?.get(section);
      if (listFields !== undefined)
        for (const alias of oldPathsAskedFor(listFields, `${feeds.urlPrefix}/${section}/`))
          add(alias, to);
    }
    // A section inside one, `posts/life/`: the list of the posts under it, which now leads to
    // the category most of them are in.
    for (const [path, category] of feeds.nestedSections) {
      const to = folioTerm('categories', category);
      const posts = published.filter((plan) =>
        `${plan.source.section}/${plan.source.inPosts}`.startsWith(`${path}/`),
      ).length;
      const section = path.split('/')[0] ?? path;
      const list = `${feeds.urlPrefix}${hugoSectionPath(config, path, feeds.hugoRules)}`;
      add(served(section, list), to);
      laterPages(list, posts, perPage, folder, to, pagesOf(section));
    }
    // The home page's later pages, which Folio keeps at `/page/2/` as folders: under another
    // folder (coderzh's `paginator`) or as files, they lead there.
    const homeAsFiles = config.uglyURLs === true;
    if (perPage !== undefined && (homeAsFiles || folder !== 'page')) {
      const folioPages = Math.max(
        1,
        Math.ceil(published.length / (importedPageSize(engine, config) ?? DEFAULT_PAGE_SIZE)),
      );
      for (let page = 1; page <= Math.ceil(published.length / perPage); page++) {
        const to = `/page/${Math.min(page, folioPages)}/`.replace('/page/1/', '/');
        add(`${feeds.urlPrefix}/${folder}/${page}${homeAsFiles ? '.html' : '/'}`, to);
      }
    }
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
    for (const name of later) {
      const from = archivePath('category', name);
      if (from) add(from, folioTerm('tags', name));
    }
    for (const name of tags) {
      const from = archivePath('tag', name);
      if (from) add(from, folioTerm('tags', name));
    }
    // A generator of the blog's own, as Jekyll's docs show one, wrote `tag/<name>/` for each.
    const { tag: tagFolder, category: categoryFolder } = feeds.generatedTermPages ?? {};
    if (tagFolder !== undefined)
      for (const name of tags) add(`/${tagFolder}/${name}/`, folioTerm('tags', name));
    if (categoryFolder !== undefined) {
      for (const name of categories)
        add(`/${categoryFolder}/${name}/`, folioTerm('categories', name));
      for (const name of later) add(`/${categoryFolder}/${name}/`, folioTerm('tags', name));
    }
    // jekyll-tagging writes a page for each tag once the config names a layout for them.
    const tagPages = stringOf(config.tag_page_dir);
    if (
      tagPages &&
      stringOf(config.tag_page_layout) &&
      usesJekyllPlugin(config, 'jekyll/tagging')
    ) {
      const pretty = config.permalink === 'pretty' || config.tag_permalink_style === 'pretty';
      for (const name of tags) {
        // Its slug: diacritics taken off, lower case, each white space a dash.
        const slug = name
          .normalize('NFD')
          .replace(/\p{M}+/gu, '')
          .toLowerCase()
          .replace(/\s/g, '-');
        add(`/${tagPages}/${slug}${pretty ? '/' : '.html'}`, folioTerm('tags', name));
      }
    }
    const perPage = Number(config.paginate);
    if (Number.isInteger(perPage) && perPage > 0) {
      const pathPattern = stringOf(config.paginate_path) ?? '/page:num/';
      // Pages Folio lists as many posts on as the blog did lead where they did: no redirect.
      const folioPerPage = importedPageSize(engine, config) ?? DEFAULT_PAGE_SIZE;
      const folioPages = Math.max(1, Math.ceil(published.length / folioPerPage));
      for (let page = 2; page <= Math.ceil(published.length / perPage); page++) {
        add(
          pathPattern.replace(':num', String(page)).replace(/^\/?/, '/').replace(/\/?$/, '/'),
          `/page/${Math.min(page, folioPages)}/`.replace('/page/1/', '/'),
        );
      }
    }
  }
  return redirects;
}

/** The posts a page of the blog's listing held, as Folio's `pageSize`, when the blog set it. */
function importedPageSize(engine: EngineName, config: Record<string, unknown>): number | undefined {
  const perPage = Number(
    engine === 'hexo'
      ? // The home page's generator's own, over the blog's, as hexo-generator-index reads them.
        ((isRecord(config.index_generator) ? config.index_generator.per_page : undefined) ??
          config.per_page)
      : engine === 'hugo'
        ? isRecord(config.pagination)
          ? config.pagination.pagerSize
          : config.paginate
        : config.paginate,
  );
  return Number.isInteger(perPage) && perPage > 0 && perPage <= MOST_PAGE_SIZE
    ? perPage
    : undefined;
}

/** An author's name, written alone or as `name:` (Jekyll's and many themes' way). */
function nameOf(author: unknown): string | undefined {
  return isRecord(author) ? stringOf(author.name) : stringOf(author);
}

/**
 * An author named once for each section or language (`author: {en: Jane, zh: 简}`, as some Hugo
 * themes write it), without a `name` of its own: the name under the blog's language, with the keys
 * it was named under. None for an author written otherwise, or named under no key that is the
 * blog's language: such a map may hold anything (`{email: …, github: …}`), and no guess is made.
 */
function namesByKey(
  author: unknown,
  language: unknown,
): { readonly name: string; readonly keys: readonly string[] } | undefined {
  if (!isRecord(author) || author.name !== undefined) return undefined;
  const names = Object.entries(author).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
  );
  const code = typeof language === 'string' ? language.toLowerCase() : '';
  const own = names.find(([key]) => {
    const lower = key.toLowerCase();
    return code !== '' && (lower === code || lower === code.split(/[-_]/)[0]);
  });
  return own && { name: own[1].trim(), keys: names.map(([key]) => key) };
}

/**
 * The author the posts name, when a quarter of them at least name the same one: a guest's post
 * does not make its author the blog's. A theme's placeholder (`<author_id>`) names no one.
 */
function postsAuthor(authors: readonly unknown[]): string | undefined {
  const names = authors.map((author) => {
    const name = nameOf(author);
    return name === undefined || /^<[^>]*>$/.test(name) ? undefined : name;
  });
  const author = mostCommon(names);
  return names.filter((name) => name === author).length * 4 >= authors.length ? author : undefined;
}

/** The value most often given, the first of those given as often; none when none is given. */
function mostCommon(values: readonly (string | undefined)[]): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values)
    if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | undefined;
  for (const [value, count] of counts)
    if (best === undefined || count > (counts.get(best) ?? 0)) best = value;
  return best;
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
    /** The author most posts name in their front matter, if any does. */
    postsAuthor: string | undefined;
    /** The host the blog is published at, where its CNAME file or its folder's name says. */
    host: { readonly host: string; readonly from: string } | undefined;
    /** Where the blog's own layout, its theme or a plugin typesets math on every page, if one does. */
    layoutMath: ImportNote | undefined;
    /** Whether the blog's Markdown kept each line break of a paragraph. */
    lineBreaks: boolean;
    /** Whether the blog's Markdown showed `---`, `--` and straight quotes as dashes and curly ones. */
    typographer: boolean;
    /** How the blog's MathJax numbered equations, where not as LaTeX does. */
    equationNumbers: EquationNumbers | undefined;
    /** The indexes the blog's main menu linked. */
    nav: readonly FolioIndex[];
    /** What the blog came from, when not a folder of its engine's. */
    origin?: ImportOrigin | undefined;
  },
): string {
  const params = isRecord(config.params) ? config.params : {};
  const author = config.author ?? params.author;
  // Hugo since 0.158 reads the site's language from `locale`, where it read `languageCode`.
  const language =
    config.lang ??
    config.language ??
    config.locale ??
    config.languageCode ??
    config.defaultContentLanguage ??
    params.lang;
  const locale = localeOf(language);
  const byKey = namesByKey(author, language);
  if (byKey) {
    extra.warnings.push({
      file: configFile ?? 'config',
      line: 1,
      text: `the blog names an author for each of ${byKey.keys.join(', ')}, and a Folio site has one: "${byKey.name}" is written; change it in folio.config.yaml`,
    });
  }
  // Chirpy names the author, and the footer's copyright owner, in `social.name`.
  const namedAuthor =
    nameOf(author) ??
    stringOf(config.owner) ??
    nameOf(config.social) ??
    byKey?.name ??
    extra.postsAuthor;
  if (namedAuthor === undefined) {
    extra.warnings.push({
      file: configFile ?? 'config',
      line: 1,
      text: 'the blog names no author, in its config or its posts: "The author" is written in its place; put your name in folio.config.yaml',
    });
  }
  const authorName = namedAuthor ?? 'The author';
  const title = stringOf(config.title) ?? 'My blog';
  const tagline =
    engine === 'hexo'
      ? (stringOf(config.subtitle) ?? stringOf(config.description))
      : (stringOf(config.description) ??
        stringOf(params.description) ??
        stringOf(config.tagline) ??
        stringOf(params.subtitle));
  let url = blogAddress(engine, config) ?? '';
  if (!url || !/^https?:\/\/[^/\s]+/.test(url)) {
    // The path below the host is known all the same: the old URLs are under it.
    const below = blogSubPath(engine, config);
    url = `https://${extra.host?.host ?? 'example.com'}${below}`;
    extra.warnings.push({
      file: configFile ?? 'config',
      line: 1,
      text: extra.host
        ? `the blog's config has no absolute url: ${url}, from ${extra.host.from}, is written; correct it in folio.config.yaml if the blog moved`
        : `the blog has no absolute url: ${url} is written in its place; put your address in folio.config.yaml`,
    });
  }
  const perPage = importedPageSize(engine, config);
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
    ...(perPage !== undefined ? { pageSize: perPage } : {}),
    ...(Object.keys(links).length > 0 ? { links } : {}),
    ...(extra.nav.length > 0 ? { nav: extra.nav } : {}),
    // The engines read dollars as math only where a theme or plugin was told to, or where the
    // blog's own layout loads a typesetter on every page.
    math: blogUsesMath(config) || extra.layoutMath !== undefined,
    ...(extra.equationNumbers ? { equationNumbers: extra.equationNumbers } : {}),
    ...(extra.lineBreaks ? { lineBreaks: true } : {}),
    ...(extra.typographer ? { typographer: true } : {}),
    permalink: extra.pattern,
    ...(Object.keys(extra.redirects).length > 0 ? { redirects: extra.redirects } : {}),
  };
  const from = configFile ? basename(configFile) : 'its settings';
  const origin = extra.origin
    ? `${extra.origin.title} (${basename(extra.origin.source)})`
    : undefined;
  return `# Folio site settings, imported from ${origin ?? `${blogOf(engine)} (${from})`}.
# Every key is described in Folio's docs (docs/configuration.md); editors that read
# schema/folio.config.schema.json check them as you type.
#
# permalink keeps the URLs the blog had; posts whose old URL did not fit it have their own
# \`url:\` or \`aliases:\`. redirects send the old category, tag and page URLs to Folio's.
${dump(settings, { lineWidth: -1, noRefs: true, quotingType: '"' })}`;
}

// A script of MathJax or KaTeX, by its file or its address.
const TYPESETTER_SCRIPT =
  /<script[^>]*(?:mathjax|katex)[^>]*>|MathJax\s*=\s*\{|window\.MathJax\b/gi;
// A condition of Liquid or Go templates opened, with what it tests; its other branch; or its end.
const TEMPLATE_CONDITION =
  /\{%-?\s*(if|unless)\b([^%]*)%\}|\{\{-?\s*(if|with)\b([^}]*)\}\}|(\{%-?\s*els(?:e|if)\b|\{\{-?\s*else\b)|\{%-?\s*end(?:if|unless)\b|\{\{-?\s*end\b/g;
// A test of one setting of the site's config: Liquid's `site.enable_math`, Hugo's
// `.Site.Params.math` (or `site.Params.math`), `== true` or not.
const SITE_SETTING_TEST =
  /^\s*(?:site\.|\$?\.Site\.Params\.|site\.Params\.)([\w-]+)(?:\s*==\s*true)?\s*-?$/i;

/**
 * Where a Jekyll or Hugo blog's own layouts or includes load MathJax or KaTeX on every page:
 * outside any condition, or under tests of the site's settings that its config turns on
 * (al-folio's `{% if site.enable_math %}`): its posts wrote `$$` for math though no setting of
 * Folio's says so. A script loaded under another condition (`{% if page.math %}`) is a post's own
 * choice, which its front matter carries over.
 */
function layoutLoadingMath(
  source: string,
  engine: EngineName,
  config: Record<string, unknown>,
): ImportNote | undefined {
  for (const folder of layoutFolders(engine, config)) {
    const root = join(source, folder);
    if (!existsSync(root)) continue;
    for (const file of walk(source, root, (name) => name.startsWith('.'), [])) {
      if (!/\.(?:html?|njk|liquid)$/.test(file.file)) continue;
      const text = readFileSync(file.file, 'utf8');
      for (const found of text.matchAll(TYPESETTER_SCRIPT)) {
        const before = text.slice(0, found.index);
        if (!openConditions(before).every((test) => siteSettingOn(test, engine, config))) continue;
        return {
          file: file.relative,
          line: before.split('\n').length,
          text: 'the layout loads a math typesetter on every page: math is on (`math: true`), and `$$` in posts is typeset',
        };
      }
    }
  }
  return undefined;
}

/**
 * The conditions still open at the end of `template`, each as what it tests; `unless`, `with` and
 * other branches (`else`) marked so, as a setting turned on does not make them true.
 */
function openConditions(template: string): string[] {
  const open: string[] = [];
  for (const [, liquid, liquidTest, go, goTest, otherBranch] of template.matchAll(
    TEMPLATE_CONDITION,
  )) {
    if (liquid !== undefined)
      open.push(liquid === 'if' ? (liquidTest ?? '') : `unless ${liquidTest}`);
    else if (go !== undefined) open.push(go === 'if' ? (goTest ?? '') : `with ${goTest}`);
    else if (otherBranch !== undefined) open.push(`else ${open.pop() ?? ''}`);
    else open.pop();
  }
  return open;
}

/** Whether `test` is of one setting of the site's config that the config turns on. */
function siteSettingOn(test: string, engine: EngineName, config: Record<string, unknown>): boolean {
  const name = SITE_SETTING_TEST.exec(test)?.[1];
  if (name === undefined) return false;
  if (engine !== 'hugo') return turnedOn(config[name]);
  // Hugo reads its params' keys whatever their case.
  const params = isRecord(config.params) ? lowerKeys(config.params) : {};
  return /params\./i.test(test) && turnedOn(params[name.toLowerCase()]);
}

/** The folders of a Jekyll, Hugo or Eleventy blog's own layouts and includes. */
function layoutFolders(engine: EngineName, config: Record<string, unknown>): string[] {
  if (engine === 'jekyll') return ['_includes', '_layouts'];
  if (engine !== 'eleventy') return ['layouts'];
  const project = eleventyProjectOf(config);
  return [project.includes, ...(project.layouts ? [project.layouts] : [])];
}

/**
 * How the blog's MathJax numbers display equations, where it says and not as LaTeX does (Folio's
 * `ams`): MathJax 3's `tags` or MathJax 2's `equationNumbers.autoNumber`, in the blog's or its
 * theme's layouts and scripts, or in a theme's settings under `mathjax` (NexT's `tags`).
 */
function mathJaxNumbering(
  source: string,
  engine: EngineName,
  config: Record<string, unknown>,
): { numbers: EquationNumbers; note: ImportNote } | undefined {
  const themes = namesOf(config.theme, false).map((theme) => join('themes', theme));
  const folders =
    engine === 'hugo'
      ? ['layouts', ...themes.map((theme) => join(theme, 'layouts'))]
      : engine === 'hexo'
        ? ['scripts', ...themes.flatMap((theme) => [join(theme, 'layout'), join(theme, 'source')])]
        : layoutFolders(engine, config);
  const files = folders
    .map((folder) => join(source, folder))
    .filter((root) => existsSync(root))
    .flatMap((root) => walk(source, root, (name) => name.startsWith('.'), []))
    .filter(({ file }) => /\.(?:html?|ejs|njk|swig|pug|js|liquid)$/.test(file));
  // A Hexo theme's settings: its own `_config.yml`, or the blog's `_config.<theme>.yml`.
  const settings = [
    ...themes.map((theme) => join(theme, '_config.yml')),
    ...namesOf(config.theme, false).map((theme) => `_config.${theme}.yml`),
  ].map((relative) => ({ file: join(source, relative), relative }));
  for (const { file, relative } of [...files, ...(engine === 'hexo' ? settings : [])]) {
    const text = readTextOrUndefined(file);
    if (text === undefined || !/mathjax/i.test(text)) continue;
    for (const found of text.matchAll(MATHJAX_NUMBERING)) {
      const near = text.slice(Math.max(0, found.index - 600), found.index);
      if (!/mathjax|\btex\s*:|equationNumbers/i.test(near)) continue;
      const numbers = (found[1] ?? found[2] ?? '').toLowerCase();
      if (numbers !== 'all' && numbers !== 'none') return undefined;
      return {
        numbers,
        note: {
          file: relative,
          line: text.slice(0, found.index).split('\n').length,
          text: `MathJax numbers ${numbers === 'all' ? 'every display equation' : 'only equations with a \\tag'} here: \`equationNumbers: ${numbers}\` does the same`,
        },
      };
    }
  }
  return undefined;
}

// MathJax 3's `tags: 'all'`, MathJax 2's `autoNumber: "AMS"`, NexT's `tags: none`.
const MATHJAX_NUMBERING =
  /\btags\s*:\s*['"]?(ams|all|none)\b|\bautoNumber\s*:\s*['"](ams|all|none)['"]/gi;

/** A setting turned on: `true`, or a table of it with `enable: true` (`enabled: true`). */
const turnedOn = (value: unknown): boolean =>
  value === true || (isRecord(value) && (value.enable === true || value.enabled === true));

/** Math a theme or plugin typesets for every post: Hugo's `params.math`, Hexo's `mathjax`… */
function scriptedMath(config: Record<string, unknown>): boolean {
  const params = isRecord(config.params) ? config.params : {};
  return [
    config.math,
    config.mathjax,
    config.katex,
    params.math,
    params.mathjax,
    params.katex,
  ].some(turnedOn);
}

/** Whether Hugo's Goldmark hands math over as written (its passthrough extension). */
function goldmarkPassthrough(config: Record<string, unknown>): boolean {
  const markup = isRecord(config.markup) ? config.markup : {};
  const goldmark = isRecord(markup.goldmark) ? markup.goldmark : {};
  const extensions = isRecord(goldmark.extensions) ? goldmark.extensions : {};
  return turnedOn(extensions.passthrough);
}

/**
 * Whether Hugo read the blog's Markdown before a script typeset its math: math turned on, without
 * Goldmark's passthrough, which hands the math over as written.
 */
function markdownBeforeMath(config: Record<string, unknown>): boolean {
  return scriptedMath(config) && !goldmarkPassthrough(config);
}

// Hexo's Markdown renderers that keep a paragraph's line breaks unless told not to, and where;
// the default one last, as a blog that added another meant it to take over.
const HEXO_BREAKS = [
  ['hexo-renderer-markdown-it', 'markdown', 'render', 'breaks'],
  ['hexo-renderer-markdown-it-plus', 'markdown_it_plus', 'breaks'],
  ['hexo-renderer-kramed', 'kramed', 'breaks'],
  ['hexo-renderer-marked', 'marked', 'breaks'],
] as const;

/**
 * Whether the blog's Markdown kept each line break inside a paragraph as a line break: Hexo's
 * renderers (hexo-renderer-marked, which a new Hexo blog has, and the others but pandoc) do unless
 * told `breaks: false`; Hugo when Goldmark's renderer has `hardWraps`; Jekyll when
 * kramdown has `hard_wrap`. Elsewhere a line break is a space.
 */
function blogKeepsLineBreaks(
  engine: EngineName,
  config: Record<string, unknown>,
  packages: ReadonlySet<string>,
): boolean {
  if (engine === 'hugo') return at(config, 'markup', 'goldmark', 'renderer', 'hardWraps') === true;
  if (engine === 'jekyll') return at(config, 'kramdown', 'hard_wrap') === true;
  if (engine === 'eleventy') return eleventyProjectOf(config).lineBreaks;
  for (const [renderer, ...setting] of HEXO_BREAKS) {
    if (packages.has(renderer)) return at(config, ...setting) !== false;
  }
  // Pandoc reads Markdown as written.
  if (packages.has('hexo-renderer-pandoc')) return false;
  return at(config, 'marked', 'breaks') !== false;
}

// Hexo's renderers that can show dashes and curly quotes, whether each does unless told, and where
// it is told.
const HEXO_TYPOGRAPHERS = [
  ['hexo-renderer-markdown-it', true, 'markdown', 'render', 'typographer'],
  ['hexo-renderer-kramed', false, 'kramed', 'smartypants'],
  ['hexo-renderer-marked', true, 'marked', 'smartypants'],
] as const;

/**
 * Whether the blog's Markdown showed `---` and `--` as dashes, `...` as an ellipsis and straight
 * quotes as curly ones: Hugo's Goldmark does unless its `typographer` extension is off; Jekyll's
 * kramdown always does, its CommonMark readers with their `SMART` option (GitHub Pages' by
 * default); Hexo's marked unless told `smartypants: false`, and Pandoc; Eleventy's markdown-it
 * when told `typographer: true`.
 */
function blogTypesetsPunctuation(
  engine: EngineName,
  config: Record<string, unknown>,
  packages: ReadonlySet<string>,
): boolean {
  if (engine === 'hugo') {
    const setting = at(config, 'markup', 'goldmark', 'extensions', 'typographer');
    return setting !== false && !(isRecord(setting) && lowerKeys(setting).disable === true);
  }
  if (engine === 'jekyll') {
    const reader = (stringOf(config.markdown) ?? 'kramdown').toLowerCase();
    if (!reader.startsWith('commonmark')) return true;
    const options = at(config, 'commonmark', 'options');
    if (!Array.isArray(options)) return reader === 'commonmarkghpages';
    return options.some((option) => String(option).toUpperCase() === 'SMART');
  }
  if (engine === 'eleventy') return eleventyProjectOf(config).typographer;
  for (const [renderer, byDefault, ...setting] of HEXO_TYPOGRAPHERS) {
    if (packages.has(renderer))
      return byDefault ? at(config, ...setting) !== false : at(config, ...setting) === true;
  }
  if (packages.has('hexo-renderer-pandoc')) return true;
  return at(config, 'marked', 'smartypants') !== false;
}

/**
 * The redirects the blog kept at its host: the `_redirects` its engine published (Hugo's in
 * `static/`, Hexo's in `source/`), or its build copied in from the repository's root, the one in
 * the site it built when the import was given it, and netlify.toml's.
 */
function readHostRedirects(
  source: string,
  engine: EngineName,
  builtFolder: string | undefined,
): ReadHostRedirects {
  const redirectsFiles = [
    '_redirects',
    ...(engine === 'hugo' ? ['static/_redirects'] : engine === 'hexo' ? ['source/_redirects'] : []),
  ].map((name) => ({ path: join(source, name), name, rules: redirectsFileRules }));
  if (builtFolder !== undefined) {
    const name = `${builtFolder}/_redirects`;
    redirectsFiles.push({ path: join(builtFolder, '_redirects'), name, rules: redirectsFileRules });
  }
  const files = [
    ...redirectsFiles,
    { path: join(source, 'netlify.toml'), name: 'netlify.toml', rules: netlifyTomlRules },
  ];
  const all: ReadHostRedirects = { redirects: [], leftOut: [] };
  for (const { path, name, rules } of files) {
    const text = readTextFile(path);
    if (typeof text !== 'string') continue;
    const found = rules(text, name);
    all.redirects.push(...found.redirects);
    all.leftOut.push(...found.leftOut.map((rule) => ({ ...rule, path })));
  }
  return all;
}

/** The host's redirects, each rule left out with the path of the file it is written in. */
interface ReadHostRedirects {
  readonly redirects: HostRedirect[];
  readonly leftOut: (HostRuleLeftOut & { readonly path: string })[];
}

/**
 * Adds the host's redirects to the config's, each from an old path no page or other redirect
 * holds (a host sends no redirect from a path it has a file at), and names the rules left out.
 */
function keepHostRedirects(
  redirects: Record<string, string>,
  host: ReadHostRedirects,
  claims: UrlClaims,
  report: {
    readonly warnings: ImportNote[];
    /** Whether the site publishes the file at this path as it is, in its static/ folder. */
    readonly published: (file: string) => boolean;
  },
): void {
  const taken = new Map(Object.entries(redirects).map(([path, to]) => [folderForm(path), to]));
  for (const { from, to } of host.redirects) {
    const path = folderForm(from);
    if (taken.has(path) || claims.has(path) || claims.has(from) || isFolioListing(path)) continue;
    const target = to.startsWith('/') ? folderForm(to) : to;
    // Straight to where an old path it leads to leads now, rather than by two redirects.
    const next = taken.get(target) ?? target;
    taken.set(path, next);
    redirects[from] = next;
  }
  // A rule of the file the site publishes goes on working wherever else it is written too.
  const seen = new Set(
    host.leftOut.filter(({ path }) => report.published(path)).map(({ rule }) => rule),
  );
  for (const { file, line, rule, why } of host.leftOut) {
    if (seen.has(rule)) continue;
    seen.add(rule);
    report.warnings.push({
      file,
      line,
      text: `the host's redirect \`${rule}\` was left out: ${why}`,
    });
  }
}

/**
 * How the blog's engine made its headings' ids, unless it made none or the import cannot tell:
 * Hugo's Goldmark as its `autoHeadingIDType` says; Jekyll's kramdown, reading GFM unless told its
 * own `input`; Hexo's marked, with its `modifyAnchors`. Eleventy's markdown-it makes none unless
 * the blog adds a plugin of its choosing.
 */
function headingIdRule(
  engine: EngineName,
  config: Record<string, unknown>,
  packages: ReadonlySet<string>,
): HeadingIdRule | undefined {
  if (engine === 'hugo') {
    const handler = stringOf(at(config, 'markup', 'defaultMarkdownHandler'));
    if (handler !== undefined && handler.toLowerCase() !== 'goldmark') return undefined;
    if (at(config, 'markup', 'goldmark', 'parser', 'autoHeadingID') === false) return undefined;
    const type = stringOf(at(config, 'markup', 'goldmark', 'parser', 'autoHeadingIDType'));
    if (type === undefined || type.toLowerCase() === 'github') return { kind: 'github' };
    return type.toLowerCase() === 'github-ascii' ? { kind: 'github-ascii' } : undefined;
  }
  if (engine === 'jekyll') {
    if ((stringOf(config.markdown) ?? 'kramdown').toLowerCase() !== 'kramdown') return undefined;
    if (at(config, 'kramdown', 'auto_ids') === false) return undefined;
    const prefix = stringOf(at(config, 'kramdown', 'auto_id_prefix')) ?? '';
    const input = (stringOf(at(config, 'kramdown', 'input')) ?? 'GFM').toLowerCase();
    return { kind: input === 'kramdown' ? 'kramdown' : 'gfm', prefix };
  }
  if (engine === 'hexo') {
    // Another Markdown renderer makes ids its own way, or none.
    const other = OTHER_HEXO_MARKDOWN.some((name) => packages.has(name));
    if (other && !packages.has('hexo-renderer-marked')) return undefined;
    if (at(config, 'marked', 'headerIds') === false) return undefined;
    return { kind: 'hexo', transform: at(config, 'marked', 'modifyAnchors') };
  }
  return undefined;
}

// Hexo's renderers of Markdown besides marked, its default.
const OTHER_HEXO_MARKDOWN = [
  'hexo-renderer-markdown-it',
  'hexo-renderer-markdown-it-plus',
  'hexo-renderer-kramed',
  'hexo-renderer-pandoc',
];

/** The setting at `keys` under `record`, each key in any case (`hardWraps`, `hardwraps`). */
function at(record: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>(
    (value, key) => (isRecord(value) ? lowerKeys(value)[key.toLowerCase()] : undefined),
    record,
  );
}

/**
 * Whether the blog turned math on for every post: Hugo's `params.math` or Goldmark's passthrough,
 * Hexo's `mathjax`/`katex`, a Jekyll theme's `math`. Elsewhere `$` is a price or a shell variable.
 */
function blogUsesMath(config: Record<string, unknown>): boolean {
  return scriptedMath(config) || goldmarkPassthrough(config);
}

function profileLinks(
  config: Record<string, unknown>,
  params: Record<string, unknown>,
): Record<string, string> {
  const links: Record<string, string> = {};
  const user = (value: unknown): string | undefined =>
    isRecord(value) ? stringOf(value.username) : stringOf(value);
  // A handle is often written as it is said, `@name`; its address has no `@`.
  const address = (site: string, handle: string): string =>
    handle.startsWith('http') ? handle : `${site}${handle.replace(/^@/, '')}`;
  const github = stringOf(config.github_username) ?? user(config.github) ?? stringOf(params.github);
  if (github) links.github = address('https://github.com/', github);
  const twitter =
    stringOf(config.twitter_username) ?? user(config.twitter) ?? stringOf(params.twitter);
  if (twitter) links.x = address('https://x.com/', twitter);
  // Themes that list the author's profiles as addresses: Chirpy's `social.links`, Minimal
  // Mistakes' `author.links`, PaperMod's `socialIcons`, NexT's and Fluid's `social`
  // (`GitHub: https://github.com/x || fab fa-github`). Each goes under its network, known by
  // its host; a handle named above comes first.
  const listed = [
    at(config, 'social', 'links'),
    at(config, 'author', 'links'),
    params.socialIcons,
    at(params, 'social'),
    config.social,
  ];
  for (const url of listed.flatMap(profileAddresses)) {
    const network = profileNetwork(url);
    if (network && !(network in links)) links[network] = url;
  }
  return links;
}

/**
 * The web addresses a theme's list or mapping of profiles holds; in a mapping, a handle under a
 * network's name too (LoveIt's and DoIt's `social`: `GitHub = "name"`).
 */
function profileAddresses(value: unknown): string[] {
  const entries: [string | undefined, unknown][] = Array.isArray(value)
    ? value.map((entry) => [undefined, entry])
    : isRecord(value)
      ? Object.entries(value)
      : [];
  return entries
    .map(([network, entry]) => {
      const text = (isRecord(entry) ? stringOf(entry.url) : stringOf(entry))
        ?.split('||')[0]
        ?.trim();
      const profiles = network === undefined ? undefined : PROFILE_ADDRESSES[network.toLowerCase()];
      return text && profiles && /^@?[\w.-]+$/.test(text)
        ? `${profiles}${text.replace(/^@/, '')}`
        : text;
    })
    .filter((url): url is string => url !== undefined && /^https?:\/\/[^\s]+$/.test(url));
}

// Where a handle's profile is, by the name a theme gives its network.
const PROFILE_ADDRESSES: Readonly<Record<string, string>> = {
  github: 'https://github.com/',
  gitlab: 'https://gitlab.com/',
  codeberg: 'https://codeberg.org/',
  twitter: 'https://x.com/',
  x: 'https://x.com/',
  linkedin: 'https://www.linkedin.com/in/',
  facebook: 'https://www.facebook.com/',
  bluesky: 'https://bsky.app/profile/',
};

// The networks the footer labels, by the hosts their profiles are at.
const PROFILE_HOSTS: readonly (readonly [RegExp, ProfileLink])[] = [
  [/^github\.com$/, 'github'],
  [/^gitlab\.com$/, 'gitlab'],
  [/^codeberg\.org$/, 'codeberg'],
  [/^(?:twitter|x)\.com$/, 'x'],
  [/^(?:[a-z]{2,3}\.)?linkedin\.com$/, 'linkedin'],
  [/^bsky\.app$/, 'bluesky'],
  [/^(?:[a-z]+\.)?facebook\.com$/, 'facebook'],
  [/^(?:youtube\.com|youtu\.be)$/, 'youtube'],
  [/(?:^|\.)(?:mastodon\.[a-z]+|mstdn\.[a-z]+|fosstodon\.org|hachyderm\.io)$/, 'mastodon'],
];

function profileNetwork(url: string): ProfileLink | undefined {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^www\./, '').toLowerCase();
  } catch {
    return undefined;
  }
  return PROFILE_HOSTS.find(([pattern]) => pattern.test(host))?.[1];
}

/**
 * The time zone the blog shows its dates in: the one its config names, else the offset most of
 * its posts' dates are written with. Hugo shows a date at the offset it is written with, and
 * Jekyll at the zone of the machine that builds, most likely its author's: a blog of dates written
 * at +09:00 and shown in UTC would show many of them on the day before.
 */
function timezoneOf(
  engine: EngineName,
  config: Record<string, unknown>,
  posts: {
    readonly dates: readonly unknown[];
    readonly configFile: string;
    readonly warnings: ImportNote[];
  },
): string {
  const zone = stringOf(engine === 'hugo' ? (config.timeZone ?? config.timezone) : config.timezone);
  if (zone && IANAZone.isValidZone(zone)) return zone;
  const offsets = posts.dates.map((date) => {
    const offset = writtenOffsetOf(date);
    return offset ? `${offset[1]}:${offset[2]}` : undefined;
  });
  const most = mostCommon(offsets);
  const atOffset = most === undefined ? 'UTC' : zoneAtOffset(most);
  if (most === undefined || atOffset === 'UTC') return 'UTC';
  const atMost = offsets.filter((offset) => offset === most).length;
  const written = `${atMost} of ${posts.dates.length} posts' dates are written at ${most}`;
  if (!atOffset) {
    posts.warnings.push({
      file: posts.configFile,
      line: 1,
      text: `the blog's config names no time zone, and ${written}, an offset no zone without summer time keeps: dates are shown in UTC; set timezone in folio.config.yaml to the blog's IANA zone`,
    });
    return 'UTC';
  }
  posts.warnings.push({
    file: posts.configFile,
    line: 1,
    text: `the blog's config names no time zone, and ${written}: dates are shown at that offset (timezone: ${atOffset}); set timezone in folio.config.yaml to the blog's IANA zone if it has one`,
  });
  return atOffset;
}

// Zones that keep an offset of a fraction of an hour all year: no `Etc/` zone stands for one.
const ZONES_AT_OFFSET: Readonly<Record<string, string>> = {
  '+03:30': 'Asia/Tehran',
  '+04:30': 'Asia/Kabul',
  '+05:30': 'Asia/Kolkata',
  '+05:45': 'Asia/Kathmandu',
  '+06:30': 'Asia/Yangon',
  '+09:30': 'Australia/Darwin',
  '-09:30': 'Pacific/Marquesas',
};

/**
 * A zone whose clock stands at `offset` (`+09:00`) all year: `Etc/GMT-9` for whole hours (its sign
 * is POSIX's, the other way round), one of a few others for fractions; none for any other offset.
 */
function zoneAtOffset(offset: string): string | undefined {
  const [, sign, hours, minutes] = /^([+-])(\d{2}):(\d{2})$/.exec(offset) ?? [];
  if (minutes !== '00') return ZONES_AT_OFFSET[offset];
  const whole = Number(hours);
  if (whole === 0) return 'UTC';
  const zone = `Etc/GMT${sign === '+' ? '-' : '+'}${whole}`;
  return IANAZone.isValidZone(zone) ? zone : undefined;
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

/** Whether a foreign pin key's value pins: true, or a number above 0 (Hexo's weight). */
function pins(value: unknown): boolean {
  return value === true || value === 'true' || (typeof value === 'number' && value > 0);
}

/** `/%ED%95%9C/` → `/한/`: what an author reads and writes in front matter. */
function decodeForHumans(path: string): string {
  const decoded = pathKey(path);
  // But for what a written path cannot hold as itself: `C#`'s list is `/tags/c%23/`.
  return decoded === undefined ? path : decoded.replace(/[%#?]/g, encodeURIComponent);
}

function reportOf(
  summary: ImportSummary,
  plans: readonly { readonly source: BlogFile; readonly notes: readonly BodyNote[] }[],
  options: ImportOptions,
): string {
  const noted = (note: ImportNote): string => `- \`${note.file}:${note.line}\`: ${note.text}`;
  // A section of the report, left out when it lists nothing.
  const section = (title: string, items: readonly string[]): string[] =>
    items.length > 0 ? [`## ${title}`, '', ...items, ''] : [];
  return [
    `# Import report`,
    '',
    options.origin
      ? `From ${options.origin.title}, \`${options.origin.source}\`.`
      : `From the ${engineTitle(summary.engine)} blog at \`${options.source}\`.`,
    '',
    ...summaryLines(summary).map((line) => `- ${line}`),
    '',
    ...section('Left out', summary.skipped.map(noted)),
    ...section(
      `Tagged "${options.fallbackTag}" (they had neither tags nor categories)`,
      summary.fallbackTagged.map((file) => `- \`${file}\``),
    ),
    ...section(
      'Pages the theme made, which Folio makes itself (not imported)',
      summary.themePages.map(noted),
    ),
    ...section('Warnings', summary.warnings.map(noted)),
    ...section(
      'Changes to bodies',
      plans.flatMap((plan) =>
        plan.notes.map(
          (note) =>
            `- \`${options.origin ? placeOf(options, plan.source.relative) : `${plan.source.relative}:${note.line}`}\`: ${note.kind} ${note.what}${note.hint ? ` (${note.hint})` : ''}`,
        ),
      ),
    ),
  ].join('\n');
}

/** Where a file of the blog's folder came from: the place in its origin, or the file itself. */
function placeOf(options: ImportOptions, relative: string): string {
  const at = options.origin?.place(relative);
  return at === undefined ? relative : `${at.file}:${at.line}`;
}

/** The summary, one line each, as the command prints it and the report opens with it. */
export function summaryLines(summary: ImportSummary): string[] {
  return [
    `${summary.posts} of ${count(summary.postsFound, 'post')} imported (${count(summary.drafts, 'draft')}, ${summary.scheduled} scheduled), ${count(summary.pages, 'page')}`,
    count(summary.files, 'file'),
    `${count(summary.aliases, 'alias', 'aliases')} and ${count(summary.redirects, 'redirect')} keep old URLs`,
    `tags, shortcodes and other markup: ${summary.conversions} converted, ${summary.removals} removed`,
    `${summary.skipped.length} left out, ${count(summary.warnings.length, 'warning')}, ${count(summary.fallbackTagged.length, 'post')} given the fallback tag`,
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
  // Every path is the site's own, made by the import; one that would climb out of the new site
  // (`static/../../x`, from a blog's crafted path) is refused before anything is written.
  const outside = [...files.keys()].find((path) => {
    const to = resolve(staging, path);
    return !to.startsWith(staging + sep);
  });
  if (outside !== undefined)
    throw new ImportRefused(
      `the blog names a file the import would write outside the new site (${outside}); correct the path in the blog`,
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

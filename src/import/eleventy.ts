// Import: an Eleventy blog as Eleventy reads it — its config's folders and copies, its data
// cascade (directory data files, layouts' front matter), the collection of its posts, and the
// permalinks their templates write — from the files alone, without running the blog's code.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, posix, sep } from 'node:path';
import { DateTime } from 'luxon';
import type { Node } from 'acorn';
import { isRecord, readForeignDocument, stringOf } from './foreign-document.js';
import { readInsideBlog } from './read-blog.js';
import {
  argumentsOf,
  calleeName,
  declaredValues,
  exportedValue,
  literalValue,
  nodesOf,
  parseScript,
  propertyName,
} from './javascript-values.js';

/** Where Eleventy finds its config, in the order it looks. */
export const ELEVENTY_CONFIGS = [
  '.eleventy.js',
  'eleventy.config.js',
  'eleventy.config.mjs',
  'eleventy.config.cjs',
];

/** A folder or files the config copies into the site as they are. */
export interface PassthroughCopy {
  /** From the blog's folder, `/`-separated, without `./`. */
  readonly from: string;
  /**
   * Where in the site it goes, when the config names it: the folder of a folder's or a glob's
   * files ('' for the root), or a file's own path unless written as a folder (`"img/"`).
   */
  readonly to: string | undefined;
  /** Whether `to` was written as a folder, ending in `/`. */
  readonly toFolder: boolean;
  /** For a glob (`src/**\/*.jpg`): the paths it matches, from the blog's folder. */
  readonly matches: RegExp | undefined;
}

/** What an Eleventy config says, read from its syntax; folders from the blog's folder. */
export interface EleventyProject {
  readonly configFile: string | undefined;
  readonly input: string;
  readonly includes: string;
  readonly layouts: string | undefined;
  readonly data: string;
  readonly output: string;
  readonly pathPrefix: string;
  readonly excerptSeparator: string | undefined;
  readonly passthrough: readonly PassthroughCopy[];
  /** Collections the config makes: the globs and tags each is filtered by. */
  readonly collections: ReadonlyMap<string, { globs: string[]; tags: string[] }>;
  /** Filters whose function formats a date with Luxon's `toFormat`: their formats. */
  readonly dateFilters: ReadonlyMap<string, string>;
  readonly layoutAliases: ReadonlyMap<string, string>;
  /** Shortcodes whose function only fills a template string with its arguments. */
  readonly shortcodes: ReadonlyMap<string, TemplateShortcode>;
  /** Whether its Markdown keeps each line break (markdown-it's `breaks: true`). */
  readonly lineBreaks: boolean;
  /** Whether its Markdown shows dashes and curly quotes (markdown-it's `typographer: true`). */
  readonly typographer: boolean;
  /** Feeds a plugin writes (`feedPlugin`'s `outputPath`), with their format. */
  readonly feeds: readonly { readonly url: string; readonly format: 'rss' | 'atom' }[];
  /** Whether it renders `.markdown` files as it does `.md` (`templateFormats` naming it). */
  readonly markdownExtension: boolean;
  /** The kinds of file it renders (`templateFormats`): `md`, `njk`, `html`… */
  readonly templateFormats: readonly string[];
  /** The paths its `.eleventyignore` names, as patterns of paths from the blog's folder. */
  readonly ignored: readonly RegExp[];
  /** Why the config could not be read, where it could not. */
  readonly problem: { readonly line: number; readonly text: string } | undefined;
}

/**
 * A path the config writes, from the blog's folder or the site's root, `/`-separated, without
 * `./` before it or `/` around it (`.well-known` keeps its dot). A path that climbs out of where
 * it starts (`../x`) is '' — no path: Eleventy copies and reads nothing from above its folders,
 * and the import writes nothing outside the new site.
 */
const clean = (path: string): string => {
  const normal = posix
    .normalize(path.replace(/\\/g, '/'))
    .replace(/^(?:\.\/)+/, '')
    .replace(/^\/+/, '')
    .replace(/\/+$/, '');
  if (normal === '.') return '';
  return normal.split('/').includes('..') ? '' : normal;
};

/** The Eleventy config of `source`, read as far as its literals say. */
export function readEleventyProject(source: string): EleventyProject {
  const name = ELEVENTY_CONFIGS.find((candidate) => existsSync(join(source, candidate)));
  const defaults = {
    configFile: name,
    dir: {} as Record<string, unknown>,
    calls: [] as Node[],
    known: new Map<string, unknown>(),
    problem: undefined as EleventyProject['problem'],
  };
  const scripts: Node[] = [];
  if (name) {
    const parsed = parseScript(readInsideBlog(source, join(source, name)) ?? '');
    if (parsed.problem === undefined) {
      scripts.push(parsed.program);
      defaults.known = declaredValues(parsed.program);
      // Filters and collections kept in files of their own, imported by a relative path.
      for (const file of localImports(parsed.program, source, name)) {
        const more = parseScript(readInsideBlog(source, file) ?? '');
        if (more.problem === undefined) scripts.push(more.program);
      }
    } else
      defaults.problem = {
        line: parsed.line,
        text: `the config cannot be read as JavaScript (${parsed.problem}): Eleventy's default folders are used`,
      };
  }
  let dir: Record<string, unknown> = {};
  let pathPrefix = '/';
  let lineBreaks = false;
  let typographer = false;
  let markdownExtension = false;
  let formats: string[] | undefined;
  const addedFormats: string[] = [];
  let excerptSeparator: string | undefined;
  const passthrough: PassthroughCopy[] = [];
  const collections = new Map<string, { globs: string[]; tags: string[] }>();
  const dateFilters = new Map<string, string>();
  const layoutAliases = new Map<string, string>();
  const feeds: { url: string; format: 'rss' | 'atom' }[] = [];
  const shortcodes = new Map<string, TemplateShortcode>();
  const setters: Record<string, string> = {
    setInputDirectory: 'input',
    setIncludesDirectory: 'includes',
    setLayoutsDirectory: 'layouts',
    setDataDirectory: 'data',
    setOutputDirectory: 'output',
  };
  for (const program of scripts) {
    const known = new Map([...defaults.known, ...declaredValues(program)]);
    for (const node of nodesOf(program)) {
      if (node.type === 'ObjectExpression') {
        const settings = literalValue(node, known);
        const output = isRecord(settings) ? stringOf(settings.outputPath) : undefined;
        if (isRecord(settings) && output && /\.(?:xml|rss|atom)$/.test(output))
          feeds.push({
            url: `/${clean(output)}`,
            format: settings.type === 'rss' ? 'rss' : 'atom',
          });
        continue;
      }
      if (node.type === 'Property') {
        const key = propertyName(node);
        const value = literalValue((node as unknown as { value: unknown }).value, known);
        if (key === 'dir' && isRecord(value) && Object.keys(dir).length === 0) dir = value;
        if (key === 'pathPrefix' && typeof value === 'string') pathPrefix = value;
        if (key === 'breaks' && value === true) lineBreaks = true;
        if (key === 'typographer' && value === true) typographer = true;
        if (key === 'templateFormats') formats = formatsOf(value);
        if (key === 'templateFormats' && formatsOf(value).includes('markdown'))
          markdownExtension = true;
        continue;
      }
      if (node.type !== 'CallExpression') continue;
      const method = calleeName(node);
      const args = argumentsOf(node);
      const first = literalValue(args[0], known);
      if (method && Object.hasOwn(setters, method) && typeof first === 'string') {
        dir[setters[method] ?? ''] = first;
      } else if (method === 'setTemplateFormats' || method === 'addTemplateFormats') {
        if (method === 'setTemplateFormats') formats = formatsOf(first);
        else addedFormats.push(...formatsOf(first));
        if (formatsOf(first).includes('markdown')) markdownExtension = true;
      } else if (method === 'addPassthroughCopy') {
        passthrough.push(...passthroughOf(first));
      } else if (method === 'setFrontMatterParsingOptions' && isRecord(first)) {
        if (first.excerpt === true || typeof first.excerpt_separator === 'string')
          excerptSeparator = stringOf(first.excerpt_separator) ?? '---';
      } else if (method === 'addCollection' && typeof first === 'string') {
        collections.set(first, collectionFilters(args[1], known, functionsOf(program)));
      } else if (
        (method === 'addFilter' ||
          method === 'addNunjucksFilter' ||
          method === 'addLiquidFilter') &&
        typeof first === 'string'
      ) {
        const format = luxonFormat(args[1]);
        if (format) dateFilters.set(first, format);
      } else if (
        (method === 'addShortcode' ||
          method === 'addNunjucksShortcode' ||
          method === 'addLiquidShortcode') &&
        typeof first === 'string'
      ) {
        const shortcode = templateShortcode(args[1], known);
        if (shortcode) shortcodes.set(first, shortcode);
      } else if (method === 'addLayoutAlias' && typeof first === 'string') {
        const to = literalValue(args[1], known);
        if (typeof to === 'string') layoutAliases.set(first, to);
      }
    }
    // Filters a file exports by name (`module.exports = { readableDate: (d) => … }`).
    for (const node of nodesOf(program)) {
      if (node.type !== 'Property') continue;
      const key = propertyName(node);
      const format = luxonFormat((node as unknown as { value: unknown }).value);
      if (key && format && !dateFilters.has(key)) dateFilters.set(key, format);
    }
  }
  const input = clean(stringOf(dir.input) ?? '.');
  const within = (path: unknown, fallback: string): string =>
    clean(posix.join(input, stringOf(path) ?? fallback));
  return {
    configFile: name,
    input: input === '.' ? '' : input,
    includes: within(dir.includes, '_includes'),
    layouts: typeof dir.layouts === 'string' ? within(dir.layouts, '') : undefined,
    data: within(dir.data, '_data'),
    output: clean(stringOf(dir.output) ?? '_site'),
    pathPrefix: `/${clean(pathPrefix)}`.replace(/^\/$/, ''),
    excerptSeparator,
    passthrough,
    collections,
    dateFilters,
    layoutAliases,
    feeds,
    shortcodes,
    markdownExtension,
    templateFormats: [...(formats ?? DEFAULT_FORMATS), ...addedFormats],
    ignored: ignoredPaths(source),
    lineBreaks,
    typographer,
    problem: defaults.problem,
  };
}

/**
 * The paths `.eleventyignore` names, a glob or a path to a line (`src/drafts`, `**\/*.draft.md`):
 * a folder's every file, and the files a glob matches.
 */
function ignoredPaths(source: string): RegExp[] {
  let text: string;
  try {
    text = readInsideBlog(source, join(source, '.eleventyignore')) ?? '';
  } catch {
    return [];
  }
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('!'))
    .flatMap((line) => {
      const path = clean(line);
      if (path === '') return [];
      const glob = globPattern(path);
      return [new RegExp(`${glob.source.slice(0, -1)}(?:/.*)?$`)];
    });
}

/** Whether a path climbs above where it starts (`../x`, `a/../../x`). */
function climbsOut(path: string): boolean {
  return posix.normalize(path.replace(/\\/g, '/').replace(/^\/+/, '')).split('/').includes('..');
}

/** Template formats as a config writes them: a list, or names with commas between. */
// What Eleventy renders unless its config says otherwise.
const DEFAULT_FORMATS = [
  'html',
  'liquid',
  'ejs',
  'md',
  'hbs',
  'mustache',
  'haml',
  'pug',
  'njk',
  '11ty.js',
];

function formatsOf(value: unknown): string[] {
  const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  return list.flatMap((format) => (typeof format === 'string' ? [format.trim()] : []));
}

/** The local files a config imports or requires (`./_config/filters.js`). */
function localImports(program: Node, source: string, configName: string): string[] {
  const files: string[] = [];
  for (const node of nodesOf(program)) {
    let target: unknown;
    if (node.type === 'ImportDeclaration')
      target = (node as unknown as { source: { value: unknown } }).source.value;
    else if (node.type === 'CallExpression' && calleeName(node) === 'require')
      target = literalValue(argumentsOf(node)[0], new Map());
    if (typeof target !== 'string' || !target.startsWith('.')) continue;
    const base = join(source, dirname(configName), target);
    const file = [base, `${base}.js`, `${base}.cjs`, `${base}.mjs`, join(base, 'index.js')].find(
      (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
    );
    if (file && /\.[cm]?js$/.test(file) && !files.includes(file)) files.push(file);
  }
  return files;
}

function passthroughOf(value: unknown): PassthroughCopy[] {
  const copies: [string, string | undefined, boolean][] =
    typeof value === 'string'
      ? [[value, undefined, false]]
      : Array.isArray(value)
        ? value.flatMap((item): [string, undefined, boolean][] =>
            typeof item === 'string' ? [[item, undefined, false]] : [],
          )
        : isRecord(value)
          ? Object.entries(value).flatMap(([from, to]): [string, string, boolean][] =>
              typeof to === 'string' && climbsOut(to)
                ? []
                : typeof to === 'string'
                  ? [[from, clean(to), /\/$/.test(to) || clean(to) === '']]
                  : [],
            )
          : [];
  return copies.flatMap(([from, to, toFolder]) => {
    const path = clean(from);
    if (path === '') return [];
    const matches = /[*?{[]/.test(path) ? globPattern(path) : undefined;
    return [{ from: path, to, toFolder, matches }];
  });
}

/** The functions a file declares at its top, by name (`const collectPosts = (api) => …`). */
function functionsOf(program: Node): Map<string, Node> {
  const functions = new Map<string, Node>();
  for (const statement of (program as unknown as { body: Node[] }).body) {
    if (statement.type === 'FunctionDeclaration') {
      const name = (statement as unknown as { id?: { name?: string } }).id?.name;
      if (name) functions.set(name, statement);
    }
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of (statement as unknown as { declarations: Node[] }).declarations) {
      const { id, init } = declarator as unknown as { id?: { name?: string }; init?: Node };
      if (id?.name && /Function/.test(init?.type ?? '') && init) functions.set(id.name, init);
    }
  }
  return functions;
}

/** Whether a call is a method of a page's `inputPath` (`item.inputPath.startsWith(…)`). */
function onInputPath(call: Node): boolean {
  const callee = (call as unknown as { callee?: { object?: { property?: { name?: unknown } } } })
    .callee;
  return callee?.object?.property?.name === 'inputPath';
}

/**
 * The globs and tags the function that makes a collection filters by, in its own code or in the
 * file's functions it calls.
 */
function collectionFilters(
  maker: unknown,
  known: ReadonlyMap<string, unknown>,
  functions: ReadonlyMap<string, Node>,
): { globs: string[]; tags: string[] } {
  const globs: string[] = [];
  const tags: string[] = [];
  if (typeof maker !== 'object' || maker === null) return { globs, tags };
  const pending: Node[] = [maker as Node];
  const read = new Set<Node>();
  for (let code = pending.pop(); code !== undefined; code = pending.pop()) {
    if (read.has(code)) continue;
    read.add(code);
    for (const node of nodesOf(code)) {
      if (node.type !== 'CallExpression') continue;
      const method = calleeName(node);
      const called = method === undefined ? undefined : functions.get(method);
      if (called) pending.push(called);
      const value = literalValue(argumentsOf(node)[0], known);
      const values = (Array.isArray(value) ? value : [value]).filter(
        (item): item is string => typeof item === 'string',
      );
      if (method === 'getFilteredByGlob') globs.push(...values.map(clean));
      // A filter of every page by its input path: `item.inputPath.startsWith("./content/notes/")`.
      if ((method === 'startsWith' || method === 'includes') && onInputPath(node))
        globs.push(
          ...values.map((path) => `${method === 'includes' ? '**/' : ''}${clean(path)}/**`),
        );
      if (method === 'getFilteredByTag' || method === 'getFilteredByTags') tags.push(...values);
    }
  }
  return { globs, tags };
}

/**
 * A shortcode that fills a template string with its arguments (`(url, title) =>
 * \`<a href="${url}">${title}</a>\``): its parameters, with their defaults, and the string's
 * pieces between them, each followed by the parameter that goes there.
 */
export interface TemplateShortcode {
  readonly parameters: readonly { readonly name: string; readonly fallback?: string }[];
  readonly pieces: readonly string[];
  readonly filled: readonly number[];
}

function templateShortcode(
  fn: unknown,
  known: ReadonlyMap<string, unknown>,
): TemplateShortcode | undefined {
  const node = fn as {
    type?: string;
    params?: { type: string; name?: string; left?: { name?: string }; right?: unknown }[];
    body?: { type: string; body?: { type: string; argument?: unknown }[] };
  } | null;
  if (node?.type !== 'ArrowFunctionExpression' && node?.type !== 'FunctionExpression') return;
  const parameters: { name: string; fallback?: string }[] = [];
  for (const param of node.params ?? []) {
    if (param.type === 'Identifier' && param.name) parameters.push({ name: param.name });
    else if (param.type === 'AssignmentPattern' && param.left?.name) {
      const fallback = literalValue(param.right, known);
      if (typeof fallback !== 'string' && typeof fallback !== 'number') return undefined;
      parameters.push({ name: param.left.name, fallback: String(fallback) });
    } else return undefined;
  }
  const statements = node.body?.type === 'BlockStatement' ? (node.body.body ?? []) : undefined;
  const [only] = statements ?? [];
  const returned =
    statements === undefined
      ? node.body
      : statements.length === 1 && only?.type === 'ReturnStatement'
        ? only.argument
        : undefined;
  const template = returned as
    | {
        type?: string;
        value?: unknown;
        quasis?: { value: { cooked?: string } }[];
        expressions?: { type: string; name?: string }[];
      }
    | undefined;
  if (template?.type === 'Literal' && typeof template.value === 'string')
    return { parameters, pieces: [template.value], filled: [] };
  if (template?.type !== 'TemplateLiteral') return undefined;
  const filled: number[] = [];
  for (const expression of template.expressions ?? []) {
    const at = parameters.findIndex(({ name }) => name === expression.name);
    if (expression.type !== 'Identifier' || at === -1) return undefined;
    filled.push(at);
  }
  return {
    parameters,
    pieces: (template.quasis ?? []).map(({ value }) => value.cooked ?? ''),
    filled,
  };
}

/**
 * What a template shortcode writes for the arguments of a tag (`"a", "b"` or `"a" "b"`): only
 * strings and numbers are read; a name of the page's data (`page.url`) is not known here.
 */
export function renderShortcode(shortcode: TemplateShortcode, written: string): string | undefined {
  const values: string[] = [];
  const pattern = /\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|(-?\d+(?:\.\d+)?))\s*,?/y;
  let at = 0;
  const text = written.trim();
  while (at < text.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) return undefined;
    values.push((match[1] ?? match[2] ?? match[3] ?? '').replace(/\\(.)/g, '$1'));
    at = pattern.lastIndex;
  }
  let out = shortcode.pieces[0] ?? '';
  for (const [i, parameter] of shortcode.filled.entries()) {
    const value = values[parameter] ?? shortcode.parameters[parameter]?.fallback;
    if (value === undefined) return undefined;
    out += value + (shortcode.pieces[i + 1] ?? '');
  }
  return out;
}

/** The format of a function that formats a date with Luxon (`DateTime….toFormat("y/MM")`). */
function luxonFormat(fn: unknown): string | undefined {
  if (typeof fn !== 'object' || fn === null) return undefined;
  const type = (fn as { type?: unknown }).type;
  if (type !== 'ArrowFunctionExpression' && type !== 'FunctionExpression') return undefined;
  const formats = new Set<string>();
  for (const node of nodesOf(fn as Node)) {
    if (node.type !== 'CallExpression') continue;
    const method = calleeName(node);
    if (method === 'toISODate') formats.add('yyyy-MM-dd');
    if (method !== 'toFormat') continue;
    // A format the filter is given (`toFormat(format || "…")`) depends on its call: not known.
    const [argument] = argumentsOf(node);
    const kind = (argument as { type?: unknown } | undefined)?.type;
    if (kind !== 'Literal' && kind !== 'TemplateLiteral') return undefined;
    const format = literalValue(argument, new Map());
    if (typeof format === 'string') formats.add(format);
  }
  // A filter that formats in more than one way depends on its arguments: not known.
  return formats.size === 1 ? [...formats][0] : undefined;
}

/**
 * A glob (`**`, `*`, `?`, `{a,b}`, `[…]`) as a pattern of whole paths; one no pattern can be made
 * of (`[z-a]`) matches only the path written so.
 */
export function globPattern(glob: string): RegExp {
  const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const wildcards = (text: string): string =>
    escape(text).replace(/\\\*/g, '[^/]*').replace(/\\\?/g, '[^/]');
  let pattern = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] ?? '';
    if (char === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      pattern += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (char === '*') pattern += '[^/]*';
    else if (char === '?') pattern += '[^/]';
    else if (char === '{' && glob.indexOf('}', i) !== -1) {
      const end = glob.indexOf('}', i);
      pattern += `(?:${glob
        .slice(i + 1, end)
        .split(',')
        .map(wildcards)
        .join('|')})`;
      i = end;
    } else if (char === '[' && glob.indexOf(']', i) !== -1) {
      const end = glob.indexOf(']', i);
      const set = glob
        .slice(i + 1, end)
        .replace(/^!/, '^')
        .replace(/[\\\]]/g, '\\$&');
      pattern += `[${set}]`;
      i = end;
    } else pattern += escape(char);
  }
  try {
    return new RegExp(`^${pattern}$`);
  } catch {
    return new RegExp(`^${escape(glob)}$`);
  }
}

/** The folder a glob's matches are all under: its path before the first pattern. */
export function globBase(glob: string): string {
  const parts = glob.split('/');
  const fixed: string[] = [];
  for (const part of parts) {
    if (/[*?{[]/.test(part)) break;
    fixed.push(part);
  }
  return fixed.length === parts.length ? posix.dirname(glob) : fixed.join('/');
}

/**
 * Where a copy puts a file of the blog, from the site's root: into the folder the config names,
 * else where it stands under the input folder (or the blog's folder, when outside it).
 */
export function copiedTo(copy: PassthroughCopy, relative: string, input: string): string {
  if (copy.to !== undefined) {
    // Each file a glob finds goes straight into the folder named, leaving its own folders behind.
    if (copy.matches) return clean(posix.join(copy.to, basename(relative)));
    // A file copied on its own goes to the path named, or into the folder named.
    if (relative === copy.from)
      return copy.toFolder ? clean(posix.join(copy.to, basename(relative))) : copy.to;
    return clean(posix.join(copy.to, relative.slice(copy.from.length + 1)));
  }
  return input !== '' && relative.startsWith(`${input}/`)
    ? relative.slice(input.length + 1)
    : relative;
}

/** Whether a path of the blog is one a copy takes. */
export function isCopied(copy: PassthroughCopy, relative: string): boolean {
  if (copy.matches) return copy.matches.test(relative);
  return relative === copy.from || relative.startsWith(`${copy.from}/`);
}

// ---------------------------------------------------------------------------------------------
// The data cascade

/** What Eleventy gives a template beside its own front matter, lowest first. */
export interface CascadeData {
  /** Directory data files and layouts' front matter, merged as Eleventy merges them. */
  readonly fields: Record<string, unknown>;
  /** Tags from all of them, and the front matter's, in order, once each. */
  readonly tags: string[];
  /** The data file that works out the permalink with code Folio does not run, if one does. */
  readonly permalinkCode: string | undefined;
}

/** Reads a data file's value: JSON, or a script's literals. */
function readDataValue(
  source: string,
  file: string,
): { value: unknown; computed: boolean } | undefined {
  const text = readInsideBlog(source, file);
  if (text === undefined) return undefined;
  if (file.endsWith('.json')) {
    try {
      return { value: JSON.parse(text) as unknown, computed: false };
    } catch {
      return undefined;
    }
  }
  const parsed = parseScript(text);
  if (parsed.problem !== undefined) return undefined;
  const value = exportedValue(parsed.program);
  const computed =
    /\bpermalink\b/.test(text) &&
    !(isRecord(value) && (typeof value.permalink === 'string' || isStringComputed(value)));
  return { value, computed };
}

function isStringComputed(value: Record<string, unknown>): boolean {
  const computed = value.eleventyComputed;
  return isRecord(computed) && typeof computed.permalink === 'string';
}

// A template's or a folder's data files, the highest ranked first: Eleventy ranks a script above
// JSON, and its own name above a bare `.json`.
const DATA_EXTENSIONS = [
  '.11tydata.js',
  '.11tydata.cjs',
  '.11tydata.mjs',
  '.11tydata.json',
  '.json',
];

/** The data files Eleventy gives a template at `relative` (from the blog's folder), lowest first. */
function dataFilesOf(source: string, project: EleventyProject, relative: string): string[] {
  const files: string[] = [];
  const folders: string[] = [];
  let folder = posix.dirname(relative);
  const top = project.input === '' ? '.' : project.input;
  for (;;) {
    folders.unshift(folder);
    if (folder === top || folder === '.' || folder === '') break;
    folder = posix.dirname(folder);
  }
  const candidates = (stem: string): string[] =>
    [...DATA_EXTENSIONS]
      .reverse()
      .map((extension) => join(source, `${stem}${extension}`))
      .filter((file) => existsSync(file));
  for (const dir of folders) {
    const name = dir === '.' ? basename(source) : basename(dir);
    files.push(...candidates(dir === '.' ? name : `${dir}/${name}`));
  }
  files.push(...candidates(relative.replace(/\.[^./]+$/, '')));
  return files;
}

/** Merges `more` over `into` as Eleventy's deep merge does: lists joined, mappings merged. */
function deepMerge(into: Record<string, unknown>, more: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(more)) {
    const held = into[key];
    if (Array.isArray(held) && Array.isArray(value))
      into[key] = [...(held as unknown[]), ...(value as unknown[])];
    else if (isRecord(held) && isRecord(value)) {
      const merged = { ...held };
      deepMerge(merged, value);
      into[key] = merged;
    } else into[key] = value;
  }
}

const asTags = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.filter((tag): tag is string => typeof tag === 'string')
      : [];

/**
 * The data a template gets from outside its front matter: its folders' data files and its own,
 * then its layouts' front matter below them all, as Eleventy's cascade ranks them.
 */
function cascadeOf(
  source: string,
  project: EleventyProject,
  relative: string,
  front: Readonly<Record<string, unknown>>,
): CascadeData {
  const data: Record<string, unknown> = {};
  let permalinkCode: string | undefined;
  for (const file of dataFilesOf(source, project, relative)) {
    const read = readDataValue(source, file);
    if (!read || !isRecord(read.value)) continue;
    const value: Record<string, unknown> = { ...read.value, tags: asTags(read.value.tags) };
    if (isRecord(value.eleventyComputed)) {
      const computed = value.eleventyComputed;
      if (typeof computed.permalink === 'string') value.permalink = computed.permalink;
    }
    if (read.computed) permalinkCode = posix.relative(source, file.split(sep).join('/'));
    if (typeof value.permalink === 'string' || value.permalink === false) permalinkCode = undefined;
    deepMerge(data, value);
  }
  const layouts: Record<string, unknown>[] = [];
  let layout = stringOf(front.layout) ?? stringOf(data.layout);
  for (let depth = 0; layout !== undefined && depth < 8; depth++) {
    const fields = layoutFields(source, project, layout);
    if (!fields) break;
    layouts.unshift(fields);
    layout = stringOf(fields.layout);
  }
  const merged: Record<string, unknown> = {};
  for (const fields of layouts) deepMerge(merged, { ...fields, tags: asTags(fields.tags) });
  deepMerge(merged, data);
  const tags = [...new Set([...asTags(merged.tags), ...asTags(front.tags)])];
  if (typeof front.permalink === 'string' || front.permalink === false) permalinkCode = undefined;
  return { fields: merged, tags, permalinkCode };
}

/** The front matter of a layout, by the name templates give it. */
function layoutFields(
  source: string,
  project: EleventyProject,
  name: string,
): Record<string, unknown> | undefined {
  const aliased = project.layoutAliases.get(name) ?? name;
  const folders = [project.layouts, project.includes].filter(
    (folder): folder is string => folder !== undefined,
  );
  for (const folder of folders) {
    for (const extension of ['', '.njk', '.liquid', '.html', '.md', '.11ty.js']) {
      const file = join(source, folder, `${aliased}${extension}`);
      if (!existsSync(file) || !statSync(file).isFile()) continue;
      const text = readInsideBlog(source, file);
      if (text === undefined) return undefined;
      const document = readForeignDocument(text);
      return 'problem' in document ? {} : { ...document.fields };
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Permalinks

/** What a permalink template can name of a post. */
export interface PermalinkInputs {
  /** From the input folder, `/`-separated, with its extension. */
  readonly inInput: string;
  readonly fields: Readonly<Record<string, unknown>>;
  /** The post's date, as Eleventy's `page.date`, in milliseconds. */
  readonly date: number;
}

/** Eleventy's `page.fileSlug`: the file's name without a date before it, or its folder's for an index. */
export function fileSlugOf(inInput: string): string {
  const name = posix.basename(inInput).replace(/\.[^.]+$/, '');
  const slug = name.replace(/^\d{4}-\d{2}-\d{2}-/, '');
  if (name === 'index') {
    const folder = posix.dirname(inInput);
    // A folder's name loses its date as a file's does (`2021-03-04-trip/index.md` is `trip`).
    const named = posix.basename(folder);
    return folder === '.' ? '' : named.replace(/^\d{4}-\d{2}-\d{2}-/, '') || named;
  }
  return slug || name;
}

/** Eleventy's default URL of a template: its path, a folder of its own for each but an index. */
export function defaultUrl(inInput: string): string {
  const stem = inInput.replace(/\.[^./]+$/, '');
  const folder = posix.dirname(stem);
  const name = posix.basename(stem);
  // `blog/post/post.md`, like `blog/post/index.md`, is the page of its folder.
  if (name === 'index' || (folder !== '.' && posix.basename(folder) === name))
    return folder === '.' ? '/' : `/${folder}/`;
  return `/${stem}/`;
}

/** Why a permalink template could not be read, or the URL it gives. */
export type PermalinkReading =
  { url: string } | { unread: string; file?: undefined } | { unread: 'code'; file: string };

/**
 * The URL a permalink of Nunjucks or Liquid output tags gives (`/{{ page.date | slugDate }}/{{
 * page.fileSlug }}/`): names of the page and of its data, Eleventy's `slug` and `slugify`, the
 * date filters of Liquid and Luxon, and the config's Luxon filters.
 */
export function permalinkUrl(
  template: string,
  inputs: PermalinkInputs,
  dateFilters: ReadonlyMap<string, string>,
): PermalinkReading {
  if (/\{%/.test(template)) return { unread: `a template tag in ${JSON.stringify(template)}` };
  let problem: string | undefined;
  const filled = template.replace(/\{\{-?\s*([\s\S]*?)\s*-?\}\}/g, (_, expression: string) => {
    const value = evaluate(expression, inputs, dateFilters);
    if (typeof value === 'object') {
      problem ??= value.unread;
      return '';
    }
    return value;
  });
  if (problem !== undefined) return { unread: problem };
  return { url: filledUrl(filled) };
}

/** The URL a permalink's filled text gives: from the root, its `index.html` its folder. */
function filledUrl(filled: string): string {
  return `/${filled.trim()}`.replace(/\/{2,}/g, '/').replace(/\/index\.html$/, '/');
}

function evaluate(
  expression: string,
  inputs: PermalinkInputs,
  dateFilters: ReadonlyMap<string, string>,
): string | { unread: string } {
  const [head = '', ...filters] = splitOutside(expression, '|');
  let value = valueOf(head.trim(), inputs);
  if (value === undefined) return { unread: `the name ${head.trim()}` };
  for (const written of filters) {
    const call = /^\s*([\w$]+)\s*(?:\(([\s\S]*)\)|:([\s\S]*))?\s*$/.exec(written);
    if (!call) return { unread: `the filter ${written.trim()}` };
    const name = call[1] ?? '';
    const args = splitOutside(call[2] ?? call[3] ?? '', ',')
      .map((arg) => arg.trim())
      .filter(Boolean)
      .map((arg) => valueOf(arg, inputs));
    const next = applyFilter(name, value, args, dateFilters);
    if (next === undefined) return { unread: `the filter ${name}` };
    value = next;
  }
  return value instanceof Date ? value.toISOString() : String(value);
}

function splitOutside(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quote = '';
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

type TemplateValue = string | number | Date;

function valueOf(written: string, inputs: PermalinkInputs): TemplateValue | undefined {
  const quoted = /^(["'])([\s\S]*)\1$/.exec(written);
  if (quoted) return quoted[2] ?? '';
  if (/^-?\d+(?:\.\d+)?$/.test(written)) return Number(written);
  const path = written.split('.');
  if (path[0] === 'page') {
    switch (path[1]) {
      case 'fileSlug':
        return fileSlugOf(inputs.inInput);
      case 'filePathStem':
        return `/${inputs.inInput.replace(/\.[^./]+$/, '')}`;
      case 'date':
        return new Date(inputs.date);
      case 'inputPath':
        return `./${inputs.inInput}`;
      default:
        return undefined;
    }
  }
  let value: unknown = inputs.fields;
  for (const key of path) {
    if (!isRecord(value)) return undefined;
    value = value[key] ?? value[key.toLowerCase()];
  }
  if (typeof value === 'string' || typeof value === 'number') return value;
  return undefined;
}

function applyFilter(
  name: string,
  value: TemplateValue,
  args: readonly (TemplateValue | undefined)[],
  dateFilters: ReadonlyMap<string, string>,
): TemplateValue | undefined {
  const text = value instanceof Date ? value.toISOString() : String(value);
  switch (name) {
    case 'slug':
      return eleventySlug(text);
    case 'slugify':
      return eleventySlugify(text);
    case 'lower':
    case 'lowercase':
    case 'downcase':
      return text.toLowerCase();
    case 'trim':
    case 'strip':
      return text.trim();
    case 'url':
    case 'safe':
      return text;
    case 'replace': {
      const [from, to] = args;
      if (from === undefined || to === undefined) return undefined;
      return text.split(String(from)).join(String(to));
    }
    case 'date': {
      const format = args[0];
      if (typeof format !== 'string') return undefined;
      return formatDate(value, format);
    }
    default: {
      const format = dateFilters.get(name);
      return format === undefined ? undefined : formatDate(value, format);
    }
  }
}

function formatDate(value: TemplateValue, format: string): string | undefined {
  const date =
    value instanceof Date
      ? DateTime.fromJSDate(value, { zone: 'utc' })
      : DateTime.fromISO(String(value), { zone: 'utc' });
  if (!date.isValid) return undefined;
  if (format.includes('%')) return strftime(date, format);
  // Moment's and Day.js's tokens, where they differ from Luxon's.
  const luxon = format.replace(/YYYY/g, 'yyyy').replace(/YY/g, 'yy').replace(/DD/g, 'dd');
  return date.toFormat(luxon);
}

function strftime(date: DateTime, format: string): string {
  const tokens: Record<string, string> = {
    Y: 'yyyy',
    y: 'yy',
    m: 'MM',
    d: 'dd',
    e: 'd',
    H: 'HH',
    M: 'mm',
    S: 'ss',
    B: 'MMMM',
    b: 'MMM',
    j: 'ooo',
  };
  return format.replace(/%([a-zA-Z%])/g, (whole, token: string) => {
    if (token === '%') return '%';
    const luxon = tokens[token];
    return luxon ? date.toFormat(luxon, { locale: 'en' }) : whole;
  });
}

/** Eleventy's `slugify` filter (`@sindresorhus/slugify`): Latin letters, lower case, dashes. */
export function eleventySlugify(text: string): string {
  return text
    .replace(/&/g, ' and ')
    .replace(/['\u2019]/g, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Eleventy's `slug` filter (the `slugify` package, lower case): spaces to dashes, a few marks kept. */
export function eleventySlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\w\s$*_+~.()'"!\-:@]+/g, '')
    .trim()
    .replace(/[-\s]+/g, '-')
    .toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// The blog's settings, templates and posts

const projects = new WeakMap<object, EleventyProject>();

/** The project of a config `readEleventyConfig` gave. */
export function eleventyProjectOf(config: object): EleventyProject {
  const project = projects.get(config);
  if (project === undefined) throw new Error('an Eleventy config not read by readEleventyConfig');
  return project;
}

// The global data files blogs keep their title and address in, most common first.
const METADATA_NAMES = ['metadata', 'site', 'meta', 'siteData', 'config', 'settings'];

/**
 * The blog's settings as Folio's import reads other engines' configs: its title, description,
 * address, author and language from its global data (`_data/metadata.json`, `site.js`), and
 * from a feed template's front matter where the data names none (`metadata:` in `feed.njk`);
 * `root` is the config's `pathPrefix`.
 */
export function readEleventyConfig(source: string): {
  config: Record<string, unknown>;
  file: string | undefined;
} {
  const project = readEleventyProject(source);
  let metadata: Record<string, unknown> = {};
  for (const name of METADATA_NAMES) {
    for (const extension of ['.json', '.js', '.cjs', '.mjs']) {
      const read = readDataValue(source, join(source, project.data, `${name}${extension}`));
      if (read && isRecord(read.value) && (read.value.title ?? read.value.url) !== undefined) {
        metadata = read.value;
        break;
      }
    }
    if (Object.keys(metadata).length > 0) break;
  }
  if (Object.keys(metadata).length === 0) metadata = templateMetadata(source, project);
  const config: Record<string, unknown> = {
    ...metadata,
    title: stringOf(metadata.title) ?? stringOf(metadata.name),
    description: stringOf(metadata.description) ?? stringOf(metadata.subtitle),
    url: ['url', 'baseUrl', 'base', 'fullUrl', 'siteUrl']
      .map((key) => stringOf(metadata[key]))
      .find((url) => url !== undefined),
    language: stringOf(metadata.language) ?? stringOf(metadata.lang) ?? stringOf(metadata.locale),
    root: project.pathPrefix,
    ...(project.excerptSeparator ? { excerpt_separator: project.excerptSeparator } : {}),
  };
  projects.set(config, project);
  return { config, file: project.configFile ? join(source, project.configFile) : undefined };
}

/** `metadata:` in the front matter of a template at the top of the input folder (a feed's). */
function templateMetadata(source: string, project: EleventyProject): Record<string, unknown> {
  for (const name of ['feed.njk', 'feed.liquid', 'atom.njk', 'rss.njk', 'feed.xml.njk']) {
    const file = join(source, project.input, name);
    const text = readInsideBlog(source, file);
    if (text === undefined) continue;
    const document = readForeignDocument(text);
    if (!('problem' in document) && isRecord(document.fields.metadata))
      return document.fields.metadata;
  }
  return {};
}

type FileOfBlog = { readonly relative: string; readonly file: string };

/**
 * The templates of the input folder whose names `kinds` matches, outside the folders Eleventy
 * renders no page of (includes, layouts, data, output), each read: its path from the input
 * folder, its text, and its front matter and body.
 */
function* readTemplates(
  project: EleventyProject,
  files: readonly FileOfBlog[],
  kinds: RegExp,
): Generator<{
  readonly file: FileOfBlog;
  readonly inInput: string;
  readonly text: string;
  readonly document: ReturnType<typeof readForeignDocument>;
}> {
  const outside = [project.includes, project.data, project.layouts, project.output, 'node_modules']
    .filter((folder): folder is string => folder !== undefined && folder !== '')
    .map((folder) => `${folder}/`);
  const prefix = project.input === '' ? '' : `${project.input}/`;
  for (const file of files) {
    if (!kinds.test(file.relative) || !file.relative.startsWith(prefix)) continue;
    if (outside.some((folder) => file.relative.startsWith(folder))) continue;
    const read = readTemplate(file);
    if (read === undefined) continue;
    yield { file, inInput: file.relative.slice(prefix.length), ...read };
  }
}

type TemplateRead = {
  readonly text: string;
  readonly document: ReturnType<typeof readForeignDocument>;
};

// Feeds, lists, tag pages and pages each look through the same templates: read once an import.
const templatesRead = new WeakMap<FileOfBlog, TemplateRead | null>();

function readTemplate(file: FileOfBlog): TemplateRead | undefined {
  let read = templatesRead.get(file);
  if (read === undefined) {
    try {
      const text = readFileSync(file.file, 'utf8');
      read = { text, document: readForeignDocument(text) };
    } catch {
      read = null;
    }
    templatesRead.set(file, read);
  }
  return read ?? undefined;
}

/** A Markdown template of the blog, with what the data cascade gives it. */
export interface EleventyTemplate {
  readonly relative: string;
  readonly file: string;
  /** From the input folder. */
  readonly inInput: string;
  readonly front: Readonly<Record<string, unknown>>;
  readonly cascade: CascadeData;
}

/** Every Markdown template of the input folder, outside its includes, data and output. */
export function eleventyTemplates(
  source: string,
  project: EleventyProject,
  files: readonly FileOfBlog[],
): EleventyTemplate[] {
  const templates: EleventyTemplate[] = [];
  const markdown = project.markdownExtension ? /\.(?:md|markdown)$/i : /\.md$/i;
  for (const { file, inInput, document } of readTemplates(project, files, markdown)) {
    if (/^(?:README|CHANGELOG|LICENSE)\.md$/i.test(file.relative)) continue;
    const front = 'problem' in document ? {} : document.fields;
    templates.push({
      ...file,
      inInput,
      front,
      cascade: cascadeOf(source, project, file.relative, front),
    });
  }
  return templates;
}

// The names blogs give the collection of their posts, the most common first.
const POST_COLLECTIONS = ['posts', 'post', 'blog', 'blogposts', 'blogPosts', 'articles', 'article'];

/**
 * The templates of the blog's posts: the collection its config makes of a glob or a tag, else
 * the files of the tag that names posts, else the files of a folder named so; and the tags that
 * only say a file is a post.
 */
export function postCollection(
  templates: readonly EleventyTemplate[],
  project: EleventyProject,
): { posts: EleventyTemplate[]; collectionTags: Set<string> } {
  const listed = templates.filter(
    ({ front, cascade }) =>
      front.eleventyExcludeFromCollections !== true &&
      cascade.fields.eleventyExcludeFromCollections !== true,
  );
  const collectionTags = new Set(['all']);
  for (const name of POST_COLLECTIONS) {
    const made = project.collections.get(name);
    if (!made) continue;
    const globs = made.globs.map(globPattern);
    const posts = listed.filter(
      ({ relative, cascade }) =>
        globs.some((glob) => glob.test(relative)) ||
        made.tags.some((tag) => cascade.tags.includes(tag)),
    );
    if (posts.length === 0) continue;
    for (const tag of [name, ...made.tags]) collectionTags.add(tag);
    return { posts, collectionTags };
  }
  const counts = POST_COLLECTIONS.map(
    (tag) => [tag, listed.filter(({ cascade }) => cascade.tags.includes(tag)).length] as const,
  ).sort((a, b) => b[1] - a[1]);
  const [tag, count] = counts[0] ?? ['', 0];
  if (count > 0) {
    collectionTags.add(tag);
    return { posts: listed.filter(({ cascade }) => cascade.tags.includes(tag)), collectionTags };
  }
  const posts = listed.filter(({ inInput }) =>
    POST_COLLECTIONS.includes(inInput.split('/')[0] ?? ''),
  );
  return { posts: posts.length > 1 ? posts : [], collectionTags };
}

/** The URL Eleventy published a template at, or why it cannot be told. */
export function eleventyUrl(
  project: EleventyProject,
  template: { readonly inInput: string; readonly permalinkCode: string | undefined },
  fields: Readonly<Record<string, unknown>>,
  date: number,
): PermalinkReading {
  const permalink = fields.permalink;
  if (typeof permalink === 'string')
    return permalinkUrl(
      permalink,
      { inInput: template.inInput, fields, date },
      project.dateFilters,
    );
  if (template.permalinkCode !== undefined) return { unread: 'code', file: template.permalinkCode };
  return { url: defaultUrl(template.inInput) };
}

const FEED_ROOT = /<(rss|feed)\b/;

/**
 * The feeds the blog wrote: those a plugin of its config writes, and its templates of RSS or
 * Atom (`feed.njk` with `permalink: feed.xml`) outside its includes.
 */
export function eleventyFeeds(
  project: EleventyProject,
  files: readonly FileOfBlog[],
): { url: string; format: 'rss' | 'atom' }[] {
  const feeds = [...project.feeds];
  for (const { text, document } of readTemplates(project, files, /\.(?:njk|liquid|xml|html)$/i)) {
    const root = FEED_ROOT.exec(text);
    if (!root) continue;
    const permalink = 'problem' in document ? undefined : stringOf(document.fields.permalink);
    if (permalink === undefined || /\{[{%]/.test(permalink)) continue;
    const url = `/${clean(permalink)}`;
    if (!feeds.some((feed) => feed.url === url))
      feeds.push({ url, format: root[1] === 'feed' ? 'atom' : 'rss' });
  }
  return feeds;
}

/** A template that writes a page of each tag's posts (`pagination: { data: collections }`). */
export interface TermPageTemplate {
  readonly permalink: string;
  /** The name its permalink gives the tag (`tag`). */
  readonly alias: string;
}

/** The blog's templates of a page for each tag, whose permalink is written in its front matter. */
export function eleventyTermPages(
  project: EleventyProject,
  files: readonly FileOfBlog[],
): TermPageTemplate[] {
  const pages: TermPageTemplate[] = [];
  for (const { document } of readTemplates(project, files, /\.(?:njk|liquid|md|html)$/i)) {
    if ('problem' in document) continue;
    const { pagination, permalink } = document.fields;
    // Every collection, or a collection of the tags' names the config makes (`collections.tagList`).
    const data = isRecord(pagination) ? stringOf(pagination.data) : undefined;
    if (data !== 'collections' && !/^collections\.\w*tag/i.test(data ?? '')) continue;
    const alias = isRecord(pagination) ? stringOf(pagination.alias) : undefined;
    if (typeof permalink === 'string' && alias) pages.push({ permalink, alias });
  }
  return pages;
}

/** Where a template of tag pages put the page of `name`, when Folio can read its permalink. */
export function termPageUrl(
  page: TermPageTemplate,
  name: string,
  project: EleventyProject,
): string | undefined {
  const reading = permalinkUrl(
    page.permalink,
    { inInput: '', fields: { [page.alias]: name }, date: 0 },
    project.dateFilters,
  );
  return 'url' in reading ? reading.url : undefined;
}

// A loop over a collection of posts (`{% for post in collections.posts %}`, or one kept for an
// include: `{% set postslist = collections.posts %}`), or over every
// collection, which lists the tags (`{% for tag in collections | keys %}`, `collections.tagList`).
const POSTS_LOOP =
  /\{%-?\s*(?:for\s+\w+\s+in|set\s+\w+\s*=)\s*collections(?:\.(\w+)|\[\s*["']([^"']+)["']\s*\])/;
const TAGS_LOOP = /\{%-?\s*for\s+\w+(?:\s*,\s*\w+)?\s+in\s+collections\s*(?:\||%|\))/;

/** What a page of the blog that lists posts from its collections stood for. */
export type ListPage =
  | { readonly url: string; readonly index: 'archives' | 'tags' }
  | { readonly url: string; readonly tag: string };

/**
 * The blog's pages that list its posts or its tags from its collections (`blog.njk` at `/blog/`,
 * `tags.njk`, `demos.njk` listing `collections.demo`): where each was — its permalink read with
 * its data cascade — and what of Folio's stands for it: the archive for every post (or a
 * collection its config makes of them), a tag's page for a tag's. The home page is Folio's own.
 */
export function eleventyListPages(
  source: string,
  project: EleventyProject,
  files: readonly FileOfBlog[],
  posts: number,
): ListPage[] {
  const lists: ListPage[] = [];
  const made = new Set(['all', ...POST_COLLECTIONS, ...project.collections.keys()]);
  for (const { file, inInput, document } of readTemplates(
    project,
    files,
    /\.(?:njk|liquid|html)$/i,
  )) {
    if ('problem' in document) continue;
    const { pagination, permalink } = document.fields;
    if (isRecord(pagination)) {
      // A list of every post in pages (`/post/`, `/post/page/2/`…) leads to the archive; the home
      // page's pages are Folio's own.
      const collection = /^collections\.(\w+)$/.exec(stringOf(pagination.data) ?? '')?.[1];
      const size = Number(pagination.size);
      if (collection === undefined || !made.has(collection) || !(size >= 1)) continue;
      if (typeof permalink !== 'string') continue;
      const urls = pagedUrls(permalink, Math.ceil(posts / size));
      if (urls === undefined || urls.includes('/')) continue;
      for (const url of urls) lists.push({ url, index: 'archives' });
      continue;
    }
    const cascade = cascadeOf(source, project, file.relative, document.fields);
    const fields = { ...cascade.fields, ...document.fields };
    // A feed or a sitemap lists the posts too, but is no page.
    const permalinkText = stringOf(fields.permalink) ?? '';
    if (
      /\.(?:xml|json|txt)(?:\.\w+)?$/i.test(file.relative) ||
      /\.(?:xml|json|txt)$/i.test(permalinkText)
    )
      continue;
    if (/^\s*<\?xml|^\s*<(?:rss|feed|urlset)\b/.test(document.body)) continue;
    const found = POSTS_LOOP.exec(document.body);
    const loop = found ? (found[1] ?? found[2]) : undefined;
    if (loop === undefined && !TAGS_LOOP.test(document.body)) continue;
    if (fields.permalink === false) continue;
    const reading = eleventyUrl(
      project,
      { inInput, permalinkCode: cascade.permalinkCode },
      fields,
      0,
    );
    if (!('url' in reading) || reading.url === '/' || !isPageUrl(reading.url)) continue;
    const url = reading.url;
    if (loop === undefined || /tag/i.test(loop)) lists.push({ url, index: 'tags' });
    else if (made.has(loop)) lists.push({ url, index: 'archives' });
    else lists.push({ url, tag: loop });
  }
  return lists;
}

/**
 * Whether Eleventy writes a page at `url`: a folder's `index.html`, or an HTML file. A template
 * at any other URL writes a file which is no page (`.htaccess`, `_redirects`, `robots.txt`).
 */
function isPageUrl(url: string): boolean {
  return /(?:\/|\.html?)$/i.test(url);
}

// What a paged template's permalink may say of its page's number: a condition on it, and the
// number itself, or one more (`{% if pagination.pageNumber > 0 %}page/{{ pagination.pageNumber + 1 }}/{% endif %}`).
const PAGE_CONDITION =
  /\{%-?\s*if\s+pagination\.pageNumber\s*(==|!=|>=|<=|>|<)\s*(\d+)\s*-?%\}([\s\S]*?)(?:\{%-?\s*else\s*-?%\}([\s\S]*?))?\{%-?\s*endif\s*-?%\}/g;
const PAGE_NUMBER = /\{\{-?\s*pagination\.pageNumber\s*(?:\+\s*(\d+))?\s*-?\}\}/g;

/**
 * The URLs of the `pages` pages a paged template's `permalink` wrote, where it says no more than
 * its page's number (see `PAGE_CONDITION`); undefined where it says anything else.
 */
export function pagedUrls(permalink: string, pages: number): string[] | undefined {
  const urls: string[] = [];
  for (let page = 0; page < pages; page++) {
    const filled = permalink
      .replace(
        PAGE_CONDITION,
        (_, test: string, number: string, then: string, otherwise: string | undefined) =>
          compare(page, test, Number(number)) ? then : (otherwise ?? ''),
      )
      .replace(PAGE_NUMBER, (_, more: string | undefined) => String(page + Number(more ?? 0)));
    if (/\{[{%]/.test(filled)) return undefined;
    urls.push(filledUrl(filled));
  }
  return urls;
}

function compare(value: number, test: string, other: number): boolean {
  switch (test) {
    case '==':
      return value === other;
    case '!=':
      return value !== other;
    case '>':
      return value > other;
    case '<':
      return value < other;
    case '>=':
      return value >= other;
    default:
      return value <= other;
  }
}

/** A page of the blog written in a template language other than Markdown. */
export interface TemplatePage extends EleventyTemplate {
  /** The template language it is written in: `Nunjucks`. */
  readonly language: string;
}

const TEMPLATE_LANGUAGES: Readonly<Record<string, string>> = {
  njk: 'Nunjucks',
  liquid: 'Liquid',
  html: 'Liquid',
  hbs: 'Handlebars',
  ejs: 'EJS',
  pug: 'Pug',
  mustache: 'Mustache',
  haml: 'Haml',
};

/**
 * The pages of the blog written in Nunjucks, Liquid, HTML and the like (`contact.njk`,
 * `about.html`), but those Folio makes itself: its home and 404 pages, its lists of posts or
 * tags, its feeds, sitemaps and other files that are no page, and pages made by paging.
 */
export function eleventyTemplatePages(
  source: string,
  project: EleventyProject,
  files: readonly FileOfBlog[],
): TemplatePage[] {
  const pages: TemplatePage[] = [];
  const rendered = Object.keys(TEMPLATE_LANGUAGES).filter((kind) =>
    project.templateFormats.includes(kind),
  );
  if (rendered.length === 0) return [];
  const kinds = new RegExp(`\\.(?:${rendered.join('|')})$`, 'i');
  for (const { file, inInput, document } of readTemplates(project, files, kinds)) {
    // Eleventy copies what a passthrough copy names, and renders none of it.
    if (project.passthrough.some((copy) => isCopied(copy, file.relative))) continue;
    if (/^(?:index|404)\.\w+$/.test(inInput) || /\.(?:xml|json|txt)\.\w+$/i.test(inInput)) continue;
    // Without front matter, an HTML file is a page only to Eleventy, whose layout it never had.
    if ('problem' in document || document.format === 'none') continue;
    const cascade = cascadeOf(source, project, file.relative, document.fields);
    const fields = { ...cascade.fields, ...document.fields };
    if (fields.permalink === false || isRecord(fields.pagination)) continue;
    const body = document.body;
    if (
      POSTS_LOOP.test(body) ||
      TAGS_LOOP.test(body) ||
      /^\s*<(?:\?xml|rss|feed|urlset)\b/.test(body)
    )
      continue;
    const reading = eleventyUrl(
      project,
      { inInput, permalinkCode: cascade.permalinkCode },
      fields,
      0,
    );
    if ('url' in reading && !isPageUrl(reading.url)) continue;
    const extension = /\.(\w+)$/.exec(inInput)?.[1]?.toLowerCase() ?? '';
    pages.push({
      relative: file.relative,
      file: file.file,
      inInput,
      language: TEMPLATE_LANGUAGES[extension] ?? extension,
      front: document.fields,
      cascade,
    });
  }
  return pages;
}

/**
 * The blog's home page, where it paged its posts (`index.md` with `pagination: { data:
 * collections.posts, size: 12 }`): the posts to a page; Eleventy put the later pages at `/1/`,
 * `/2/`…
 */
export function homePaging(
  project: EleventyProject,
  files: readonly FileOfBlog[],
): number | undefined {
  for (const { inInput, document } of readTemplates(project, files, /\.(?:md|njk|liquid|html)$/i)) {
    if (!/^index\.\w+$/.test(inInput) || 'problem' in document) continue;
    const { pagination, permalink } = document.fields;
    if (!isRecord(pagination) || permalink !== undefined) continue;
    const data = stringOf(pagination.data);
    const size = Number(pagination.size);
    if (data?.startsWith('collections.') && Number.isInteger(size) && size > 0) return size;
  }
  return undefined;
}

// Import: which files of a Jekyll blog Jekyll reads, by its config's `exclude` and `include`, read
// as Jekyll 4 reads them (pure).
import { escapeRegExp } from '../text/escape-reg-exp.js';
import { namesOf } from './engines.js';

/** What Jekyll 4 leaves out of every site, whatever its config's `exclude` adds. */
const JEKYLL_DEFAULT_EXCLUDES = [
  '.sass-cache',
  '.jekyll-cache',
  'gemfiles',
  'Gemfile',
  'Gemfile.lock',
  'node_modules',
  'vendor/bundle/',
  'vendor/cache/',
  'vendor/gems/',
  'vendor/ruby/',
];

/**
 * Whether Jekyll leaves out the file or folder at `relative` (from the blog's folder, with `/`):
 * an entry of `exclude` names a path from the blog's folder, a leading `/` or not, and leaves out
 * what it matches as a glob (`*.sublime-project`) or what begins with it (`docs` leaves out
 * `docs/_posts/…`, as Minimal Mistakes' config leaves out the theme's own documentation), unless
 * `include` names it or its name. A folder left out is not looked into.
 */
export function jekyllExcluded(
  config: Record<string, unknown>,
): (relative: string, isFolder: boolean) => boolean {
  const include = namesOf(config.include, false);
  const exclude = [...JEKYLL_DEFAULT_EXCLUDES, ...namesOf(config.exclude, false)].filter(
    (entry) => !include.includes(entry),
  );
  const excluded = pathMatcher(exclude);
  const included = pathMatcher(include);
  return (relative, isFolder) => {
    if (!excluded(relative, isFolder)) return false;
    const name = relative.slice(relative.lastIndexOf('/') + 1);
    return !included(relative, isFolder) && !included(name, isFolder);
  };
}

/**
 * Jekyll's test of a path against a list of entries (its `glob_include?`): each entry, joined to
 * the blog's folder as the path is, matches it as a Ruby `File.fnmatch` pattern without flags
 * (where `*` crosses `/`), as a beginning of it, or, for a folder, with a `/` after it.
 */
function pathMatcher(entries: readonly string[]): (relative: string, isFolder: boolean) => boolean {
  // Ruby's `File.join` makes one `/` of the joint, so `/docs` is `docs` under the blog's folder.
  const patterns = entries
    .map((entry) => entry.replace(/^\/+/, ''))
    .filter((entry) => entry !== '')
    .map((entry) => ({ entry, glob: fnmatchPattern(entry) }));
  return (relative, isFolder) =>
    patterns.some(
      ({ entry, glob }) =>
        glob.test(relative) || relative.startsWith(entry) || (isFolder && entry === `${relative}/`),
    );
}

/** A Ruby `File.fnmatch` pattern without flags, as a regular expression of the whole path. */
function fnmatchPattern(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] ?? '';
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else if (char === '\\' && i + 1 < pattern.length) source += escapeRegExp(pattern[++i] ?? '');
    else if (char === '[' && pattern.indexOf(']', i + 2) !== -1) {
      const end = pattern.indexOf(']', i + 2);
      const set = pattern.slice(i + 1, end);
      const negated = set.startsWith('!') || set.startsWith('^');
      const members = (negated ? set.slice(1) : set).replace(/[\\\]^]/g, '\\$&');
      source += `[${negated ? '^' : ''}${members}]`;
      i = end;
    } else source += escapeRegExp(char);
  }
  return new RegExp(`^${source}$`, 's');
}

// Load: the folder a site is loaded from — its real path, links resolved, so that a build and a
// server know every file by one path whatever the author typed, and what one keeps in the site's
// cache the other finds again — and its problems named under the folder as the author named it
// (`.`, `../blog`, a link to it).
import { realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { replacePathsIn } from '../text/paths-in-text.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';

/** The real path of the site folder `given`; its full path when it cannot be resolved. */
export function realSiteFolder(given: string): Promise<string> {
  return realpath(given).catch(() => resolve(given));
}

/** A path inside a folder, `rest`, under the folder as `given`. */
const under =
  (given: string) =>
  (rest: string): string =>
    rest === '' ? given : join(given, rest);

/** A file under the folder `real`, named under `given` instead; any other path as it is. */
export function fileUnder(real: string, given: string): (file: string) => string {
  if (real === given) return (file) => file;
  const rename = under(given);
  return (file) => {
    // Only a full path names a file of the site: a load knows every file by one.
    const inside = isAbsolute(file) ? relative(real, file) : '..';
    return inside.startsWith('..') || isAbsolute(inside) ? file : rename(inside);
  };
}

/** A problem as it names the files under the folder `real`, named under `given` instead. */
export function namedUnder(real: string, given: string): (diagnostic: Diagnostic) => Diagnostic {
  if (real === given) return (diagnostic) => diagnostic;
  const inText = (text: string): string => replacePathsIn(text, real, sep, under(given));
  const named = fileUnder(real, given);
  return (diagnostic) => {
    const { file, message, hint } = diagnostic;
    return { ...diagnostic, file: named(file), message: inText(message), hint: inText(hint) };
  };
}

// Index: links and images in bodies that lead nowhere — reported as warnings, never blocking.
import { sitePath } from '../content/site-path.js';
import { pathKey } from '../urls/url-paths.js';
import type { ConfigResult } from '../config/parse-config.js';
import type { SiteConfig } from '../config/schema.js';
import type { MarkdownDocument, Post, Reference } from '../content/post.js';
import { closestMatch } from '../diagnostics/did-you-mean.js';
import { warning, type Diagnostic } from '../diagnostics/diagnostic.js';
import { escapeRegExp } from '../text/escape-reg-exp.js';

/** What the checks of links and images need to know of the site, beyond its posts. */
export interface ReferenceContext {
  readonly staticPaths: ReadonlySet<string>;
  /** The config's pattern of post URLs: a link of its shape should lead to a post. */
  readonly permalink: string;
  /** Old paths that redirect, by `pathKey`: a link to one still leads somewhere. */
  readonly redirects: ReadonlySet<string>;
  /** The files in the folder of a post written as `slug/index.md`, by `/`-separated path. */
  readonly filesBeside: (post: MarkdownDocument) => ReadonlySet<string>;
}

/**
 * Images missing from static/ or from a post's folder, and links of the shape of a post's URL
 * that lead to no post (or only a draft), in the bodies whose references are given — all, or
 * some, which lets several threads share the work.
 */
export function checkReferences(
  posts: readonly MarkdownDocument[],
  references: ReadonlyMap<MarkdownDocument, readonly Reference[]>,
  context: ReferenceContext,
): Diagnostic[] {
  const { staticPaths } = context;
  const byPath = new Map(posts.map((post) => [pathKey(post.path) ?? post.path, post]));
  const postShape = permalinkShape(context.permalink);
  const diagnostics: Diagnostic[] = [];
  // Whether a post's folder serves the file at `path` (`/posts/x/images/a.png`): a post's own
  // image written from the root, or another's, `../other/images/a.png`.
  const servedBeside = (path: string): boolean => {
    const owner = folderPostOf(byPath, path);
    return owner !== undefined && context.filesBeside(owner.post).has(owner.file);
  };
  for (const [post, found] of references) {
    for (const reference of found) {
      const path = sitePath(reference.target);
      if (reference.kind === 'image') {
        if (path.trim() === '') {
          diagnostics.push(
            warning(
              'image-empty',
              post.file,
              reference.line,
              'an image has no path: it shows nothing',
              'write the path of the image, /images/a.png for static/images/a.png, or remove it',
            ),
          );
        } else if (!path.startsWith('/')) {
          if (post.ownFolder) {
            const beside = besideImage(post, reference, path, servedBeside);
            if (beside) diagnostics.push(beside);
          } else diagnostics.push(relativeImage(post, reference, path, staticPaths));
        } else if (!staticPaths.has(path) && !servedBeside(pathKey(path) ?? path)) {
          diagnostics.push(
            warning(
              'image-missing',
              post.file,
              reference.line,
              `the image ${reference.target} is not in static/`,
              `put the file at static${path} or correct the path`,
            ),
          );
        }
        continue;
      }
      // A file of static/ is served where the link leads (`/code/demo.html`).
      if (staticPaths.has(path)) continue;
      const key = (path.endsWith('/') ? path : `${path}/`).normalize('NFC');
      const target = byPath.get(key);
      // An alias without its final slash is kept as a folder, as the post's own path is: the
      // link leads there all the same.
      const redirected = context.redirects.has(key) || context.redirects.has(path.normalize('NFC'));
      if (!target && (!postShape.test(key) || redirected)) continue;
      if (!target) {
        diagnostics.push(
          warning(
            'post-link-missing',
            post.file,
            reference.line,
            `the link ${reference.target} leads to no post`,
            'check the slug of the post it should lead to',
          ),
        );
      } else if (target.draft && !post.draft) {
        diagnostics.push(
          warning(
            'post-link-draft',
            post.file,
            reference.line,
            `the link ${reference.target} leads to a draft`,
            `readers get a 404 until ${target.file} is published`,
          ),
        );
      }
    }
  }
  return diagnostics;
}

/**
 * The post whose folder serves the file at `path` (`/posts/x/images/a.png`), and the file's path
 * in that folder: the post of the longest path that starts it.
 */
function folderPostOf(
  byPath: ReadonlyMap<string, MarkdownDocument>,
  path: string,
): { readonly post: MarkdownDocument; readonly file: string } | undefined {
  for (let end = path.lastIndexOf('/'); end > 0; end = path.lastIndexOf('/', end - 1)) {
    const post = byPath.get(path.slice(0, end + 1));
    if (post?.ownFolder) return { post, file: path.slice(end + 1) };
  }
  return undefined;
}

/** A regular expression of the paths the permalink pattern gives, `:category` maybe left out. */
function permalinkShape(pattern: string): RegExp {
  const source = pattern
    .split(/(\/:category(?=\/)|:[A-Za-z_]+)/)
    .map((part) => {
      if (part === '/:category') return '(?:/[^/]+)?';
      if (part.startsWith(':')) return '[^/]+';
      return escapeRegExp(part);
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * An image beside a post written as `slug/index.md` that is not in its folder, nor, where its
 * path leads out of it (`../other/a.png`), in the folder of the post served there.
 */
function besideImage(
  post: MarkdownDocument,
  reference: Reference,
  target: string,
  servedAt: (path: string) => boolean,
): Diagnostic | undefined {
  const resolved = new URL(target, `http://site.invalid${post.path}`).pathname;
  if (servedAt(pathKey(resolved) ?? resolved)) return undefined;
  return warning(
    'image-missing',
    post.file,
    reference.line,
    `the image ${reference.target} is not in the post's folder`,
    `put the file beside ${post.file}, or correct the path`,
  );
}

/**
 * An image with a relative path resolves against the post's page (`/posts/x/dog.png`), where
 * nothing is served: posts have no folder of their own to publish files from.
 */
function relativeImage(
  post: MarkdownDocument,
  reference: Reference,
  target: string,
  staticPaths: ReadonlySet<string>,
): Diagnostic {
  const path = target.replace(/^(?:\.\.?\/)+/, '');
  const rooted = `/${path}`;
  const there = staticPaths.has(rooted);
  const suggestion = there || path.startsWith('images/') ? rooted : `/images/${path}`;
  return warning(
    'image-relative',
    post.file,
    reference.line,
    `the image ${reference.target} has a relative path: browsers look for it beside the post's page, where only a post written as slug/index.md has files`,
    there
      ? `write the path ${suggestion}: the file is at static${suggestion}`
      : `put the file at static${suggestion} and write the path ${suggestion}`,
  );
}

/**
 * The author image and the social cards' image missing from static/, and configured categories
 * that no post uses.
 */
export function checkConfigReferences(
  config: SiteConfig,
  source: Pick<ConfigResult, 'file' | 'lineOf'>,
  posts: readonly Post[],
  staticPaths: ReadonlySet<string>,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const images = [
    {
      image: config.author.image,
      code: 'author-image-missing',
      what: 'the author image',
      key: ['author', 'image'],
    },
    {
      image: config.socialImage,
      code: 'social-image-missing',
      what: "the social cards' image",
      key: ['socialImage'],
    },
  ];
  for (const { image, code, what, key } of images) {
    if (!image?.startsWith('/') || staticPaths.has(sitePath(image))) continue;
    diagnostics.push(
      warning(
        code,
        source.file,
        source.lineOf(key),
        `${what} ${image} is not in static/`,
        `put the file at static${sitePath(image)} or correct the path`,
      ),
    );
  }
  const usedNames = new Set<string>();
  for (const post of posts) if (post.category !== undefined) usedNames.add(post.category);
  const used = [...usedNames];
  for (const name of Object.keys(config.categories)) {
    if (used.includes(name)) continue;
    const guess = closestMatch(name, used);
    diagnostics.push(
      warning(
        'category-unused',
        source.file,
        source.lineOf(['categories', name]),
        `no post has the category "${name}", so its title is never shown`,
        guess ? `did you mean "${guess}"?` : 'check its spelling against the posts, or remove it',
      ),
    );
  }
  return diagnostics;
}

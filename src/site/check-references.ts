// Index: links and images in bodies that lead nowhere — reported as warnings, never blocking.
import { sitePath } from '../content/site-path.js';
import type { ConfigResult } from '../config/parse-config.js';
import type { SiteConfig } from '../config/schema.js';
import type { Post, Reference } from '../content/post.js';
import { closestMatch } from '../diagnostics/did-you-mean.js';
import { warning, type Diagnostic } from '../diagnostics/diagnostic.js';

const POST_LINK = /^\/posts\/([^/]+)\/?$/;

/**
 * Images missing from static/, and links to post slugs that no post has (or only a draft), in
 * the bodies whose references are given — all, or some, which lets several threads share the work.
 */
export function checkReferences(
  posts: readonly Post[],
  references: ReadonlyMap<Post, readonly Reference[]>,
  staticPaths: ReadonlySet<string>,
): Diagnostic[] {
  const bySlug = new Map(posts.map((post) => [post.slug, post]));
  const diagnostics: Diagnostic[] = [];
  for (const [post, found] of references) {
    for (const reference of found) {
      const path = sitePath(reference.target);
      if (reference.kind === 'image') {
        if (!path.startsWith('/')) {
          diagnostics.push(relativeImage(post, reference, path, staticPaths));
        } else if (!staticPaths.has(path)) {
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
      const slug = POST_LINK.exec(path)?.[1];
      if (slug === undefined) continue;
      const target = bySlug.get(slug);
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
 * An image with a relative path resolves against the post's page (`/posts/x/dog.png`), where
 * nothing is served: posts have no folder of their own to publish files from.
 */
function relativeImage(
  post: Post,
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
    `the image ${reference.target} has a relative path: browsers look for it beside the post's page, where Folio publishes no files`,
    there
      ? `write the path ${suggestion}: the file is at static${suggestion}`
      : `put the file at static${suggestion} and write the path ${suggestion}`,
  );
}

/** The author image missing from static/, and configured categories that no post uses. */
export function checkConfigReferences(
  config: SiteConfig,
  source: Pick<ConfigResult, 'file' | 'lineOf'>,
  posts: readonly Post[],
  staticPaths: ReadonlySet<string>,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const image = config.author.image;
  if (image?.startsWith('/') && !staticPaths.has(sitePath(image))) {
    diagnostics.push(
      warning(
        'author-image-missing',
        source.file,
        source.lineOf(['author', 'image']),
        `the author image ${image} is not in static/`,
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

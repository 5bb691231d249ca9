// Index: links and images in bodies that lead nowhere — reported as warnings, never blocking.
import { sitePath } from '../content/site-path.js';
import type { Post } from '../content/post.js';
import { warning, type Diagnostic } from '../errors.js';

const POST_LINK = /^\/posts\/([^/]+)\/?$/;

/** Images missing from static/, and links to post slugs that no post has (or only a draft). */
export function checkReferences(
  posts: readonly Post[],
  staticPaths: ReadonlySet<string>,
): Diagnostic[] {
  const bySlug = new Map(posts.map((post) => [post.slug, post]));
  const diagnostics: Diagnostic[] = [];
  for (const post of posts) {
    for (const reference of post.references) {
      const path = sitePath(reference.target);
      if (reference.kind === 'image') {
        if (!staticPaths.has(path)) {
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

// Index: problems that only show across posts — two posts with one slug, two names with one slug.
import type { Post } from '../content/post.js';
import { slugify } from '../content/slugify.js';
import { error, type Diagnostic } from '../errors.js';
import { termNames, type TaxonomyKind } from './taxonomy.js';

/** Checks every post, drafts and scheduled ones too, so that publishing one never breaks the site. */
export function checkCollisions(posts: readonly Post[]): Diagnostic[] {
  return [
    ...checkPostSlugs(posts),
    ...checkTermSlugs(posts, 'category'),
    ...checkTermSlugs(posts, 'tag'),
  ];
}

function checkPostSlugs(posts: readonly Post[]): Diagnostic[] {
  const seen = new Map<string, Post>();
  const diagnostics: Diagnostic[] = [];
  for (const post of posts) {
    // Case is ignored because the static export must also work on case-insensitive disks.
    const key = post.slug.toLowerCase();
    const first = seen.get(key);
    if (!first) {
      seen.set(key, post);
      continue;
    }
    diagnostics.push(
      error(
        'post-slug-duplicate',
        post.file,
        post.lines.slug,
        `the slug "${post.slug}" is also the slug of ${first.file}`,
        'give one of the two posts another file name or a `slug:` of its own',
      ),
    );
  }
  return diagnostics;
}

function checkTermSlugs(posts: readonly Post[], kind: TaxonomyKind): Diagnostic[] {
  const firstUse = new Map<string, { name: string; post: Post }>();
  const reported = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const key = kind === 'category' ? 'category' : 'tags';
  for (const post of posts) {
    for (const name of termNames(post, kind)) {
      const line = post.lines[key];
      const slug = slugify(name);
      if (slug === '') {
        diagnostics.push(
          error(
            `${kind}-slug-empty`,
            post.file,
            line,
            `the ${kind} "${name}" gives an empty URL slug`,
            'use at least one letter or digit in its name',
          ),
        );
        continue;
      }
      const first = firstUse.get(slug);
      if (!first) {
        firstUse.set(slug, { name, post });
        continue;
      }
      const pair = `${slug}\u0000${name}`;
      if (first.name === name || reported.has(pair)) continue;
      reported.add(pair);
      diagnostics.push(
        error(
          `${kind}-slug-collision`,
          post.file,
          line,
          `the ${kind} "${name}" and the ${kind} "${first.name}" (in ${first.post.file}) both give the URL slug "${slug}"`,
          `write the ${kind} the same way in both posts, or rename one of them`,
        ),
      );
    }
  }
  return diagnostics;
}

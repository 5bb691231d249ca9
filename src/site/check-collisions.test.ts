import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatDiagnostic } from '../diagnostics/diagnostic.js';
import { checkCollisions } from './check-collisions.js';
import type { Post } from '../content/post.js';
import { makePost } from '../../test/support/site-fixtures.js';

/** Checks posts as the loader does: each post file also claims its slug (past line 1: by key). */
const check = (posts: readonly Post[]) =>
  checkCollisions(
    posts,
    posts.map((post) => ({
      file: post.file,
      slug: post.slug,
      line: post.lines.slug,
      fromKey: post.lines.slug > 1,
    })),
  );

describe('slug collisions', () => {
  it('reports two posts with one slug, each at its own slug line, naming the other', () => {
    const first = makePost('hello', { file: 'content/posts/2023/hello.md' });
    const second = makePost('hello', {
      file: 'content/posts/2024/hello.md',
      lines: { slug: 4, path: 4, aliases: 1, category: 2, tags: 3 },
    });
    const diagnostics = check([first, second]);
    assert.deepEqual(
      diagnostics.map((d) => `${d.severity} ${formatDiagnostic(d)}`),
      [
        'error content/posts/2023/hello.md:1: the slug "hello" is also the slug of content/posts/2024/hello.md:4 (give one of the posts another file name or a `slug:` of its own)',
        'error content/posts/2024/hello.md:4: the slug "hello" is also the slug of content/posts/2023/hello.md (give one of the posts another file name or a `slug:` of its own)',
      ],
    );
  });

  it('names every other post when more than two share a slug', () => {
    const posts = ['a', 'b', 'c'].map((name) =>
      makePost('same', { file: `content/posts/${name}.md` }),
    );
    const messages = check(posts).map((d) => `${d.file}: ${d.message}`);
    assert.deepEqual(messages, [
      'content/posts/a.md: the slug "same" is also the slug of content/posts/b.md, content/posts/c.md',
      'content/posts/b.md: the slug "same" is also the slug of content/posts/a.md, content/posts/c.md',
      'content/posts/c.md: the slug "same" is also the slug of content/posts/a.md, content/posts/b.md',
    ]);
  });

  it('reports two post slugs that differ only in case', () => {
    const diagnostics = check([makePost('Hello'), makePost('hello')]);
    assert.equal(diagnostics.length, 2);
  });

  it('reports two category names with one slug, naming both names', () => {
    const diagnostics = check([
      makePost('a', { category: 'Node.js' }),
      makePost('b', {
        category: 'nodejs',
        lines: { slug: 1, path: 1, aliases: 1, category: 5, tags: 3 },
      }),
    ]);
    assert.equal(diagnostics.length, 1);
    const [problem] = diagnostics;
    assert.equal(problem?.severity, 'error');
    assert.equal(problem?.file, 'content/posts/b.md');
    assert.equal(problem?.line, 5);
    assert.ok(problem?.message.includes('"Node.js"'), problem?.message);
    assert.ok(problem?.message.includes('"nodejs"'), problem?.message);
  });

  it('reports two tag names with one slug, naming both names', () => {
    const diagnostics = check([
      makePost('a', { tags: ['Machine Learning'] }),
      makePost('b', {
        tags: ['machine-learning'],
        lines: { slug: 1, path: 1, aliases: 1, category: 2, tags: 6 },
      }),
    ]);
    assert.equal(diagnostics.length, 1);
    const [problem] = diagnostics;
    assert.equal(problem?.line, 6);
    assert.ok(problem?.message.includes('"Machine Learning"'), problem?.message);
    assert.ok(problem?.message.includes('"machine-learning"'), problem?.message);
  });

  it('reports a colliding pair once however many posts repeat it', () => {
    const diagnostics = check([
      makePost('a', { tags: ['Node.js'] }),
      makePost('b', { tags: ['nodejs'] }),
      makePost('c', { tags: ['nodejs'] }),
    ]);
    assert.equal(diagnostics.length, 1);
  });

  it('accepts a tag equal to the category name', () => {
    const posts = [
      makePost('a', { category: 'Algorithm', tags: ['Algorithm', 'sorting'] }),
      makePost('b', { category: 'Algorithm', tags: ['Algorithm'] }),
    ];
    assert.deepEqual(check(posts), []);
  });

  it('accepts the same name used by many posts', () => {
    const posts = ['a', 'b', 'c'].map((slug) =>
      makePost(slug, { category: 'Rust', tags: ['Rust 러스트'] }),
    );
    assert.deepEqual(check(posts), []);
  });

  it('checks drafts too, so that publishing one never breaks the site', () => {
    const diagnostics = check([makePost('same'), makePost('same', { draft: true })]);
    assert.equal(diagnostics.length, 2);
  });

  it('reports a name that gives an empty slug', () => {
    const diagnostics = check([makePost('a', { tags: ['++'] })]);
    assert.equal(diagnostics.length, 1);
    assert.equal(diagnostics[0]?.severity, 'error');
  });

  it('reports a duplicate slug even when one of the two files has other errors', () => {
    const claims = [
      { file: 'content/posts/broken.md', slug: 'twin', line: 1, fromKey: false },
      { file: 'content/posts/other.md', slug: 'twin', line: 4, fromKey: true },
    ];
    const diagnostics = checkCollisions([], claims);
    assert.deepEqual(
      diagnostics.map((d) => `${d.file}:${d.line}: ${d.code}`),
      [
        'content/posts/broken.md:1: post-slug-duplicate',
        'content/posts/other.md:4: post-slug-duplicate',
      ],
    );
  });
});

describe('series', () => {
  const part = (slug: string, name: string, order: number | undefined, line = 6) =>
    makePost(slug, { series: { name, order, line: 5, orderLine: line } });

  it('reports two series names with one slug, naming both names and the other file', () => {
    const diagnostics = check([
      part('a', 'Learning Rust', 1),
      part('b', 'learning-rust', undefined),
    ]);
    assert.deepEqual(
      diagnostics.map((d) => `${d.severity} ${formatDiagnostic(d)}`),
      [
        'error content/posts/b.md:5: the series "learning-rust" and the series "Learning Rust" (in content/posts/a.md) both give the URL slug "learning-rust" (write the series the same way in both posts, or rename one of them)',
      ],
    );
  });

  it('reports a series name without a letter or digit', () => {
    assert.deepEqual(
      check([part('a', '???', undefined)]).map((d) => [d.code, d.line]),
      [['series-slug-empty', 5]],
    );
  });

  it('warns of two posts of one series with one part number, each naming the other', () => {
    const diagnostics = check([
      part('a', 'S', 2, 7),
      makePost('b', {
        date: Date.parse('2023-01-01T00:00:00Z'),
        series: { name: 'S', order: 2, line: 4, orderLine: 6 },
      }),
      part('c', 'S', 1),
      part('d', 'Other', 2),
    ]);
    assert.deepEqual(
      diagnostics.map((d) => `${d.severity} ${formatDiagnostic(d)}`),
      [
        'warning content/posts/b.md:6: warning: part 2 of the series "S" is also given by content/posts/a.md:7; the older post reads first (give each post of the series its own `seriesOrder`)',
        'warning content/posts/a.md:7: warning: part 2 of the series "S" is also given by content/posts/b.md:6; the older post reads first (give each post of the series its own `seriesOrder`)',
      ],
    );
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { theOnlyError } from '../../test/support/only-error.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { normalizeText } from '../text/normalize-text.js';
import { parsePost } from './parse-post.js';

const FILE = 'content/posts/hello.md';
const SEOUL = { timezone: 'Asia/Seoul' };

const parse = (lines: readonly string[], fileSlug = 'hello') =>
  parsePost(lines.join('\n'), FILE, fileSlug, SEOUL);

/** Parses lines that must give no post and exactly one error, and returns it. */
function onlyError(lines: readonly string[], fileSlug = 'hello'): Diagnostic {
  const { post, diagnostics } = parse(lines, fileSlug);
  return theOnlyError(post, diagnostics, FILE);
}

const front = (...keys: string[]): string[] => ['---', ...keys, '---', '', 'Body text.'];
const TITLE = 'title: Hello';
const DATE = 'date: 2024-03-15';
const TAGS = 'tags: [rust]';

describe('front matter problems', () => {
  it('reports a post without front matter on line 1', () => {
    const problem = onlyError(['# Hello', '', 'Body.']);
    assert.equal(problem.line, 1);
    assert.match(problem.message, /no front matter/);
    assert.match(problem.hint, /---/);
  });

  it('reports front matter that is never closed', () => {
    const problem = onlyError(['---', TITLE, DATE, TAGS, '', 'Body.']);
    assert.equal(problem.line, 1);
    assert.match(problem.message, /never closed/);
  });

  it('reports bad YAML at its line counted from the top of the file', () => {
    const problem = onlyError(front(TITLE, DATE, 'category: a: b', TAGS));
    assert.equal(problem.line, 4);
    assert.match(problem.message, /not valid YAML/);
  });

  it('reports an unclosed flow list on its line in the file', () => {
    const problem = onlyError(front(TITLE, DATE, 'tags: [rust, testing'));
    assert.equal(problem.line, 4);
  });

  it('reports an unclosed quote on the line where it opens', () => {
    const problem = onlyError(front('title: "open quote', DATE, TAGS));
    assert.equal(problem.line, 2);
    assert.match(problem.message, /not valid YAML/);
  });

  it('lists every problem of a file at once, the date and slug too', () => {
    const { post, diagnostics } = parse(
      front('category: [x, y]', 'date: 2024-13-45', 'tags: []', 'slug: has space'),
    );
    assert.equal(post, undefined);
    const found = diagnostics.map((d) => `${d.line} ${d.code}`).sort();
    // The category on line 2, the missing title (named at the first line), the date, the tags
    // and the slug.
    assert.deepEqual(found, [
      '2 front-matter-invalid',
      '2 front-matter-invalid',
      '3 front-matter-date',
      '4 front-matter-invalid',
      '5 post-slug',
    ]);
  });

  it('claims its slug even when the file is broken, so duplicates are still found', () => {
    const { post, claim } = parse(front('slug: twin', DATE, TAGS));
    assert.equal(post, undefined);
    assert.deepEqual(claim, { file: FILE, slug: 'twin', line: 2, fromKey: true });
  });

  it('reports a missing title', () => {
    const problem = onlyError(front(DATE, TAGS));
    assert.match(problem.message, /no `title`/);
    assert.equal(problem.line, 2);
  });

  it('reports missing tags', () => {
    const problem = onlyError(front(TITLE, DATE));
    assert.match(problem.message, /no `tags`/);
    assert.match(problem.hint, /tags: \[/);
  });

  it('reports tags written as one string on the tags line', () => {
    const problem = onlyError(front(TITLE, DATE, 'tags: rust'));
    assert.equal(problem.line, 4);
    assert.match(problem.message, /`tags` must be a list/);
  });

  it('reports an empty tag list on the tags line', () => {
    const problem = onlyError(front(TITLE, DATE, 'tags: []'));
    assert.equal(problem.line, 4);
    assert.match(problem.message, /at least one tag/);
  });

  it('reports an impossible date on the date line', () => {
    const problem = onlyError(front(TITLE, TAGS, 'date: 2024-13-45'));
    assert.equal(problem.line, 4);
    assert.match(problem.message, /2024-13-45/);
    assert.match(problem.hint, /2024-03-15/);
  });

  it('reports a file name with a space and suggests a slug', () => {
    const problem = onlyError(front(TITLE, DATE, TAGS), 'my first post');
    assert.match(problem.message, /my first post/);
    assert.match(problem.hint, /my-first-post/);
  });

  it('reports a slug that cannot stand in a URL on the slug line', () => {
    const problem = onlyError(front(TITLE, DATE, TAGS, 'slug: what/now?'));
    assert.equal(problem.line, 5);
  });

  it('warns about an unknown key with a did-you-mean, and still reads the post', () => {
    const { post, diagnostics } = parse(front(TITLE, DATE, TAGS, 'categroy: Algorithm'));
    assert.ok(post);
    assert.equal(diagnostics.length, 1);
    const [warning] = diagnostics;
    assert.equal(warning?.severity, 'warning');
    assert.equal(warning?.line, 5);
    assert.match(warning?.message ?? '', /categroy/);
    assert.match(warning?.hint ?? '', /did you mean `category`/);
  });
});

describe('reading a post', () => {
  it('reads title, tags, category, draft and description', () => {
    const { post, diagnostics } = parse(
      front(
        'title: "Rust 러스트: <b>first</b>"',
        DATE,
        'category: Algorithm',
        'tags: [rust, 러스트, rust]',
        'draft: true',
        'description: One line.',
      ),
    );
    assert.deepEqual(diagnostics, []);
    assert.equal(post?.title, 'Rust 러스트: <b>first</b>');
    assert.equal(post?.category, 'Algorithm');
    assert.deepEqual(post?.tags, ['rust', '러스트']);
    assert.equal(post?.draft, true);
    assert.equal(post?.description, 'One line.');
  });

  it('reads a date without an offset in the site time zone', () => {
    const { post } = parse(front(TITLE, DATE, TAGS));
    assert.equal(post?.date, Date.parse('2024-03-14T15:00:00Z'));
  });

  it('reads the three date formats', () => {
    const cases: [string, string][] = [
      ['2024-03-15', '2024-03-14T15:00:00Z'],
      ['2024-03-15 09:30', '2024-03-15T00:30:00Z'],
      ['2024-03-15T09:30:00+02:00', '2024-03-15T07:30:00Z'],
    ];
    for (const [value, instant] of cases) {
      const { post, diagnostics } = parse(front(TITLE, `date: ${value}`, TAGS));
      assert.deepEqual(diagnostics, [], value);
      assert.equal(post?.date, Date.parse(instant), value);
    }
  });

  it('reads `updated` in the forms of `date`, and the post keeps its date', () => {
    const { post, diagnostics } = parse(front(TITLE, DATE, 'updated: 2024-04-02 10:00', TAGS));
    assert.deepEqual(diagnostics, []);
    assert.equal(post?.date, Date.parse('2024-03-14T15:00:00Z'));
    assert.equal(post?.updated, Date.parse('2024-04-02T01:00:00Z'));
    assert.equal(parse(front(TITLE, DATE, TAGS)).post?.updated, undefined);
  });

  it('reports an `updated` it cannot read on its line, and warns of one before the date', () => {
    const problem = onlyError(front(TITLE, DATE, 'updated: last tuesday', TAGS));
    assert.equal(problem.line, 4);
    assert.match(problem.message, /`updated` "last tuesday" is not a date/);
    const { post, diagnostics } = parse(front(TITLE, DATE, 'updated: 2024-03-01', TAGS));
    assert.ok(post, 'an early update is only a warning');
    assert.deepEqual(
      diagnostics.map((d) => [d.severity, d.line, d.code]),
      [['warning', 4, 'front-matter-updated-early']],
    );
  });

  it('reads a series and its part number, a number written as the author wrote it', () => {
    const { post, diagnostics } = parse(
      front(TITLE, DATE, TAGS, 'series: Learning Rust', 'seriesOrder: 2'),
    );
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(post?.series, { name: 'Learning Rust', order: 2, line: 5, orderLine: 6 });
    const unnumbered = parse(front(TITLE, DATE, TAGS, 'series: 2024')).post?.series;
    assert.deepEqual(unnumbered, { name: '2024', order: undefined, line: 5, orderLine: 5 });
  });

  it('reports a part number that is not a whole number of 1 or more on its line', () => {
    for (const [written, message] of [
      ['abc', /`seriesOrder` must be a whole number, e\.g\. 2 \(found "abc"\)/],
      ['2.5', /must be a whole number/],
      ['0', /must be 1 or more: the first part of a series is 1/],
      ['-3', /must be 1 or more/],
    ] as const) {
      const problem = onlyError(front(TITLE, DATE, TAGS, 'series: S', `seriesOrder: ${written}`));
      assert.equal(problem.line, 6);
      assert.match(problem.message, message);
      assert.match(problem.hint, /`seriesOrder: 2`/);
    }
  });

  it('warns of a part number without a series, and still reads the post', () => {
    const { post, diagnostics } = parse(front(TITLE, DATE, TAGS, 'seriesOrder: 1'));
    assert.equal(post?.series, undefined);
    assert.deepEqual(
      diagnostics.map((d) => [d.severity, d.line, d.code]),
      [['warning', 5, 'front-matter-series-order-alone']],
    );
  });

  it('reads `pinned`, off unless written true, and reports a value that is not true or false', () => {
    assert.equal(parse(front(TITLE, DATE, TAGS, 'pinned: true')).post?.pinned, true);
    assert.equal(parse(front(TITLE, DATE, TAGS, 'pinned: false')).post?.pinned, false);
    assert.equal(parse(front(TITLE, DATE, TAGS)).post?.pinned, false);
    const problem = onlyError(front(TITLE, DATE, TAGS, 'pinned: yes please'));
    assert.equal(problem.line, 5);
    assert.match(problem.message, /pinned/);
    assert.match(problem.message, /true or false/);
    assert.match(problem.hint, /pinned: true/);
  });

  it('keeps numbers as the author wrote them in titles, categories and tags', () => {
    const { post } = parse(front('title: 3.10', 'category: 1.0', DATE, 'tags: [3.10, 1e3, 010]'));
    assert.equal(post?.title, '3.10');
    assert.equal(post?.category, '1.0');
    assert.deepEqual(post?.tags, ['3.10', '1e3', '010']);
  });

  it('composes a slug written in decomposed Unicode, as request paths are', () => {
    const decomposed = '\u1112\u1161\u11ab';
    const { post } = parse(front(TITLE, DATE, TAGS), decomposed);
    assert.equal(post?.slug, '\ud55c');
  });

  it('uses the file name as the slug unless the front matter sets one', () => {
    assert.equal(parse(front(TITLE, DATE, TAGS), 'hello-world').post?.slug, 'hello-world');
    assert.equal(
      parse(front(TITLE, DATE, TAGS, 'slug: custom'), 'hello-world').post?.slug,
      'custom',
    );
  });

  it('accepts a byte-order mark and Windows line ends', () => {
    const raw = `\ufeff${front(TITLE, DATE, 'tags:', '  - rust', '  - testing').join('\r\n')}\r\n`;
    const { post, body, diagnostics } = parsePost(raw, FILE, 'hello', SEOUL);
    assert.deepEqual(diagnostics, []);
    assert.equal(post?.title, 'Hello');
    assert.deepEqual(post?.tags, ['rust', 'testing']);
    assert.equal(body, '\nBody text.\n');
  });

  it('hands over the body after the front matter, and the line it starts on', () => {
    const { post, body } = parsePost(front(TITLE, DATE, TAGS).join('\n'), FILE, 'hello', SEOUL);
    assert.equal(body, '\nBody text.');
    assert.equal(post?.bodyLine, 6);
  });
});

describe("a post's text", () => {
  it('removes a byte-order mark and turns CRLF and CR into LF', () => {
    assert.equal(normalizeText('\ufeffa\r\nb\rc'), 'a\nb\nc');
  });
});

describe('a cover image', () => {
  it('is a file under static/, as written, with its description and line', () => {
    const { post, diagnostics } = parse(
      front(TITLE, DATE, TAGS, 'image: /images/cover.jpg', 'imageAlt: A red bicycle'),
    );
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(post?.image, {
      written: '/images/cover.jpg',
      src: '/images/cover.jpg',
      alt: 'A red bicycle',
      line: 5,
    });
  });

  it("resolves a file beside the post against the post's page, percent-encoded", () => {
    const { post } = parsePost(
      front(TITLE, DATE, TAGS, 'image: photos/첫 날.png').join('\n'),
      'content/posts/trip/index.md',
      'trip',
      SEOUL,
    );
    assert.equal(post?.image?.written, 'photos/첫 날.png');
    assert.equal(post?.image?.src, '/posts/trip/photos/%EC%B2%AB%20%EB%82%A0.png');
  });

  it('keeps an http(s) URL as it is, and is decorative without imageAlt', () => {
    const { post } = parse(front(TITLE, DATE, TAGS, 'image: https://cdn.example.org/a.webp?w=1'));
    assert.equal(post?.image?.src, 'https://cdn.example.org/a.webp?w=1');
    assert.equal(post?.image?.alt, '');
  });

  for (const value of ['data:image/png;base64,AAAA', '//cdn.example.org/a.png', '""', '[a.png]']) {
    it(`refuses \`image: ${value}\` on its line, saying what to write`, () => {
      const problem = onlyError(front(TITLE, DATE, TAGS, `image: ${value}`));
      assert.equal(problem.line, 5);
      assert.match(problem.message, /`image`/);
      assert.match(problem.hint, /image: \/images\/cover\.jpg/);
    });
  }

  it('warns of imageAlt without an image', () => {
    const { post, diagnostics } = parse(front(TITLE, DATE, TAGS, 'imageAlt: A red bicycle'));
    assert.equal(post?.image, undefined);
    assert.deepEqual(
      diagnostics.map((d) => `${d.line} ${d.severity} ${d.code}`),
      ['5 warning front-matter-image-alt'],
    );
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDiagnostic } from '../diagnostics/diagnostic.js';
import {
  checkConfigReferences,
  checkReferences,
  type ReferenceContext,
} from './check-references.js';

const context = (staticPaths: ReadonlySet<string>): ReferenceContext => ({
  staticPaths,
  permalink: '/posts/:slug/',
  redirects: new Set(),
  filesBeside: () => new Set(),
});
import { makeConfig, makePost } from '../../test/support/site-fixtures.js';

const image = (target: string) => ({ kind: 'image' as const, target, line: 8 });

describe('checking images', () => {
  it('warns of an image missing from static/, saying where to put it', () => {
    const post = makePost('a');
    const references = new Map([[post, [image('/images/missing.png')]]]);
    assert.deepEqual(
      checkReferences([post], references, context(new Set())).map((d) => formatDiagnostic(d)),
      [
        'content/posts/a.md:8: warning: the image /images/missing.png is not in static/ (put the file at static/images/missing.png or correct the path)',
      ],
    );
  });

  it('warns of an image with a relative path, saying to put it under static/images/ and root its path', () => {
    const post = makePost('a');
    const references = new Map([[post, [image('dog.png'), image('./photos/cat.jpg')]]]);
    const found = checkReferences([post], references, context(new Set())).map(
      (d) => `${d.code}: ${d.message} (${d.hint})`,
    );
    assert.deepEqual(found, [
      "image-relative: the image dog.png has a relative path: browsers look for it beside the post's page, where only a post written as slug/index.md has files (put the file at static/images/dog.png and write the path /images/dog.png)",
      "image-relative: the image ./photos/cat.jpg has a relative path: browsers look for it beside the post's page, where only a post written as slug/index.md has files (put the file at static/images/photos/cat.jpg and write the path /images/photos/cat.jpg)",
    ]);
  });

  it('points a relative path that lacks only its leading / at the file in static/', () => {
    const post = makePost('a');
    const references = new Map([[post, [image('images/dog.png')]]]);
    const [warning] = checkReferences([post], references, context(new Set(['/images/dog.png'])));
    assert.equal(
      warning?.hint,
      'write the path /images/dog.png: the file is at static/images/dog.png',
    );
  });

  it("finds an image in a post's folder where its path leads, relative or from the root", () => {
    const here = makePost('here', { ownFolder: true, file: 'content/posts/here/index.md' });
    const there = makePost('there', { ownFolder: true, file: 'content/posts/there/index.md' });
    const references = new Map([
      [
        here,
        [
          image('images/own.png'),
          image('../there/images/shared.png'),
          image('/posts/there/images/shared.png'),
          image('../there/gone.png'),
        ],
      ],
    ]);
    const found = checkReferences([here, there], references, {
      ...context(new Set()),
      filesBeside: (post) => new Set(post === here ? ['images/own.png'] : ['images/shared.png']),
    });
    assert.deepEqual(
      found.map(({ code, message }) => `${code}: ${message}`),
      ["image-missing: the image ../there/gone.png is not in the post's folder"],
    );
  });

  it('warns of an image with no path, as a removed tag of an engine leaves it', () => {
    const post = makePost('a');
    const references = new Map([[post, [image(''), image(' ')]]]);
    const found = checkReferences([post], references, context(new Set()));
    assert.deepEqual(
      found.map(({ code, message }) => `${code}: ${message}`),
      [
        'image-empty: an image has no path: it shows nothing',
        'image-empty: an image has no path: it shows nothing',
      ],
    );
  });

  it('accepts an image that is in static/', () => {
    const post = makePost('a');
    const references = new Map([[post, [image('/images/dog.png')]]]);
    assert.deepEqual(
      checkReferences([post], references, context(new Set(['/images/dog.png']))),
      [],
    );
  });
});

describe('checking links', () => {
  const link = (target: string) => ({ kind: 'link' as const, target, line: 9 });

  it("warns of a link of a post's shape that leads to no post, but not of a file of static/", () => {
    const post = makePost('a');
    const references = new Map([[post, [link('/posts/gone/'), link('/posts/demo.html')]]]);
    const found = checkReferences([post], references, {
      ...context(new Set(['/posts/demo.html'])),
      permalink: '/:category/:slug/',
    });
    assert.deepEqual(
      found.map(({ code, message }) => `${code}: ${message}`),
      ['post-link-missing: the link /posts/gone/ leads to no post'],
    );
  });

  it('finds the post a link leads to with its @ or + escaped, as the server decodes it', () => {
    const post = makePost('a');
    const target = makePost('spring-@transactional-c++');
    const found = checkReferences(
      [post, target],
      new Map([[post, [link('/posts/spring-%40transactional-c%2B%2B/')]]]),
      context(new Set()),
    );
    assert.deepEqual(found, []);
  });

  it('accepts a link to an old path that redirects, written with or without its final slash', () => {
    const post = makePost('a');
    const old = [link('/posts/old'), link('/posts/old/'), link('/posts/%C3%A9t%C3%A9')];
    const found = checkReferences([post], new Map([[post, old]]), {
      ...context(new Set()),
      redirects: new Set(['/posts/old/', '/posts/été/']),
    });
    assert.deepEqual(found, []);
  });
});

describe("checking the config's images", () => {
  const source = {
    file: 'folio.config.yaml',
    lineOf: (path: readonly (string | number)[]) => path.length * 10,
  };

  it("warns of the author image and the social cards' image missing from static/", () => {
    const config = makeConfig({
      author: { name: 'Jane', image: '/images/gone.png' },
      socialImage: '/images/card one.png',
      categories: {},
    });
    assert.deepEqual(
      checkConfigReferences(config, source, [], new Set()).map((d) => formatDiagnostic(d)),
      [
        'folio.config.yaml:20: warning: the author image /images/gone.png is not in static/ (put the file at static/images/gone.png or correct the path)',
        "folio.config.yaml:10: warning: the social cards' image /images/card one.png is not in static/ (put the file at static/images/card one.png or correct the path)",
      ],
    );
  });

  it('finds them there, and leaves URLs alone', () => {
    const there = makeConfig({ socialImage: '/images/card.png', categories: {} });
    const paths = new Set(['/images/card.png', '/images/avatar.png']);
    assert.deepEqual(checkConfigReferences(there, source, [], paths), []);
    const remote = makeConfig({ socialImage: 'https://cdn.example.org/card.png', categories: {} });
    assert.deepEqual(checkConfigReferences(remote, source, [], paths), []);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDiagnostic } from '../diagnostics/diagnostic.js';
import { checkReferences, type ReferenceContext } from './check-references.js';

const context = (staticPaths: ReadonlySet<string>): ReferenceContext => ({
  staticPaths,
  permalink: '/posts/:slug/',
  redirects: new Set(),
  filesBeside: () => new Set(),
});
import { makePost } from '../../test/support/site-fixtures.js';

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

  it('accepts an image that is in static/', () => {
    const post = makePost('a');
    const references = new Map([[post, [image('/images/dog.png')]]]);
    assert.deepEqual(
      checkReferences([post], references, context(new Set(['/images/dog.png']))),
      [],
    );
  });
});

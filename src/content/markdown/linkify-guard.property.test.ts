import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { linkLikeGitHub, skipTextWithoutLinks } from './linkify-guard.js';
import { run, show } from '../../../test/support/text-arbitraries.js';

// The guard may only save work: on any text, the guarded linkify answers what linkify-it does.

const RUNS = 20_000;

// Both find the links Folio's Markdown finds.
const reference = new MarkdownIt({ linkify: true }).linkify;
linkLikeGitHub(reference);
const guarded = new MarkdownIt({ linkify: true }).linkify;
linkLikeGitHub(guarded);
skipTextWithoutLinks(guarded);

// Pieces of links and of the prose around them, so that generated text holds links often.
const piece = fc.oneof(
  { arbitrary: run(fc.constantFrom(...'abcxyzABC0123456789-_'), 6), weight: 3 },
  {
    arbitrary: fc.constantFrom(
      ...' \t\n.,;:!?()[]<>"\'/@#%&=+~|',
      '\u00a0',
      '\u3000',
      '\uff5c',
      '\uff0e',
      '。',
      '..',
      '. ',
    ),
    weight: 3,
  },
  {
    arbitrary: fc.constantFrom(
      'www.',
      'localhost',
      'https://',
      'mailto:',
      'ftp:',
      '//',
      '.com',
      '.org',
      '.рф',
      '.io',
      '.de',
      'xn--p1ai',
      'пример',
      '例子',
      '127.0.0.1',
      ':8080',
      'user@',
    ),
    weight: 3,
  },
);
const text = fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join(''));

describe('linkify guard', () => {
  it('finds a link in exactly the texts where linkify-it finds one', () => {
    let withLinks = 0;
    fc.assert(
      fc.property(text, (sample) => {
        if (reference.test(sample)) withLinks += 1;
        assert.equal(guarded.test(sample), reference.test(sample), show(sample));
        // `pretest` is a quick filter before `test`: it may be looser, never stricter.
        if (reference.test(sample)) assert.ok(guarded.pretest(sample), show(sample));
      }),
      { numRuns: RUNS },
    );
    // Both kinds of text must be common, or the property says little.
    assert.ok(withLinks > RUNS / 50 && withLinks < RUNS / 2, `${withLinks} of ${RUNS} with links`);
  });

  it('passes over prose without scheme, @ or inner dot, and still finds the links in prose', () => {
    assert.equal(guarded.test('A sentence. Another one, ending here.'), false);
    assert.equal(guarded.test('see www.example.com for more'), true);
    assert.equal(guarded.test('mail me at me@example.org.'), true);
    assert.equal(guarded.test('or //localhost:8080 instead'), true);
  });
});

describe('bare links', () => {
  const render = (text: string): string => {
    const markdown = new MarkdownIt({ linkify: true });
    linkLikeGitHub(markdown.linkify);
    return markdown.renderInline(text);
  };

  it('are the addresses GitHub links: with a scheme, from www., and email addresses', () => {
    assert.equal(
      render('See https://a.example/x, www.b.example/y?z=1. and me@mail.org'),
      'See <a href="https://a.example/x">https://a.example/x</a>, <a href="http://www.b.example/y?z=1">www.b.example/y?z=1</a>. and <a href="mailto:me@mail.org">me@mail.org</a>',
    );
  });

  it('are not words that only end like a domain: code, settings, names', () => {
    const prose = 'Call client.Do(req), set spring.application.name, read Schema.org.';
    assert.equal(render(prose), prose);
    assert.equal(render('awww.example.com'), 'awww.example.com');
    assert.equal(render('foo.www.example.com'), 'foo.www.example.com');
    assert.equal(
      render('(www.example.com)'),
      '(<a href="http://www.example.com">www.example.com</a>)',
    );
  });
});

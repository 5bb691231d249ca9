import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { theOnlyError } from '../../test/support/only-error.js';
import { escapeControls, formatDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { parseConfig } from './parse-config.js';

const FILE = 'my-blog/folio.config.yaml';

const MINIMAL = [
  'title: Dev Notes',
  'url: https://blog.example.com',
  'author:',
  '  name: Jane Doe',
];

/** Parses config lines that must have exactly one problem, and returns it. */
function onlyProblem(lines: readonly string[]): Diagnostic {
  const { config, diagnostics } = parseConfig(lines.join('\n'), FILE);
  return theOnlyError(config, diagnostics, FILE);
}

describe('config validation messages', () => {
  it('says that the title is missing, at the line where the settings start', () => {
    const problem = onlyProblem(['url: https://blog.example.com', 'author:', '  name: Jane Doe']);
    assert.equal(problem.line, 1);
    assert.match(problem.message, /title/);
    assert.match(problem.message, /no `title`/);
    assert.match(problem.hint, /title: /);
  });

  it('reports a mistyped key as unknown, suggesting the right spelling', () => {
    const problem = onlyProblem([...MINIMAL, 'pagesize: 10']);
    assert.equal(problem.line, 5);
    assert.match(problem.message, /unknown config key `pagesize`/);
    assert.match(problem.hint, /did you mean `pageSize`/);
  });

  it('reports a page size that is not a number on the line of pageSize', () => {
    const problem = onlyProblem([
      'title: Dev Notes',
      'pageSize: ten',
      'url: https://blog.example.com',
      'author:',
      '  name: Jane Doe',
    ]);
    assert.equal(problem.line, 2);
    assert.match(problem.message, /`pageSize`/);
    assert.match(problem.message, /whole number/);
    assert.match(problem.message, /"ten"/);
  });

  it('rejects a url that is not an absolute http(s) address', () => {
    for (const url of ['blog.example.com', 'ftp://blog.example.com', '/relative']) {
      const problem = onlyProblem([
        'title: Dev Notes',
        `url: ${url}`,
        'author:',
        '  name: Jane Doe',
      ]);
      assert.equal(problem.line, 2, url);
      assert.match(problem.message, /`url`/);
      assert.match(problem.hint, /https:\/\//);
    }
  });

  it('refuses a url that pages could not carry as it is, saying what to write instead', () => {
    // [YAML value, what the message names, what the hint says to write]
    const cases: readonly (readonly [string, RegExp, RegExp])[] = [
      [`'https://blog.example.com/x"onmouseover="alert(1)'`, /quote/, /%22onmouseover=%22/],
      [`"https://blog.example.com/x'y"`, /quote/, /x%27y/],
      ['https://blog.example.com/my blog', /space/, /my%20blog/],
      ['"https://blog.example.com/my\u00a0blog"', /space/, /my%C2%A0blog/],
      ['https://blog.example.com/<b>', /<.*>/, /%3Cb%3E/],
      ['"https://blog.example.com/a\tb"', /control character/, /a%09b/],
      ['"https://blog.example.com/a\u0000b"', /control character/, /a%00b/],
      ['"https://blog.example.com/a\u007fb"', /control character/, /a%7Fb/],
      ['https://blog.example.com\\blog', /backslash/, /https:\/\/blog\.example\.com\/blog`/],
      ['https://blog.example.com/#top', /fragment/, /`url: https:\/\/blog\.example\.com\/`/],
      [
        'https://blog.example.com/blog?lang=en',
        /query/,
        /`url: https:\/\/blog\.example\.com\/blog`/,
      ],
      [
        'https://jane:secret@blog.example.com',
        /user name or password/,
        /`url: https:\/\/blog\.example\.com`/,
      ],
      [
        'https://@blog.example.com/blog',
        /user name or password/,
        /`url: https:\/\/blog\.example\.com\/blog`/,
      ],
      ['https:///blog', /no host/, /https:\/\/blog\.example\.com/],
      ['https://:8080/blog', /no host/, /https:\/\/blog\.example\.com/],
      ['https:blog.example.com', /absolute http\(s\) URL/, /https:\/\//],
      ['https://blog.example.com:99999', /absolute http\(s\) URL/, /https:\/\//],
    ];
    for (const [url, message, hint] of cases) {
      const problem = onlyProblem([
        '# Site settings',
        'title: Dev Notes',
        `url: ${url}`,
        'author:',
        '  name: Jane Doe',
      ]);
      assert.equal(problem.line, 3, url);
      assert.match(problem.message, /^`url` /, url);
      assert.match(problem.message, message, url);
      assert.match(problem.hint, hint, url);
      assert.equal(
        formatDiagnostic(problem),
        // One line, whatever the URL holds: a control character in it is shown escaped.
        escapeControls(`${FILE}:3: ${problem.message} (${problem.hint})`),
        url,
      );
    }
  });

  it('rejects an author image path that would break on every page but the first', () => {
    const problem = onlyProblem([...MINIMAL, '  image: images/avatar.png']);
    assert.equal(problem.line, 5);
    assert.match(problem.message, /must start with \//);
  });

  it("rejects a social cards' image that is neither under static/ nor a URL", () => {
    const problem = onlyProblem([...MINIMAL, 'socialImage: images/card.png']);
    assert.equal(problem.line, 5);
    assert.match(problem.message, /`socialImage` must start with \//);
    assert.match(problem.hint, /socialImage: \/images\/card\.png/);
  });

  it('rejects an entry extra it does not know, naming those it does', () => {
    const problem = onlyProblem([...MINIMAL, 'entryExtras: [image, wordCount]']);
    assert.equal(problem.line, 5);
    assert.match(problem.message, /must be one of readingTime, image/);
    assert.match(problem.hint, /entryExtras: \[readingTime\]/);
  });

  it('rejects an unknown time zone and names IANA zones in the hint', () => {
    const problem = onlyProblem([...MINIMAL, 'timezone: Mars/Olympus_Mons']);
    assert.equal(problem.line, 5);
    assert.match(problem.message, /`timezone`/);
    assert.match(problem.message, /Mars\/Olympus_Mons/);
    assert.match(problem.hint, /Asia\/Seoul/);
  });

  it('rejects an unknown locale and names the supported ones', () => {
    const problem = onlyProblem([...MINIMAL, 'locale: fr']);
    assert.equal(problem.line, 5);
    assert.match(problem.message, /`locale`/);
    for (const locale of ['en', 'ko', 'ja', 'zh-Hans', 'zh-Hant']) {
      assert.ok(`${problem.message} ${problem.hint}`.includes(locale), locale);
    }
  });

  it('points at the tab when YAML is indented with one', () => {
    const problem = onlyProblem([
      'title: Dev Notes',
      'url: https://blog.example.com',
      'author:',
      '\tname: Jane Doe',
    ]);
    assert.equal(problem.line, 4);
    assert.match(problem.hint, /tab/i);
  });

  it('points at the second of two equal keys', () => {
    const problem = onlyProblem([...MINIMAL, 'title: Other Notes']);
    assert.equal(problem.line, 5);
  });

  it('gives every problem the exact 1-based line of the file, comments and blank lines included', () => {
    const lines = [
      '# Site settings', // 1
      '', // 2
      'title: Dev Notes', // 3
      'url: ftp://nope', // 4
      'locale: fr', // 5
      'timezone: Mars/Base', // 6
      'author:', // 7
      '  name: Jane', // 8
      '  imag: /a.png', // 9
      'pageSize: 0', // 10
      'links:', // 11
      '  github: not-a-url', // 12
      '  myspace: https://myspace.com/jane', // 13
      'share: [x, myspace]', // 14
      'excerptLength: 2.5', // 15
    ];
    const { diagnostics } = parseConfig(lines.join('\n'), FILE);
    const lineOf = (needle: string): number[] =>
      diagnostics.filter((d) => d.message.includes(needle)).map((d) => d.line);
    assert.deepEqual(lineOf('`url`'), [4]);
    assert.deepEqual(lineOf('`locale`'), [5]);
    assert.deepEqual(lineOf('`timezone`'), [6]);
    assert.deepEqual(lineOf('`author.imag`'), [9]);
    assert.deepEqual(lineOf('`pageSize`'), [10]);
    assert.deepEqual(lineOf('`links.github`'), [12]);
    assert.deepEqual(lineOf('`links.myspace`'), [13]);
    assert.deepEqual(lineOf('`share[1]`'), [14]);
    assert.deepEqual(lineOf('`excerptLength`'), [15]);
    assert.equal(diagnostics.length, 9, JSON.stringify(diagnostics, null, 1));
  });

  it('formats a problem as path:line: message (hint)', () => {
    const problem = onlyProblem([...MINIMAL, 'pagesize: 10']);
    assert.equal(
      formatDiagnostic(problem),
      `${FILE}:5: unknown config key \`pagesize\` (did you mean \`pageSize\`?)`,
    );
    assert.equal(
      formatDiagnostic(problem, 'folio.config.yaml'),
      'folio.config.yaml:5: unknown config key `pagesize` (did you mean `pageSize`?)',
    );
  });
});

describe('config defaults', () => {
  const { config, diagnostics } = parseConfig(MINIMAL.join('\n'), FILE);

  it('accepts a config with only title, url and author name', () => {
    assert.deepEqual(diagnostics, []);
    assert.ok(config);
  });

  it('shows 10 entries per page, 200-character excerpts, in English', () => {
    assert.equal(config?.pageSize, 10);
    assert.equal(config?.excerptLength, 200);
    assert.equal(config?.locale, 'en');
  });

  it('uses the author name as the owner in the copyright line', () => {
    assert.equal(config?.owner, 'Jane Doe');
  });

  it('keeps an owner that is set', () => {
    const withOwner = parseConfig([...MINIMAL, 'owner: Folio Ltd'].join('\n'), FILE).config;
    assert.equal(withOwner?.owner, 'Folio Ltd');
  });

  it('offers three share actions and no profile links until some are set', () => {
    assert.deepEqual(config?.share, ['x', 'facebook', 'linkedin']);
    assert.deepEqual(config?.links, {});
  });

  it('accepts a base path in another script, and says on its line how pages link it', () => {
    const lines = [
      'title: Dev Notes',
      'url: https://example.com/블로그/',
      'author:',
      '  name: Jane',
    ];
    const { config, diagnostics } = parseConfig(lines.join('\n'), FILE);
    assert.equal(config?.url, 'https://example.com/블로그');
    assert.equal(diagnostics.length, 1);
    const [said] = diagnostics;
    assert.equal(said?.severity, 'warning');
    assert.equal(said?.line, 2);
    assert.match(said?.message ?? '', /\/블로그.*not ASCII.*\/%EB%B8%94%EB%A1%9C%EA%B7%B8\//);
  });

  it('keeps accepting every plain absolute http(s) address, as written', () => {
    const urls: readonly (readonly [string, string])[] = [
      ['https://blog.example.com', 'https://blog.example.com'],
      ['http://blog.example.com/', 'http://blog.example.com'],
      ['https://example.com/blog', 'https://example.com/blog'],
      ['https://example.com/blog/', 'https://example.com/blog'],
      ['https://example.com:8443/blog//', 'https://example.com:8443/blog'],
      ['http://localhost:8080', 'http://localhost:8080'],
      ['https://127.0.0.1:4000/notes', 'https://127.0.0.1:4000/notes'],
      ['http://[::1]:4000/', 'http://[::1]:4000'],
      ['https://블로그.example.com', 'https://블로그.example.com'],
      ['https://xn--9g4bx7a.example.com', 'https://xn--9g4bx7a.example.com'],
      [
        'https://example.com/%EB%B8%94%EB%A1%9C%EA%B7%B8',
        'https://example.com/%EB%B8%94%EB%A1%9C%EA%B7%B8',
      ],
      ['https://example.com/~jane/a-b_c.d', 'https://example.com/~jane/a-b_c.d'],
      ['HTTPS://Blog.Example.com', 'HTTPS://Blog.Example.com'],
      ['"  https://blog.example.com  "', 'https://blog.example.com'],
    ];
    for (const [written, kept] of urls) {
      const lines = ['title: Dev Notes', `url: ${written}`, 'author:', '  name: Jane Doe'];
      const { config, diagnostics } = parseConfig(lines.join('\n'), FILE);
      assert.deepEqual(diagnostics, [], written);
      assert.equal(config?.url, kept, written);
    }
  });

  it('drops a trailing slash from the url', () => {
    const lines = [
      'title: Dev Notes',
      'url: https://blog.example.com/',
      'author:',
      '  name: Jane Doe',
    ];
    assert.equal(parseConfig(lines.join('\n'), FILE).config?.url, 'https://blog.example.com');
  });
});

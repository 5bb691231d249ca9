import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { error, warning } from '../diagnostics/diagnostic.js';
import { join } from 'node:path';
import { displayDiagnostic, ProblemLog, summarize } from './print-diagnostics.js';
import { count } from '../text/count.js';

describe('count', () => {
  it('puts one thing in the singular and any other number in the plural', () => {
    assert.equal(count(1, 'post'), '1 post');
    assert.equal(count(0, 'post'), '0 posts');
    assert.equal(count(2, 'post'), '2 posts');
    assert.equal(count(11, 'open connection'), '11 open connections');
  });
});

describe('summarize', () => {
  const problem = error('x', 'a.md', 1, 'wrong', 'fix it');
  const note = warning('y', 'a.md', 2, 'odd', 'look');

  it('counts errors, and warnings only when there are some', () => {
    assert.equal(summarize([problem]), '1 error');
    assert.equal(summarize([problem, problem]), '2 errors');
    assert.equal(summarize([problem, note]), '1 error, 1 warning');
    assert.equal(summarize([note, note]), '0 errors, 2 warnings');
  });
});

describe('displayDiagnostic', () => {
  it('shows every file below the current folder from there, in the message as in the headline', () => {
    // Files of this checkout, run from its root.
    const here = (path: string) => join(process.cwd(), path);
    const problem = error(
      'post-slug-duplicate',
      here('README.md'),
      1,
      `the slug "a" is also the slug of ${here('package.json')}:5 (and "${here('docs')}/")`,
      `rename ${here('package.json')}, not /elsewhere${here('README.md')}`,
    );
    assert.equal(
      displayDiagnostic(problem),
      'README.md:1: the slug "a" is also the slug of package.json:5 (and "docs/") ' +
        `(rename package.json, not /elsewhere${here('README.md')})`,
    );
  });

  it('shows files from the root when run there, as the headline shows its own', () => {
    const file = join(process.cwd(), 'package.json');
    const other = join(process.cwd(), 'README.md');
    const problem = error('x', file, 1, `also in ${other}:2, not at /no-such-page/`, 'fix it');
    const from = process.cwd();
    process.chdir('/');
    try {
      const shown = (path: string) => path.slice(1);
      assert.equal(
        displayDiagnostic(problem),
        `${shown(file)}:1: also in ${shown(other)}:2, not at /no-such-page/ (fix it)`,
      );
    } finally {
      process.chdir(from);
    }
  });

  it('leaves a URL that starts as the current folder does, naming no file there', () => {
    const url = `${join(process.cwd(), 'no-such-section')}/`;
    const problem = error('post-url-duplicate', 'a.md', 2, `${url} is claimed twice`, 'fix it');
    assert.equal(displayDiagnostic(problem), `a.md:2: ${url} is claimed twice (fix it)`);
  });
});

describe('ProblemLog', () => {
  it('prints each problem once while it stands, and again once it has gone and come back', (t) => {
    const printed: string[] = [];
    t.mock.method(console, 'error', (line: string) => printed.push(line));
    const a = error('x', 'no-such-dir/a.md', 3, 'bad date', 'fix it');
    const b = error('x', 'no-such-dir/b.md', 3, 'bad date', 'fix it');
    const log = new ProblemLog();
    assert.equal(log.report([a]), true);
    assert.equal(log.report([a]), false, 'nothing new, nothing changed');
    assert.equal(log.report([a, b]), true);
    assert.equal(log.report([b]), true, 'one fewer is a change, with nothing to print');
    assert.equal(log.report([]), true);
    assert.equal(log.report([a]), true);
    assert.deepEqual(printed, [
      'no-such-dir/a.md:3: bad date (fix it)',
      'no-such-dir/b.md:3: bad date (fix it)',
      'no-such-dir/a.md:3: bad date (fix it)',
    ]);
  });

  it('takes a load in parts, counts what stood from the load before, and keeps through loads stopped at errors only what they did not look for', (t) => {
    const printed: string[] = [];
    t.mock.method(console, 'error', (line: string) => printed.push(line));
    const a = error('x', 'no-such-dir/a.md', 3, 'bad date', 'fix it');
    const b = error('x', 'no-such-dir/b.md', 3, 'bad date', 'fix it');
    const link = {
      ...error('y', 'no-such-dir/c.md', 5, 'a link leads nowhere', 'fix it'),
      severity: 'warning' as const,
    };
    const log = new ProblemLog();
    log.add([]);
    log.add([link], 'rendering');
    assert.deepEqual(log.end(), { changed: true, standing: 0 });
    // Stopped at an error, a load never renders the body the link is in.
    log.add([a]);
    assert.deepEqual(log.end(false), { changed: true, standing: 0 });
    log.add([b]);
    assert.deepEqual(log.end(false), { changed: true, standing: 0 });
    // The first error, gone for a load and back, is printed again.
    log.add([a]);
    assert.deepEqual(log.end(false), { changed: true, standing: 0 });
    log.add([]);
    log.add([link], 'rendering');
    assert.deepEqual(log.end(), { changed: true, standing: 1 });
    assert.deepEqual(printed, [
      'no-such-dir/c.md:5: warning: a link leads nowhere (fix it)',
      'no-such-dir/a.md:3: bad date (fix it)',
      'no-such-dir/b.md:3: bad date (fix it)',
      'no-such-dir/a.md:3: bad date (fix it)',
    ]);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { error, escapeControls, formatDiagnostic } from './diagnostic.js';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

describe('a diagnostic as printed', () => {
  it('writes what could break its line or drive a terminal as an escape', () => {
    assert.equal(escapeControls('a\nb\rc\td'), 'a\\nb\\rc\\td');
    assert.equal(escapeControls('\u001b[31mred'), '\\x1b[31mred');
    assert.equal(escapeControls('\u0000\u007f\u0085'), '\\x00\\x7f\\x85');
    assert.equal(escapeControls('one\u2028two'), 'one\\u{2028}two');
  });

  it('leaves any other text as it is, and holds no control character, escaped once or twice', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const once = escapeControls(text);
        assert.ok(!CONTROL.test(once), JSON.stringify(once));
        assert.equal(escapeControls(once), once);
        if (!CONTROL.test(text)) assert.equal(once, text);
      }),
    );
  });

  it('stays on one line whatever its file is named', () => {
    const problem = error('front-matter-date', 'posts/bad\nname.md', 4, 'bad date', 'fix it');
    const line = formatDiagnostic(problem);
    assert.equal(line, 'posts/bad\\nname.md:4: bad date (fix it)');
    assert.equal(line.split('\n').length, 1);
  });
});

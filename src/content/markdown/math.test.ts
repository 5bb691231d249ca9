import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderMath } from './math.js';

describe('math', () => {
  it('typesets a formula holding a character its fonts do not measure, telling no one', (t) => {
    const warn = t.mock.method(console, 'warn', () => undefined);
    const { html, error } = renderMath('a\u200bb + c', false);
    assert.equal(error, undefined);
    assert.match(html, /class="katex"/);
    assert.equal(warn.mock.callCount(), 0);
  });
});

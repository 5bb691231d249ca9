import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { highlightCode } from './highlight.js';

describe('highlightCode', () => {
  it('marks up code in the language named, whatever its case and spacing', () => {
    const html = highlightCode('const answer = 42;', ' TypeScript ');
    assert.match(html, /<span class="hljs-keyword">const<\/span>/);
    assert.match(html, /<span class="hljs-number">42<\/span>/);
  });

  it('answers nothing for a missing or unknown language, so that the code is shown as text', () => {
    assert.equal(highlightCode('SELECT 1', ''), '');
    assert.equal(highlightCode('SELECT 1', 'no-such-language'), '');
  });

  it('gives a repeated block the same markup, in the language of each use', () => {
    const code = 'def main():\n    return "main"';
    const python = highlightCode(code, 'python');
    assert.equal(highlightCode(code, 'python'), python);
    assert.match(python, /<span class="hljs-keyword">def<\/span>/);
    const plain = highlightCode(code, 'plaintext');
    assert.notEqual(plain, python);
    assert.doesNotMatch(plain, /hljs-keyword/);
  });

  it('escapes the code it marks up', () => {
    assert.match(highlightCode('if (a < b && c > d) {}', 'js'), /&lt; b &amp;&amp; c &gt; d/);
  });
});

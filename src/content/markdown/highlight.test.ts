import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { codeGrammar } from '../../load/code-grammars.js';
import { highlightCode, highlightedBlocks } from './highlight.js';
import { parseMarkdown, renderTokens } from './markdown.js';

describe('highlightCode', () => {
  it('marks up code in the language named, whatever its case and spacing', () => {
    const html = highlightCode('const answer = 42;', ' TypeScript ', codeGrammar);
    assert.match(html, /<span class="hljs-keyword">const<\/span>/);
    assert.match(html, /<span class="hljs-number">42<\/span>/);
  });

  it('answers nothing for a missing or unknown language, so that the code is shown as text', () => {
    assert.equal(highlightCode('SELECT 1', '', codeGrammar), '');
    assert.equal(highlightCode('SELECT 1', 'no-such-language', codeGrammar), '');
  });

  it('gives a repeated block the same markup, in the language of each use', () => {
    const code = 'def main():\n    return "main"';
    const python = highlightCode(code, 'python', codeGrammar);
    assert.equal(highlightCode(code, 'python', codeGrammar), python);
    assert.match(python, /<span class="hljs-keyword">def<\/span>/);
    const plain = highlightCode(code, 'plaintext', codeGrammar);
    assert.notEqual(plain, python);
    assert.doesNotMatch(plain, /hljs-keyword/);
  });

  it('escapes the code it marks up', () => {
    assert.match(
      highlightCode('if (a < b && c > d) {}', 'js', codeGrammar),
      /&lt; b &amp;&amp; c &gt; d/,
    );
  });

  it('highlights a block once however often posts show it, also when a post is rendered again', () => {
    const block = '```rust\nfn once() -> u8 { 1 }\n```\n';
    const render = (body: string): string =>
      renderTokens(parseMarkdown(body), { imageSize: () => undefined, grammars: codeGrammar }).html;
    const before = highlightedBlocks.stats;
    const first = render(`Install:\n\n${block}\nAgain:\n\n${block}`);
    const edited = render(`Install it:\n\n${block}`);
    assert.match(first, /hljs-keyword/);
    assert.ok(edited.includes(first.slice(first.indexOf('<pre'), first.indexOf('</pre>'))));
    const after = highlightedBlocks.stats;
    assert.equal(after.misses - before.misses, 1);
    assert.equal(after.hits - before.hits, 2);
  });
});

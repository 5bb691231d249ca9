import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codeGrammar } from '../../load/code-grammars.js';
import { highlightedLines, parseCodeInfo } from './code-blocks.js';
import { CODE_LANGUAGES } from './code-languages.js';
import { parseMarkdown, renderTokens } from './markdown.js';
import { collectMistakes } from './mistakes.js';

const render = (body: string) =>
  renderTokens(parseMarkdown(body), { imageSize: () => undefined, grammars: codeGrammar }).html;

describe('code block info strings', () => {
  it('reads titles, marked lines and line numbers in the spellings of Docusaurus, VitePress and Hugo', () => {
    const docusaurus = parseCodeInfo('js title="app.js" {1,3-5} showLineNumbers');
    assert.deepEqual(
      { ...docusaurus, marked: [...docusaurus.marked] },
      { language: 'js', title: 'app.js', marked: [1, 3, 4, 5], lineNumbers: true },
    );
    const vitepress = parseCodeInfo('ts{2}');
    assert.deepEqual([vitepress.language, [...vitepress.marked]], ['ts', [2]]);
    assert.equal(parseCodeInfo('ts:line-numbers').lineNumbers, true);
    const hugo = parseCodeInfo('go {linenos=true,hl_lines=[2,"5-6"]}');
    assert.deepEqual([hugo.language, hugo.lineNumbers, [...hugo.marked]], ['go', true, [2, 5, 6]]);
    assert.equal(parseCodeInfo("sh title='run it'").title, 'run it');
  });
});

describe('code blocks', () => {
  it('highlights every language highlight.js ships, by name or alias, loading each on first use', () => {
    for (const [language, line] of [
      ['dockerfile', 'FROM x'],
      ['nginx', 'server x'],
      ['scala', 'object x'],
      ['dart', 'void x'],
      ['powershell', 'function x'],
      ['ps1', 'function x'],
      // Names Jekyll's Rouge and Hugo's Chroma give languages highlight.js names otherwise.
      ['nasm', 'mov eax, 1'],
      ['jinja2', '{% if user %}{{ user.name }}{% endif %}'],
      ['sass', '$primary: #333'],
      ['cuda', 'int main() { return 0; }'],
      ['cron', '0 2 * * * echo "$HOME"'],
    ] as const) {
      const html = render(`\`\`\`${language}\n${line}\n\`\`\`\n`);
      assert.match(html, /class="hljs-/, language);
    }
    assert.ok(Object.keys(CODE_LANGUAGES).length > 350, 'names and aliases of 192 grammars');
  });

  it('highlights the script and style of Vue and Svelte components as HTML does', () => {
    const html = render('```vue\n<script>\nconst a = 1;\n</script>\n```\n');
    assert.match(html, /<span class="hljs-keyword">const<\/span>/);
  });

  it('shows a title, marked lines and line numbers, each line whole', () => {
    const html = render('```js title="app.js" {2} showLineNumbers\n/* one\ntwo */\nlet x;\n```\n');
    assert.match(
      html,
      /^<figure class="code-block">\n<figcaption>app\.js<\/figcaption>\n<pre tabindex="0" class="lines line-numbers"><code class="language-js">/,
    );
    assert.match(html, /<span class="line"><span class="hljs-comment">\/\* one<\/span><\/span>\n/);
    assert.match(
      html,
      /<span class="line line-marked"><span class="hljs-comment">two \*\/<\/span><\/span>\n/,
    );
  });

  it('marks the added and removed lines of a diff', () => {
    const html = render('```diff\n--- a\n+++ b\n-old\n+new\n same\n```\n');
    assert.equal(html.match(/class="line line-removed"/g)?.length, 1);
    assert.equal(html.match(/class="line line-added"/g)?.length, 1);
    assert.equal(html.match(/class="line"/g)?.length, 3);
  });

  it('shows an unknown language as plain text, and a 10,000-line block whole', () => {
    assert.equal(
      render('```nosuch\na < b\n```\n'),
      '<pre tabindex="0"><code class="language-nosuch">a &lt; b\n</code></pre>\n',
    );
    const long = Array.from({ length: 10_000 }, (_, i) => `let x${i} = ${i};`).join('\n');
    const html = render(`\`\`\`js {5000}\n${long}\n\`\`\`\n`);
    assert.equal(html.match(/<span class="line/g)?.length, 10_000);
  });

  it('closes and opens again a span that runs across lines', () => {
    assert.deepEqual(highlightedLines('<span class="a">1\n<span class="b">2\n3</span></span>\n'), [
      '<span class="a">1</span>',
      '<span class="a"><span class="b">2</span></span>',
      '<span class="a"><span class="b">3</span></span>',
    ]);
  });

  it('warns of a misspelt language only', () => {
    const mistakes = (body: string) =>
      collectMistakes(parseMarkdown(body), 1, body).map((m) => [m.message, m.hint]);
    assert.deepEqual(mistakes('```javscript\nx\n```\n'), [
      [
        'the code language "javscript" is not one Folio knows: the block shows as plain text',
        'did you mean javascript?',
      ],
    ]);
    // Names highlight.js lacks, seen in real blogs, are no typo: plain text, with no word.
    // `code` says no language either (25 blocks of one Hexo blog; it is one letter off gcode).
    for (const language of ['text', 'code', 'hcl', 'mermaid', 'conf', 'hocon', 'fish', 'python3'])
      assert.deepEqual(mistakes(`\`\`\`${language}\nx\n\`\`\`\n`), [], language);
    assert.equal(mistakes('```pyton\nx\n```\n')[0]?.[1], 'did you mean python?');
  });
});

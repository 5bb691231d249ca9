import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flattenTokens } from './flatten.js';
import { parseMarkdown } from './markdown.js';

const flat = (body: string): string => flattenTokens(parseMarkdown(body));

describe('flattening a body to running text', () => {
  it('keeps heading text and separates it from the next paragraph by one space', () => {
    assert.equal(
      flat('# Getting started\n\nFirst words.\n\n## Next\n\nMore.'),
      'Getting started First words. Next More.',
    );
  });

  it('keeps emphasised and struck-through text without the markers', () => {
    assert.equal(
      flat('Some *soft*, **strong** and ~~old~~ words.'),
      'Some soft, strong and old words.',
    );
  });

  it('keeps the text of a link and drops its URL', () => {
    const text = flat('Read [the guide](https://example.com/guide "Guide") today.');
    assert.equal(text, 'Read the guide today.');
    assert.ok(!text.includes('example.com'));
  });

  it('turns list items into words separated by single spaces', () => {
    assert.equal(
      flat('Steps:\n\n- install\n- configure\n  1. nested\n- run'),
      'Steps: install configure nested run',
    );
  });

  it('turns table cells into words separated by single spaces', () => {
    const table = '| Name | Speed |\n|------|-------|\n| fast | 10 ms |\n| slow | 2 s |';
    assert.equal(flat(table), 'Name Speed fast 10 ms slow 2 s');
  });

  it('keeps inline code as words', () => {
    assert.equal(flat('Call `parseMarkdown(body)` once.'), 'Call parseMarkdown(body) once.');
  });

  it('keeps the text of fenced and indented code, lines joined by spaces', () => {
    assert.equal(
      flat('Before\n\n```js\nlet x = 1;\n\nlet y = 2;\n```\n\nAfter'),
      'Before let x = 1; let y = 2; After',
    );
    assert.equal(
      flat('Before\n\n    indented();\n    code();\n\nAfter'),
      'Before indented(); code(); After',
    );
  });

  it('lets raw HTML tags vanish, inline and as whole blocks', () => {
    assert.equal(
      flat('Text with <span class="x">inline</span> <b>HTML</b> here.'),
      'Text with inline HTML here.',
    );
    assert.equal(flat('<div align="center">\n<img src="logo.png">\n</div>\n\nHello'), 'Hello');
  });

  it('keeps the words on either side of a raw <br> line break apart', () => {
    assert.equal(flat('first line<br>second line'), 'first line second line');
  });

  it('lets images vanish, alt text included', () => {
    assert.equal(flat('Before ![a diagram](diagram.png) after'), 'Before after');
    assert.equal(flat('![only an image](a.png)\n\nText'), 'Text');
  });

  it('separates every word by exactly one space, with no line breaks or edges', () => {
    const body =
      '# Title\n\nLine one\nline two  \nline three\n\n> quoted\n\n- a\n- b\n\n```\ncode\n```\n';
    const text = flat(body);
    assert.equal(text, 'Title Line one line two line three quoted a b code');
    assert.doesNotMatch(text, /\s{2,}|\n|^\s|\s$/u);
  });

  it('shows entities and escaped characters as the characters they stand for', () => {
    assert.equal(flat('Tom &amp; Jerry say \\*hi\\*'), 'Tom & Jerry say *hi*');
  });

  it('gives empty text for an empty body', () => {
    assert.equal(flat(''), '');
  });

  it('keeps the text of a raw HTML block and drops its tags and comments', () => {
    assert.equal(
      flat('<div class="note">\n<p>Intro &amp; more</p><!-- hidden -->\n</div>\n\nAfter.'),
      'Intro & more After.',
    );
  });

  it('drops the content of scripts and styles, in blocks and inline', () => {
    assert.equal(flat('<script>\nalert(1)\n</script>\n\nVisible.'), 'Visible.');
    assert.equal(flat('Before <script>alert(2)</script>after.'), 'Before after.');
    assert.equal(flat('<style>p { color: red }</style>\n\nText.'), 'Text.');
  });
});

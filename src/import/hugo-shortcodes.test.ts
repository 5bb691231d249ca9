import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixedHtml, writesInnerAsWritten } from './hugo-shortcodes.js';

describe("a Hugo shortcode's template", () => {
  it('writes what it encloses as written when it writes .Inner alone, safe or trimmed', () => {
    for (const template of [
      '<!-- raw html -->\n{{- .Inner -}}',
      '{{ .Inner }}\n',
      '{{ .Inner | safeHTML }}',
      '{{/* Keep it raw. */}}\n{{ safeHTML .Inner }}',
      '{{ (.Inner | safeHTML) }}',
    ]) {
      assert.equal(writesInnerAsWritten(template), true, template);
    }
  });

  it('does something else with it when it renders it, wraps it or writes more', () => {
    for (const template of [
      '{{ .Inner | markdownify }}',
      '{{ .Inner | .Page.RenderString }}',
      '<div class="note">{{ .Inner }}</div>',
      '{{ .Get 0 }}',
      '{{ .Inner }}{{ .Inner }}',
      '',
    ]) {
      assert.equal(writesInnerAsWritten(template), false, template);
    }
  });

  it('writes the same HTML wherever it is called when it holds no action and nothing that runs', () => {
    const series = '<hr>\n<h5>A series</h5>\n<ul><li><a href="/one/">One</a></li></ul>\n<hr>\n';
    assert.equal(fixedHtml(`{{/* The parts. */}}\n${series}`), series.trim());
    for (const template of [
      '<a href="{{ .Get 0 }}">Link</a>',
      '<ins class="adsbygoogle"></ins>',
      '<script async src="https://ads.example/ad.js"></script>',
      '<iframe src="https://player.example/"></iframe>',
      '<!-- nothing -->',
    ]) {
      assert.equal(fixedHtml(template), undefined, template);
    }
  });
});

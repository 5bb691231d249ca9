import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { writesInnerAsWritten } from './hugo-shortcodes.js';

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
});

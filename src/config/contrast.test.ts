import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contrastRatio, formatRatio, parseHexColour } from './contrast.js';
import { accentContrast, accentProblem } from './theme-colours.js';

const hex = (text: string) => {
  const colour = parseHexColour(text);
  assert.ok(colour, text);
  return colour;
};

describe('contrast as WCAG 2 measures it', () => {
  it('gives the known ratios of well-known pairs', () => {
    assert.equal(contrastRatio(hex('#000'), hex('#fff')).toFixed(2), '21.00');
    assert.equal(contrastRatio(hex('#fff'), hex('#fff')).toFixed(2), '1.00');
    // #767676 on white is the lightest grey that passes AA; #777777 just fails.
    assert.equal(formatRatio(contrastRatio(hex('#767676'), hex('#ffffff'))), '4.54:1');
    assert.equal(formatRatio(contrastRatio(hex('#777777'), hex('#ffffff'))), '4.47:1');
    assert.equal(contrastRatio(hex('#0000ff'), hex('#ffffff')).toFixed(2), '8.59');
  });

  it('reads #rgb and #rrggbb in any case, and nothing else', () => {
    assert.deepEqual(hex('#0B5CAD'), { r: 11, g: 92, b: 173 });
    assert.deepEqual(hex('#abc'), hex('#aabbcc'));
    for (const text of ['red', '0b5cad', '#0b5cad0', 'rgb(0,0,0)', '#ggg']) {
      assert.equal(parseHexColour(text), undefined, text);
    }
  });
});

describe("the theme's accent check", () => {
  it("passes the theme's own accents in their schemes", () => {
    assert.equal(accentProblem('#0b5cad', 'light'), undefined);
    assert.equal(accentProblem('#79b8ff', 'dark'), undefined);
  });

  it('fails a faint accent with the ratio found and a shade that passes', () => {
    const problem = accentProblem('#7fb2e5', 'light');
    assert.ok(problem);
    assert.match(problem.message, /2\.\d\d:1/);
    const suggested = /'(#[0-9a-f]{6})'/.exec(problem.suggestion)?.[1];
    assert.ok(suggested, problem.suggestion);
    assert.ok(accentContrast(hex(suggested), 'light') >= 4.5);
    const dark = accentProblem('#1f3a93', 'dark');
    assert.match(dark?.suggestion ?? '', /lighter/);
  });
});

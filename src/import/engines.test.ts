import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { localeOf } from './engines.js';

describe("a blog's language", () => {
  it('is the locale of its pages: Traditional Chinese for Taiwan, Hong Kong and Macau', () => {
    const cases: [unknown, string | undefined][] = [
      ['zh-CN', 'zh-Hans'],
      ['zh', 'zh-Hans'],
      ['zh-Hans', 'zh-Hans'],
      ['zh-TW', 'zh-Hant'],
      ['zh_HK', 'zh-Hant'],
      ['zh-MO', 'zh-Hant'],
      ['zh-Hant-TW', 'zh-Hant'],
      [['ko', 'en'], 'ko'],
      ['ja-JP', 'ja'],
      ['en-us', 'en'],
      ['fr', undefined],
      [undefined, undefined],
    ];
    for (const [language, locale] of cases) {
      assert.equal(localeOf(language), locale, JSON.stringify(language));
    }
  });
});

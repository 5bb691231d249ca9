import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LOCALES } from '../../config/schema.js';
import { messagesFor } from './messages.js';

describe('UI strings', () => {
  // No string shown to readers counts things (no "1 posts" to get wrong): a number only names a
  // page, which reads the same for any number in every language. A message that counts nouns
  // would need Intl.PluralRules; this test fails first if one is worded by number.
  for (const locale of LOCALES) {
    it(`in ${locale}, name a page the same way whatever the numbers`, () => {
      const { pageOf } = messagesFor(locale);
      const shape = (text: string): string => text.replace(/\d+/g, '#');
      assert.equal(shape(pageOf(1, 1)), shape(pageOf(2, 10)));
      assert.equal(shape(pageOf(2, 2)), shape(pageOf(21, 101)));
      assert.ok(pageOf(2, 10).includes('2') && pageOf(2, 10).includes('10'));
    });
  }
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { absolutizeHtml } from './absolute-urls.js';

describe('absolutizeHtml', () => {
  it('makes every URL of a srcset absolute, so feed readers find the smaller images too', () => {
    const html =
      '<source srcset="/assets/images/a.0123456789abcdef.480.avif 480w, /assets/images/a.0123456789abcdef.800.avif 800w"><img src="/images/a.jpg">';
    assert.equal(
      absolutizeHtml(html, 'https://blog.example.com'),
      '<source srcset="https://blog.example.com/assets/images/a.0123456789abcdef.480.avif 480w, https://blog.example.com/assets/images/a.0123456789abcdef.800.avif 800w"><img src="https://blog.example.com/images/a.jpg">',
    );
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { parseMarkdown, renderTokens } from './markdown/markdown.js';
import {
  IMAGE_SIZES,
  parseVariantPath,
  resizedFormat,
  responsiveImage,
  shownImageSizes,
  sourceElements,
  variantName,
  variantPath,
  variantsOf,
  variantWidths,
  type SourceImage,
} from './responsive-image.js';

const photo: SourceImage = {
  key: '0123456789abcdef',
  name: 'harbour',
  format: 'jpeg',
  size: { width: 3000, height: 2000 },
};

describe('the width ladder', () => {
  it('stops at 1600 for a large photo, so no reader downloads its full size', () => {
    assert.deepEqual(variantWidths(3000), [480, 800, 1200, 1600]);
  });

  it('never makes an image wider than it is: its own width is the top', () => {
    assert.deepEqual(variantWidths(1000), [480, 800, 1000]);
    assert.deepEqual(variantWidths(1600), [480, 800, 1200, 1600]);
    assert.deepEqual(variantWidths(480), [480]);
    assert.deepEqual(variantWidths(300), [300]);
  });
});

describe('variants', () => {
  it('are made in AVIF and WebP, and in the original format as the fallback', () => {
    const formats = new Set(variantsOf(photo).map((variant) => variant.format));
    assert.deepEqual([...formats], ['avif', 'webp', 'jpeg']);
    assert.equal(variantsOf(photo).length, 12);
    assert.deepEqual(
      [...new Set(variantsOf({ ...photo, format: 'webp' }).map((variant) => variant.format))],
      ['avif', 'webp'],
    );
  });

  it('have content-hashed paths under /assets/images/ that read back to the same variant', () => {
    const variant = { key: photo.key, name: 'harbour', width: 800, format: 'avif' as const };
    const path = variantPath(variant);
    assert.equal(path, '/assets/images/harbour.0123456789abcdef.800.avif');
    assert.deepEqual(parseVariantPath(path), variant);
    assert.equal(parseVariantPath('/assets/images/harbour.0123.800.avif'), undefined);
    assert.equal(parseVariantPath('/assets/images/../secret.0123456789abcdef.800.avif'), undefined);
  });

  it('are made of JPEG, PNG, WebP and AVIF files; GIFs and SVGs pass through', () => {
    assert.equal(resizedFormat('photo.JPG'), 'jpeg');
    assert.equal(resizedFormat('shot.png'), 'png');
    assert.equal(resizedFormat('spinner.gif'), undefined);
    assert.equal(resizedFormat('logo.svg'), undefined);
  });

  it('are named after their file, in characters safe in a URL', () => {
    assert.equal(variantName('Sunset at Sea (2).JPG'), 'sunset-at-sea-2');
    assert.equal(variantName('사진.jpg'), 'image');
  });
});

describe('the markup of a resized image', () => {
  const sources = cheerio.load(`<picture>${sourceElements(responsiveImage(photo))}</picture>`);

  it('offers AVIF first, then WebP, each with every width and the content column as sizes', () => {
    const found = sources('source')
      .toArray()
      .map((element) => sources(element).attr('type'));
    assert.deepEqual(found, ['image/avif', 'image/webp']);
    assert.equal(
      sources('source').first().attr('srcset'),
      [480, 800, 1200, 1600]
        .map((width) => `/assets/images/harbour.0123456789abcdef.${width}.avif ${width}w`)
        .join(', '),
    );
    assert.equal(sources('source').first().attr('sizes'), IMAGE_SIZES);
  });

  it('in a body: a picture around the img, which keeps its src, size, lazy loading and srcset', () => {
    const html = renderTokens(parseMarkdown('![Boats](/images/harbour.jpg)'), {
      imageSize: () => photo.size,
      responsive: () => responsiveImage(photo),
    }).html;
    const $ = cheerio.load(html);
    const img = $('picture > img');
    assert.equal($('picture > source').length, 2);
    assert.equal(img.attr('src'), '/images/harbour.jpg');
    assert.equal(img.attr('width'), '3000');
    assert.equal(img.attr('height'), '2000');
    assert.equal(img.attr('loading'), 'lazy');
    assert.equal(img.attr('decoding'), 'async');
    assert.match(img.attr('srcset') ?? '', /harbour\.0123456789abcdef\.1600\.jpg 1600w$/);
    assert.equal(img.attr('sizes'), IMAGE_SIZES);
  });

  it('in a body: a plain img when the image has no variants', () => {
    const html = renderTokens(parseMarkdown('![Spinner](/images/spinner.gif)'), {
      imageSize: () => ({ width: 64, height: 64 }),
      responsive: () => undefined,
    }).html;
    assert.doesNotMatch(html, /<picture|srcset/);
  });
});

describe('the width images are shown at', () => {
  it("follows the theme's column: 42rem by default, the config's contentWidth else", () => {
    assert.equal(shownImageSizes(undefined), IMAGE_SIZES);
    assert.equal(shownImageSizes('42rem'), IMAGE_SIZES);
    assert.equal(
      shownImageSizes('720px'),
      '(min-width: 720px) calc(720px - 2.5rem), calc(100vw - 2.5rem)',
    );
    assert.equal(responsiveImage(photo, shownImageSizes('70ch')).sizes, shownImageSizes('70ch'));
  });
});

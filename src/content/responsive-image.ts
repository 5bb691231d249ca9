// Load: the smaller, newer-format versions of a site image that pages offer browsers instead of
// the original — which widths, in which formats, under which URLs, and the markup naming them (pure).
import type { ImageSize } from './markdown/markdown.js';

/**
 * The widths variants are made at. The content column is 39.5rem (632 CSS pixels) at most, so
 * 1600 covers it on a screen of 2.5 device pixels per CSS pixel; 480 serves a phone at 1x.
 */
export const VARIANT_WIDTHS: readonly number[] = [480, 800, 1200, 1600];

/**
 * How wide images are shown, as the theme lays them out: the content column (`--measure` of
 * 42rem less 1.25rem of padding on each side), or the viewport less that padding below it.
 */
export const IMAGE_SIZES = '(min-width: 42rem) 39.5rem, calc(100vw - 2.5rem)';

/** `IMAGE_SIZES` for a column of the config's `theme.contentWidth` in place of 42rem. */
export function shownImageSizes(contentWidth: string | undefined): string {
  return contentWidth === undefined || contentWidth === '42rem'
    ? IMAGE_SIZES
    : `(min-width: ${contentWidth}) calc(${contentWidth} - 2.5rem), calc(100vw - 2.5rem)`;
}

/**
 * Images above this many pixels are served as they are: decoding one takes hundreds of
 * megabytes, and no camera a blog's photos come from needs more.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Where variants are served from, under the folder of the site's content-hashed files. */
export const VARIANT_FOLDER = '/assets/images/';

/** The formats variants are written in: the original's, and the newer ones offered before it. */
export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/** The formats whose files are resized; GIFs (which may move), SVGs and icons pass through. */
const RESIZED: Readonly<Record<string, VariantFormat>> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
};

const EXTENSIONS: Readonly<Record<VariantFormat, string>> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
  png: 'png',
};

const MEDIA_TYPES: Readonly<Record<VariantFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** An image file Folio makes variants of, as the store knows it. */
export interface SourceImage {
  /** The hash of its bytes and of how variants are made: variants of other bytes differ in it. */
  readonly key: string;
  /** Its file name without extension, made safe for a URL: readers see it in the variants'. */
  readonly name: string;
  readonly format: VariantFormat;
  readonly size: ImageSize;
}

/** One variant: which image, how wide, in which format. */
export interface Variant {
  readonly key: string;
  readonly name: string;
  readonly width: number;
  readonly format: VariantFormat;
}

/** What a page names of an image's variants: a `srcset` per newer format, and the original's. */
export interface ResponsiveImage {
  /** Newer formats first, as the browser takes the first `<source>` it can show. */
  readonly sources: readonly { readonly type: string; readonly srcset: string }[];
  /** Variants in the original's format, for the `<img>` itself. */
  readonly srcset: string;
  readonly sizes: string;
}

/** The format variants of a file are made in, by its name; undefined when it passes through. */
export function resizedFormat(fileName: string): VariantFormat | undefined {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : RESIZED[extension];
}

/**
 * The widths of an image's variants: the ladder's below its width, and its own width at the top
 * when the ladder reaches that far — never wider than the original.
 */
export function variantWidths(width: number): number[] {
  const top = VARIANT_WIDTHS.at(-1) ?? width;
  return [...VARIANT_WIDTHS.filter((step) => step < width && step < top), Math.min(width, top)];
}

/** The formats of an image's variants: AVIF and WebP, then its own (once). */
export function variantFormats(format: VariantFormat): VariantFormat[] {
  return [...new Set<VariantFormat>(['avif', 'webp', format])];
}

/** Every variant of an image, in the order they are made. */
export function variantsOf(source: SourceImage): Variant[] {
  const { key, name } = source;
  return variantFormats(source.format).flatMap((format) =>
    variantWidths(source.size.width).map((width) => ({ key, name, width, format })),
  );
}

/** `/assets/images/<name>.<key>.<width>.<extension>`: a new image has a new key, so a new URL. */
export function variantPath({ name, key, width, format }: Variant): string {
  return `${VARIANT_FOLDER}${name}.${key}.${width}.${EXTENSIONS[format]}`;
}

const VARIANT_PATH =
  /^\/assets\/images\/([a-z0-9-]+)\.([0-9a-f]{16})\.([1-9]\d{0,4})\.(avif|webp|jpg|png)$/;

/** The variant a path names, or undefined when it names none. */
export function parseVariantPath(path: string): Variant | undefined {
  const match = VARIANT_PATH.exec(path);
  if (!match) return undefined;
  const [, name = '', key = '', width = '', extension = ''] = match;
  const format = (Object.keys(EXTENSIONS) as VariantFormat[]).find(
    (candidate) => EXTENSIONS[candidate] === extension,
  );
  return format && { name, key, width: Number(width), format };
}

/** The media type a variant is served as. */
export function mediaTypeOf(format: VariantFormat): string {
  return MEDIA_TYPES[format];
}

/** A file name as the readable part of a variant's URL: lower case letters, digits and dashes. */
export function variantName(fileName: string): string {
  const stem = fileName.replace(/\.[^.]*$/, '').toLowerCase();
  return (
    stem
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'image'
  );
}

/** The `srcset`s and `sizes` a page names for an image's variants. */
export function responsiveImage(source: SourceImage, sizes = IMAGE_SIZES): ResponsiveImage {
  const widths = variantWidths(source.size.width);
  const srcset = (format: VariantFormat): string =>
    widths.map((width) => `${variantPath({ ...source, width, format })} ${width}w`).join(', ');
  return {
    sources: variantFormats(source.format)
      .filter((format) => format !== source.format)
      .map((format) => ({ type: MEDIA_TYPES[format], srcset: srcset(format) })),
    srcset: srcset(source.format),
    sizes,
  };
}

/** The `<source>` elements that go before an image's `<img>` in its `<picture>`. */
export function sourceElements(image: ResponsiveImage): string {
  return image.sources
    .map(
      ({ type, srcset }) =>
        `<source type="${type}" srcset="${escapeAttribute(srcset)}" sizes="${image.sizes}">`,
    )
    .join('');
}

// Variant paths are made of safe characters already; a site path in them is escaped all the same.
function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

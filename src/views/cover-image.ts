// Render: a post's cover image and the site's social image, as pages, entries and social cards
// show them.
import type { ImageSize } from '../content/markdown/markdown.js';
import type { Post } from '../content/post.js';
import { sourceElements, type ResponsiveImage } from '../content/responsive-image.js';
import { mapSrcset } from '../urls/base-path.js';
import type { ViewContext } from './context.js';
import { html, raw, type Html } from './html.js';

/** An image a page shows, or names to social networks, with its size when it is known. */
export interface ShownImage {
  /** A path from the site's root, or an http(s) URL. */
  readonly src: string;
  /** Empty when the image only decorates. */
  readonly alt: string;
  /** Known for a file under static/ or beside the post; never for another site's image. */
  readonly size: ImageSize | undefined;
  /** Its smaller and newer-format versions, for a file Folio resizes; only with its size. */
  readonly responsive?: ResponsiveImage | undefined;
}

/** A post's cover, from its `image` and `imageAlt`. */
export function coverOf(ctx: ViewContext, post: Post): ShownImage | undefined {
  const { image } = post;
  if (!image) return undefined;
  const size = sizeOf(ctx, image.src);
  const responsive = size && ctx.bodies.responsive?.(image.src);
  return { src: image.src, alt: image.alt, size, responsive };
}

/** The image of the site's social cards, from the config's `socialImage`. */
export function socialImageOf(ctx: ViewContext): ShownImage | undefined {
  const src = ctx.site.config.socialImage;
  return src === undefined ? undefined : { src, alt: '', size: sizeOf(ctx, src) };
}

function sizeOf(ctx: ViewContext, src: string): ImageSize | undefined {
  return src.startsWith('/') ? ctx.bodies.imageSize?.(src) : undefined;
}

/**
 * The `<img>` of an image, with its size so that the page does not shift as it loads; `eager`
 * for one in the first screen, which the browser must not put off.
 */
export function imageElement(
  ctx: ViewContext,
  image: ShownImage,
  className: string,
  eager: boolean,
): Html {
  const { size } = image;
  const responsive = image.responsive && linkedVariants(ctx, image.responsive);
  const img = html`<img class="${className}" src="${ctx.link(image.src)}"${responsive ? html` srcset="${responsive.srcset}" sizes="${responsive.sizes}"` : ''} alt="${image.alt}"${size ? html` width="${size.width}" height="${size.height}"` : ''}${eager ? '' : html` loading="lazy"`} decoding="async">`;
  return responsive ? html`<picture>${raw(sourceElements(responsive))}${img}</picture>` : img;
}

/** An image's variants as the page links them: under the site's base path. */
function linkedVariants(ctx: ViewContext, variants: ResponsiveImage): ResponsiveImage {
  if (ctx.base === '') return variants;
  return {
    ...variants,
    srcset: mapSrcset(variants.srcset, ctx.link),
    sources: variants.sources.map((source) => ({
      ...source,
      srcset: mapSrcset(source.srcset, ctx.link),
    })),
  };
}

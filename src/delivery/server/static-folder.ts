// Deliver: files of the site's static/ folder, looked up by URL path without ever leaving the folder.
import { createReadStream } from 'node:fs';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { realpath, stat } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import mime from 'mime';
import type { ByteRange, StaticFile, StaticFiles } from '../app/http.js';
import { isHiddenStaticName } from '../../content/read-sources.js';
import { mediaTypeOf, parseVariantPath } from '../../content/responsive-image.js';
import type { ImageStore } from '../../load/image-store.js';

const TEXTUAL = /^(?:text\/|application\/(?:javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/** Variants are served for a year: a new image has a new path. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The files of static/ under `root`, and the variants of the site's images, made when first asked
 * for by `images` — the store the site was loaded with, which knows the images its pages name.
 */
export function staticFolder(root: string, images: ImageStore): StaticFiles {
  let realRoot: string | undefined;
  // Resolved again until it exists, so that a static/ created after start is served.
  const rootPath = async (): Promise<string | undefined> =>
    (realRoot ??= await realpath(root).catch(() => undefined));

  return {
    async lookup(urlPath: string): Promise<StaticFile | undefined> {
      return fileIn(await rootPath(), urlPath);
    },
    async lookupBeside(postFile: string, path: string): Promise<StaticFile | undefined> {
      // A post's folder is where its file is now: resolved at each request, as posts move.
      return fileIn(await realpath(dirname(postFile)).catch(() => undefined), path);
    },
    async variant(path: string): Promise<StaticFile | string | undefined> {
      const variant = parseVariantPath(path);
      const found = variant && (await images.variant(variant));
      if (!variant || !found) return undefined;
      if ('original' in found) return found.original;
      const info = await stat(found.file).catch(() => undefined);
      if (!info) return undefined;
      return {
        size: info.size,
        // The path names the bytes: one validator serves for as long as the file is kept.
        etag: `"${variant.key}-${variant.width}-${variant.format}"`,
        contentType: mediaTypeOf(variant.format),
        cacheControl: IMMUTABLE,
        open: (range: ByteRange = { start: 0, end: info.size - 1 }) =>
          exactBytes(found.file, range),
      };
    },
  };
}

/** The file at `urlPath` under the folder `base` (resolved already), never outside it. */
async function fileIn(base: string | undefined, urlPath: string): Promise<StaticFile | undefined> {
  const segments = urlPath.split('/').filter((segment) => segment !== '');
  if (segments.some(isForbiddenSegment)) return undefined;
  if (!base) return undefined;
  try {
    // Resolving links first keeps a symbolic link from reaching outside the folder.
    const file = await realpath(join(base, ...segments));
    if (!file.startsWith(base + sep)) return undefined;
    const info = await stat(file);
    if (!info.isFile()) return undefined;
    const type = mime.getType(file) ?? 'application/octet-stream';
    return {
      size: info.size,
      etag: `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`,
      contentType: TEXTUAL.test(type) ? `${type}; charset=utf-8` : type,
      open: (range: ByteRange = { start: 0, end: info.size - 1 }) => exactBytes(file, range),
    };
  } catch {
    return undefined;
  }
}

// Hidden files but .well-known, parent references and anything a file system could read as a separator.
function isForbiddenSegment(segment: string): boolean {
  return (
    isHiddenStaticName(segment) ||
    segment.includes('\\') ||
    segment.includes('\0') ||
    segment.includes(':')
  );
}

/**
 * Bytes `start` to `end` of `file`: the length its answer declared. A file that grows while it is
 * sent is cut there, and one that shrinks fails the stream, so that the server closes the
 * connection rather than let the client take the next answer for the rest of this one.
 */
function exactBytes(file: string, { start, end }: ByteRange): Readable {
  const size = end - start + 1;
  if (size <= 0) return Readable.from([]);
  let sent = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      sent += chunk.length;
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      callback(sent === size ? null : new Error(`${file} shrank while it was sent`));
    },
  });
  // pipeline closes the file however the answer ends: sent, failed or left by its client.
  return pipeline(createReadStream(file, { start, end }), counted, () => undefined);
}

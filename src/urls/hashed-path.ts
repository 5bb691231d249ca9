// URL paths: names for files that change whenever their content does, so they can be cached
// forever — the theme's own files, and the packaged files some posts need (pure).

/** The folder of the site every content-hashed file is served from. */
export const ASSET_FOLDER = '/assets/';

/** `/assets/<name>.<hash>.<extension>`, the hash taken over `content`, a text or its bytes. */
export function hashedPath(name: string, extension: string, content: string | Uint8Array): string {
  return `${ASSET_FOLDER}${name}.${contentHash(content)}.${extension}`;
}

/**
 * Eight hex digits that change whenever `content` does (FNV-1a): enough to name a version of a
 * file, not a security measure.
 */
export function contentHash(content: string | Uint8Array): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < content.length; i++) {
    hash ^= typeof content === 'string' ? content.charCodeAt(i) : (content[i] ?? 0);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

// URL paths: names for files that change whenever their content does, so they can be cached
// forever — the theme's own files, and the packaged files some posts need (pure).

/** The folder of the site every content-hashed file is served from. */
export const ASSET_FOLDER = '/assets/';

/** `/assets/<name>.<hash>.<extension>`, the hash taken over `content`, a text or its bytes. */
export function hashedPath(name: string, extension: string, content: string | Uint8Array): string {
  return `${ASSET_FOLDER}${name}.${fnv1a(content)}.${extension}`;
}

// FNV-1a: enough to change the name whenever the content does; not a security measure.
function fnv1a(content: string | Uint8Array): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < content.length; i++) {
    hash ^= typeof content === 'string' ? content.charCodeAt(i) : (content[i] ?? 0);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

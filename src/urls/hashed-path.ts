// URL paths: names for files that change whenever their content does, so they can be cached
// forever — the theme's own files, and the packaged files some posts need (pure).

/** The folder of the site every content-hashed file is served from. */
export const ASSET_FOLDER = '/assets/';

/** `/assets/<name>.<hash>.<extension>`, the hash taken over `content`, a text or its bytes. */
export function hashedPath(name: string, extension: string, content: string | Uint8Array): string {
  return `${ASSET_FOLDER}${name}.${contentHash(content)}.${extension}`;
}

const encoder = new TextEncoder();

/**
 * Eight hex digits that change whenever `content` does (MurmurHash3's 32-bit mixing, four bytes of
 * UTF-8 at a time): enough to name a version of a file, not a security measure. A large site's
 * search files hold tens of megabytes, which a hash of one byte at a time took a fifth of a
 * second of the exporting thread to name.
 */
export function contentHash(content: string | Uint8Array): string {
  const bytes = typeof content === 'string' ? encoder.encode(content) : content;
  const { length } = bytes;
  const whole = length >>> 2;
  // A view of four bytes at a time needs them aligned: a slice of a pooled buffer may not be. It
  // reads them in the platform's order: little-endian on x64 and Arm, where builds run.
  const words =
    bytes.byteOffset % 4 === 0
      ? new Uint32Array(bytes.buffer, bytes.byteOffset, whole)
      : new Uint32Array(bytes.slice(0, whole * 4).buffer);
  let hash = 0x811c9dc5 ^ length;
  for (let i = 0; i < whole; i++) hash = mixWord(hash, words[i] ?? 0);
  let tail = 0;
  for (let i = whole * 4; i < length; i++) tail = (tail << 8) | (bytes[i] ?? 0);
  if (length % 4 !== 0) hash = mixWord(hash, tail);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0).toString(16).padStart(8, '0');
}

function mixWord(hash: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  let h = hash ^ Math.imul(k, 0x1b873593);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

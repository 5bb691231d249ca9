// Render: names for theme files that change whenever their content does, so they can be cached forever.

/** `/assets/<name>.<hash>.<extension>`, the hash taken over `content`. */
export function hashedPath(name: string, extension: string, content: string): string {
  return `/assets/${name}.${fnv1a(content)}.${extension}`;
}

// FNV-1a: enough to change the name whenever the text changes; not a security measure.
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

// Load: the site path a link or image target names, as files under static/ are keyed.

/**
 * A link target as the path of a file under static/: without query or fragment, decoded as the
 * server decodes a request, `%40` and `%2B` too.
 */
export function sitePath(target: string): string {
  const path = target.split(/[?#]/)[0] ?? target;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

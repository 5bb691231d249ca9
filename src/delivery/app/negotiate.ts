// Deliver: reading the request headers that choose a representation.
import { Memo } from '../../memo/memo.js';

export type Encoding = 'br' | 'gzip' | 'identity';

/** The best compression the client accepts: brotli, then gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string): number => accepted.get(name) ?? accepted.get('*') ?? 0;
  // The client's weights decide; on a tie brotli wins, as it is the smaller.
  const [best] = (['br', 'gzip'] as const)
    .filter((name) => weight(name) > 0)
    .sort((a, b) => weight(b) - weight(a));
  return best ?? 'identity';
}

// Clients send few distinct Accept-Encoding values; each is read once. The bound keeps a client
// that varies it from growing the table.
const encodings = new Memo<string, Encoding>('accept-encoding', 64);

/** `chooseEncoding`, remembered per header value: it is asked on every request. */
export function encodingFor(acceptEncoding: string | undefined): Encoding {
  return acceptEncoding === undefined ? 'identity' : encodings.get(acceptEncoding, chooseEncoding);
}

/** Whether an `If-None-Match` header names `etag` (weak comparison, as RFC 9110 asks). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

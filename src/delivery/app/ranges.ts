// Deliver: range requests — part of a file of static/, as a video player asks for it (Safari
// plays no `<video>` whose server answers every range with the whole file). One range is
// answered; several, or one the client's If-Range no longer holds for, get the whole file.
import type { Readable } from 'node:stream';
import type { AppRequest, AppResponse, ByteRange } from './http.js';

const SINGLE_RANGE = /^bytes=[ \t]*(\d*)[ \t]*-[ \t]*(\d*)[ \t]*$/i;

/**
 * The part of a file of `size` bytes that `request` asks for: a range, `'unsatisfiable'` when it
 * asks for bytes the file does not have, or undefined when the whole file is the answer (no
 * range, several, a syntax not understood, a HEAD, or an If-Range that does not hold).
 */
export function requestedRange(
  request: AppRequest,
  size: number,
  etag: string,
): ByteRange | 'unsatisfiable' | undefined {
  const { range, 'if-range': ifRange } = request.headers;
  if (range === undefined || request.method !== 'GET') return undefined;
  // If-Range holds only for the same strong validator; a date or a weak one never does.
  if (ifRange !== undefined && (ifRange !== etag || etag.startsWith('W/'))) return undefined;
  const parts = SINGLE_RANGE.exec(range);
  if (!parts) return undefined;
  const [, first = '', last = ''] = parts;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** The answer to a range: 206 with the part, or 416 saying how long the file is. */
export function rangeAnswer(
  range: ByteRange | 'unsatisfiable',
  size: number,
  headers: Readonly<Record<string, string>>,
  open: (range: ByteRange) => Readable,
): AppResponse {
  if (range === 'unsatisfiable') {
    return {
      status: 416,
      headers: { ...headers, 'content-range': `bytes */${size}`, 'content-length': '0' },
    };
  }
  const { start, end } = range;
  return {
    status: 206,
    headers: {
      ...headers,
      'content-range': `bytes ${start}-${end}/${size}`,
      'content-length': String(end - start + 1),
    },
    body: open(range),
  };
}

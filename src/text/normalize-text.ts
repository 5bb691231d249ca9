// Load: text as editors commonly save it, made uniform before parsing.

/** Accepts what editors commonly write: strips a byte-order mark and turns CRLF into LF. */
export function normalizeText(text: string): string {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return withoutBom.includes('\r') ? withoutBom.replace(/\r\n?/g, '\n') : withoutBom;
}

// Deliver: whether an address or host name is this machine's own — what only the author sees.

/**
 * A loopback address (127.0.0.0/8, `::1`, or 127.x mapped into IPv6) or `localhost`: a client there,
 * or a server listening there, is on this machine alone.
 */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const host = address.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return (
    host === 'localhost' ||
    host === '::1' ||
    host === '0:0:0:0:0:0:0:1' ||
    /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(host)
  );
}

// CLI: a progress line for long operations, on a terminal only; piped output stays line-based.

/** Shows `label done/total` on one rewritten line of standard error, at most every 100 ms. */
export function progressLine(
  label: string,
  // Below this total a count goes by too fast to be worth showing.
  least = 200,
): {
  update: (done: number, total: number) => void;
  end: () => void;
} {
  const stream = process.stderr;
  if (!stream.isTTY) return { update: () => undefined, end: () => undefined };
  let shown = 0;
  let last = 0;
  return {
    update(done, total) {
      const now = Date.now();
      if (total < least || (now - last < 100 && done < total)) return;
      last = now;
      shown = done;
      stream.write(`\r${label} ${done}/${total}`);
    },
    end() {
      if (shown > 0) stream.write('\r\x1b[K');
      shown = 0;
    },
  };
}

// YAML written to exhaust a reader, shared by the tests and the soak.

/** YAML whose aliases stand for aliases, `levels` deep, ten each: 10^levels values in 700 bytes. */
export function aliasBomb(levels: number): string {
  const anchors = [`&a0 [${Array(10).fill('x').join(', ')}]`];
  for (let i = 1; i < levels; i++) {
    anchors.push(
      `&a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  }
  return `[${anchors.join(', ')}]`;
}

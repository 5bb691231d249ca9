// Test support: generators of text for the property tests, and a readable way to show it.
import fc from 'fast-check';

/** A string as a JSON literal with invisible and combining characters escaped, to be readable. */
export const show = (text: string): string =>
  JSON.stringify(text).replace(
    /(?! )[\p{C}\p{Z}\p{M}]/gu,
    (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`,
  );

/** One character from the code points `min` to `max`. */
export const char = (min: number, max: number): fc.Arbitrary<string> =>
  fc.integer({ min, max }).map((code) => String.fromCodePoint(code));

/** One to `maxLength` units of `unit`, joined. */
export const run = (unit: fc.Arbitrary<string>, maxLength: number): fc.Arbitrary<string> =>
  fc.array(unit, { minLength: 1, maxLength }).map((units) => units.join(''));

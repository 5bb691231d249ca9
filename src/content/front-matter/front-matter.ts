// Load: front matter as every format gives it — its values, the line of every key, its problems.
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { LocatedValue } from '../../diagnostics/schema-diagnostics.js';

/** What a format makes of the text between its fences, with lines counted in the whole file. */
export interface ReadFrontMatter extends LocatedValue {
  /**
   * The plain value: for usable front matter, a mapping of keys to values; numbers stay the text
   * the author wrote. `undefined` when the front matter is empty or has a problem.
   */
  readonly value: unknown;
  /** What kept the front matter from being read, each at its line; `value` is then undefined. */
  readonly problems: readonly Diagnostic[];
}

/** A post's front matter, read, and the body after it. */
export interface FrontMatter extends ReadFrontMatter {
  readonly body: string;
  /** Line in the file where the body starts. */
  readonly bodyLine: number;
}

/** Where the text between the fences stands: its file, and the line of its first line there. */
export interface FrontMatterPlace {
  readonly file: string;
  readonly line: number;
}

/**
 * A language front matter is written in, known by the line that opens it: YAML between `---`
 * lines; TOML between `+++` or JSON would be one more.
 */
export interface FrontMatterFormat {
  /** Whether a post's first line opens front matter in this format. */
  readonly opening: RegExp;
  readonly closing: RegExp;
  /** The closing line as hints write it, e.g. `---`. */
  readonly closingFence: string;
  /** Reads the text between the fences; never throws, it reports problems instead. */
  read(text: string, place: FrontMatterPlace): ReadFrontMatter;
}

// Edits of one post while the server is under load, and the check that every page showing that
// post shows one whole version of it: each edit writes the same marker, "Soak edit N", into the
// title and the first line of the body, so a page that mixes two saves shows two numbers.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Sent } from './load.js';

const MARKER = /Soak edit (\d+)/g;

export class EditedPost {
  readonly #file: string;
  readonly #scratch: string;
  #original = '';
  /** The highest marker written so far; no page may show a higher one. */
  written = -1;
  /** Versions some response showed. */
  readonly versions = new Set<number>();
  /** When responses first showed each newer version, in order: what later requests must not undercut. */
  readonly #online: { at: number; version: number }[] = [];
  /** Whether pages may carry the banner that lists problems (only while a fault is staged). */
  problemsExpected = false;

  constructor(siteDir: string, file: string) {
    this.#file = join(siteDir, file);
    // Outside content/, so that the watcher sees only the rename of a complete file.
    this.#scratch = join(siteDir, '.soak-edit.md');
  }

  get file(): string {
    return this.#file;
  }

  /** Writes version `n` of the post, whole, by renaming it over the old one as editors save. */
  async write(n: number, file = this.#file): Promise<void> {
    this.#original ||= await readFile(this.#file, 'utf8');
    const marker = `Soak edit ${n}`;
    const text = this.#original
      .replace(/^title: .*$/m, `title: "${marker}"`)
      .replace(/\n---\n/, `\n---\n\n${marker} opens this version of the post.\n`);
    await writeFile(this.#scratch, text);
    this.written = Math.max(this.written, n);
    await rename(this.#scratch, file);
  }

  /** Why a page showing the post is wrong, or undefined when it shows one written version. */
  check = (sent: Sent, body: Buffer): string | undefined => {
    const text = body.toString('latin1');
    const markers = [...text.matchAll(MARKER)].map((match) => Number(match[1]));
    const [version] = markers;
    if (version === undefined || markers.length < 2) {
      return `shows the edited post's marker ${markers.length} times, not in its title and its text`;
    }
    if (markers.some((marker) => marker !== version)) {
      return `mixes versions ${[...new Set(markers)].join(' and ')} of the edited post`;
    }
    if (version > this.written) return `shows version ${version}, which was never written`;
    const floor = this.#floor(sent.at);
    if (version < floor) {
      return `shows version ${version}, though version ${floor} was online before it was asked for`;
    }
    if (!this.problemsExpected && text.includes('problems-banner'))
      return 'shows a problems banner';
    this.versions.add(version);
    const newest = this.#online.at(-1);
    if (!newest || version > newest.version) {
      this.#online.push({ at: performance.now(), version });
    }
    return undefined;
  };

  /** The newest version a response completed with before `at`. */
  #floor(at: number): number {
    for (let i = this.#online.length - 1; i >= 0; i--) {
      const entry = this.#online[i] as { at: number; version: number };
      if (entry.at < at) return entry.version;
    }
    return -1;
  }
}

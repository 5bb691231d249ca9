// Edits of one post while the server is under load, and the check that every page showing that
// post shows one whole version of it: each edit writes the same marker, "Soak edit N", into the
// title and the first line of the body, so a page that mixes two saves shows two numbers.
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Sent } from './load.js';

/** How editors save: writing the file in two parts, or as vim does (old file renamed away). */
export type SaveStyle = 'in place' | 'as vim';

/** A save the editor process is asked to make. */
export interface EditorSave {
  readonly how: SaveStyle;
  readonly file: string;
  readonly text: string;
  /** Where an in-place save stops its first part. */
  readonly cut: number;
  readonly pauseMs: number;
}

/** The pause the editor process really made between the two parts of a save. */
export type EditorReply = { readonly pauseMs: number } | { readonly error: string };

/** The process that saves as editors do, started on first use. */
class Editor {
  #child: ChildProcess | undefined;

  async save(request: EditorSave): Promise<number> {
    this.#child ??= fork(new URL('./editor-process.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
    });
    const replied = once(this.#child, 'message') as Promise<[EditorReply]>;
    this.#child.send(request);
    const [reply] = await replied;
    if ('error' in reply) throw new Error(`the editor process could not save: ${reply.error}`);
    return reply.pauseMs;
  }

  stop(): void {
    this.#child?.kill();
    this.#child = undefined;
  }
}

const MARKER = /Soak edit (\d+)/g;
const markerOf = (n: number): string => `Soak edit ${n}`;

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

  readonly #editor = new Editor();
  /** The version being saved in place, and how often each was shown cut. */
  #savingInPlace: number | undefined;
  readonly #cut = new Map<number, number>();

  /** Writes version `n` of the post, whole, by renaming it over the old one. */
  async write(n: number, file = this.#file): Promise<void> {
    await writeFile(this.#scratch, await this.#text(n));
    this.written = Math.max(this.written, n);
    await rename(this.#scratch, file);
  }

  /**
   * Saves version `n` as an editor does, `pauseMs` between the two parts of the save: in place,
   * cut inside the marker that opens the body, so that a page made from the first part alone
   * shows two versions (counted, for `shownCut`, rather than failed at once: the save may have
   * paused longer than it was asked to); or as vim does, the post missing meanwhile. Returns the
   * pause made.
   */
  async save(n: number, how: SaveStyle, pauseMs: number): Promise<number> {
    const text = await this.#text(n);
    const cut = text.indexOf(`${markerOf(n)} opens`) + 'Soak edit '.length + 1;
    this.written = Math.max(this.written, n);
    if (how === 'in place') this.#savingInPlace = n;
    return this.#editor.save({ how, file: this.#file, text, cut, pauseMs });
  }

  /** How many answers showed half of version `n`, saved in place; asked once it is online. */
  shownCut(n: number): number {
    if (this.#savingInPlace === n) this.#savingInPlace = undefined;
    return this.#cut.get(n) ?? 0;
  }

  stopEditor(): void {
    this.#editor.stop();
  }

  async #text(n: number): Promise<string> {
    this.#original ||= await readFile(this.#file, 'utf8');
    const marker = markerOf(n);
    return this.#original
      .replace(/^title: .*$/m, `title: "${marker}"`)
      .replace(/\n---\n/, `\n---\n\n${marker} opens this version of the post.\n`);
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
      // Half of a save in place: judged once the save says how long its parts were apart.
      if (this.#savingInPlace === version) {
        this.#cut.set(version, (this.#cut.get(version) ?? 0) + 1);
        return undefined;
      }
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

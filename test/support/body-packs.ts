// The body cache's packs as a test reads and forges them: `WRITER.pack` holds the entries one after
// another, `WRITER.index` a line `KEY OFFSET LENGTH` for each.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BODY_CACHE_DIR,
  type CachedBody,
  entryTexts,
  parseEntry,
} from '../../src/load/body-cache.js';

interface PackFiles {
  readonly pack: string;
  readonly index: string;
}

/** The packs of every renderer in the body cache of `site`. */
function packsOf(site: string): PackFiles[] {
  const root = join(site, BODY_CACHE_DIR);
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.index'))
    .map((entry) => {
      const index = join(entry.parentPath, entry.name);
      return { index, pack: `${index.slice(0, -'.index'.length)}.pack` };
    });
}

/** The entries of a pack, as its index lists them. */
function entriesOf({ pack, index }: PackFiles): { key: string; text: string }[] {
  const bytes = readFileSync(pack);
  return readFileSync(index, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [key = '', at = '0', length = '0'] = line.split(' ');
      return { key, text: bytes.subarray(Number(at), Number(at) + Number(length)).toString() };
    });
}

/** How many entries the body cache of `site` holds, in all its packs. */
export const countBodyEntries = (site: string): number =>
  packsOf(site).reduce((sum, files) => sum + entriesOf(files).length, 0);

/** Rewrites each entry of the body cache of `site` as `edit` makes it, pack and index both. */
export function forgeBodyEntries(site: string, edit: (entry: CachedBody) => CachedBody): void {
  for (const files of packsOf(site)) {
    const entries: Buffer[] = [];
    const lines: string[] = [];
    let at = 0;
    for (const { key, text } of entriesOf(files)) {
      const entry = parseEntry(text);
      if (!entry) throw new Error(`an entry of ${files.pack} is not whole`);
      const forged = Buffer.from(entryTexts(edit(entry)).join(''));
      entries.push(forged);
      lines.push(`${key} ${at} ${forged.length}\n`);
      at += forged.length;
    }
    writeFileSync(files.pack, Buffer.concat(entries));
    writeFileSync(files.index, lines.join(''));
  }
}

/** Spoils the bytes of every entry of the body cache of `site`, keeping their places. */
export function tearBodyEntries(site: string): void {
  for (const { pack } of packsOf(site)) {
    writeFileSync(pack, '{"minutes": 1, "htm'.padEnd(readFileSync(pack).length, ' '));
  }
}

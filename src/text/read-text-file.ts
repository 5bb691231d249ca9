// Load: reads one UTF-8 text file of the site folder, turning every failure into a diagnostic.
import { readFileSync } from 'node:fs';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The file's text, or a diagnostic that says why it could not be read. The read is synchronous:
 * for the small files of a site it is several times faster than a promise per file.
 */
export function readTextFile(file: string): string | Diagnostic {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (cause) {
    return unreadable(file, cause);
  }
  try {
    return utf8.decode(bytes);
  } catch {
    const lossy = bytes.toString('utf8');
    const line = lossy.slice(0, lossy.indexOf('\uFFFD')).split('\n').length;
    return error(
      'file-encoding',
      file,
      line,
      'the file is not UTF-8 text',
      'save it as UTF-8 in your editor; the line named holds the first byte that is not',
    );
  }
}

/** The file's text, or nothing where it cannot be read: for files that may well be missing. */
export function readTextOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function unreadable(file: string, cause: unknown): Diagnostic {
  const code = (cause as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT'
      ? 'the file does not exist'
      : code === 'EACCES' || code === 'EPERM'
        ? 'the file cannot be read: permission denied'
        : code === 'EISDIR'
          ? 'a folder stands where a file was expected'
          : `the file cannot be read: ${(cause as Error).message}`;
  const hint =
    code === 'EACCES' || code === 'EPERM'
      ? 'give the user running Folio read access, e.g. `chmod a+r`'
      : 'check the path and that the file is a readable text file';
  return error('file-unreadable', file, 1, why, hint);
}

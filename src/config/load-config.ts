// Load: reads folio.config.yaml from a site folder and validates it.
import { join } from 'node:path';
import { error } from '../diagnostics/diagnostic.js';
import { readTextFile } from '../text/read-text-file.js';
import { parseConfig, type ConfigResult } from './parse-config.js';

export const CONFIG_FILE = 'folio.config.yaml';

export function loadConfig(siteDir: string): ConfigResult {
  const file = join(siteDir, CONFIG_FILE);
  const text = readTextFile(file);
  if (typeof text === 'string') return parseConfig(text, file);
  const missing = text.code === 'file-unreadable' && text.message === 'the file does not exist';
  const hint = `is ${siteDir} a Folio site? create ${CONFIG_FILE} there (the README shows one)`;
  return {
    config: undefined,
    diagnostics: [
      missing ? error('config-missing', file, 1, 'the site has no config file', hint) : text,
    ],
    file,
    lineOf: () => 1,
  };
}

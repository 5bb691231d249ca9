// Config: folio.config.yaml text → validated settings, or every problem with its line (pure).
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { schemaDiagnostics } from '../diagnostics/schema-diagnostics.js';
import { normalizeText } from '../text/normalize-text.js';
import { parseYaml, yamlHint } from '../yaml/yaml-source.js';
import { CONFIG_HINTS, CONFIG_KEYS, configSchema, type SiteConfig } from './schema.js';

export interface ConfigResult {
  /** The settings, present only when the config is free of errors. */
  readonly config: SiteConfig | undefined;
  readonly diagnostics: readonly Diagnostic[];
  readonly file: string;
  /** The line of the value at a path of keys, for problems found later. */
  lineOf(path: readonly string[]): number;
}

export function parseConfig(text: string, file: string): ConfigResult {
  const source = parseYaml(normalizeText(text));
  const located = { file, lineOf: (path: readonly string[]) => source.lineOf(path) };
  if (source.problems.length > 0) {
    const diagnostics = source.problems.map((p) =>
      error(
        'config-yaml',
        file,
        p.line,
        `config is not valid YAML: ${p.message}`,
        yamlHint(p.code),
      ),
    );
    return { ...located, config: undefined, diagnostics };
  }
  const raw = source.value ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    const hint = 'write `key: value` lines, e.g. `title: Dev Notes`';
    return {
      ...located,
      config: undefined,
      diagnostics: [
        error('config-shape', file, 1, 'config is not a mapping of keys to values', hint),
      ],
    };
  }
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const diagnostics = schemaDiagnostics(parsed.error.issues, {
      file,
      source,
      what: 'config',
      code: 'config-invalid',
      hintFor: (path) =>
        CONFIG_HINTS[path[0] as keyof typeof CONFIG_HINTS] ?? 'see the configuration docs',
      knownKeys: (path) => knownKeysAt(path),
    });
    return { ...located, config: undefined, diagnostics };
  }
  const config: SiteConfig = {
    ...parsed.data,
    owner: parsed.data.owner ?? parsed.data.author.name,
  };
  return { ...located, config, diagnostics: [] };
}

function knownKeysAt(path: readonly PropertyKey[]): readonly string[] {
  if (path.length === 0) return CONFIG_KEYS;
  const shape = configSchema.shape;
  if (path[0] === 'author') return Object.keys(shape.author.shape);
  if (path[0] === 'links') return Object.keys(shape.links.unwrap().shape);
  if (path[0] === 'categories') return ['title'];
  return [];
}

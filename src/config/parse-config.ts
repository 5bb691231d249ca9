// Config: folio.config.yaml text → validated settings, or every problem with its line (pure).
import { error, warning, type Diagnostic } from '../diagnostics/diagnostic.js';
import { basePathOf, writtenBasePath } from '../urls/base-path.js';
import { schemaDiagnostics } from '../diagnostics/schema-diagnostics.js';
import { normalizeText } from '../text/normalize-text.js';
import { parseYaml, yamlHint } from '../yaml/yaml-source.js';
import { providerKeys, themeHint } from './look-schema.js';
import { CONFIG_HINTS, CONFIG_KEYS, configSchema, type SiteConfig } from './schema.js';

export interface ConfigResult {
  /** The settings, present only when the config is free of errors. */
  readonly config: SiteConfig | undefined;
  readonly diagnostics: readonly Diagnostic[];
  readonly file: string;
  /** The text the config was read from; none when the file could not be read. */
  readonly text?: string | undefined;
  /** The line of the value at a path of keys, for problems found later. */
  lineOf(path: readonly string[]): number;
}

export function parseConfig(text: string, file: string): ConfigResult {
  const source = parseYaml(normalizeText(text));
  const located = { file, text, lineOf: (path: readonly string[]) => source.lineOf(path) };
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
        themeHint(path) ??
        CONFIG_HINTS[path[0] as keyof typeof CONFIG_HINTS] ??
        'see the configuration docs',
      knownKeys: (path) => knownKeysAt(path, raw),
    });
    return { ...located, config: undefined, diagnostics };
  }
  const config: SiteConfig = {
    ...parsed.data,
    owner: parsed.data.owner ?? parsed.data.author.name,
  };
  return {
    ...located,
    config,
    diagnostics: baseWarnings(config.url, file, source.lineOf(['url'])),
  };
}

/**
 * A base path in another script than ASCII works — pages link it percent-encoded, as browsers
 * send it — but is said, since the address a reader copies from a link is the encoded one.
 */
function baseWarnings(url: string, file: string, line: number): Diagnostic[] {
  const path = writtenBasePath(url);
  if (!/[^\p{ASCII}]/u.test(path)) return [];
  return [
    warning(
      'config-url-path',
      file,
      line,
      `the path of url, ${path}/, is not ASCII: pages, feeds and the sitemap link it percent-encoded, as ${basePathOf(url)}/`,
      'keep it if that is the address you want (browsers show it as written); an ASCII path such as `/blog/` reads the same in every link',
    ),
  ];
}

function knownKeysAt(path: readonly PropertyKey[], raw: object): readonly string[] {
  if (path.length === 0) return CONFIG_KEYS;
  const shape = configSchema.shape;
  const provider = (key: 'comments' | 'analytics'): unknown =>
    (raw as Record<string, { provider?: unknown } | undefined>)[key]?.provider;
  if (path[0] === 'theme') return Object.keys(shape.theme.unwrap().shape);
  if (path[0] === 'csp') return Object.keys(shape.csp.unwrap().shape);
  if (path[0] === 'comments') return providerKeys(shape.comments, provider('comments'));
  if (path[0] === 'analytics') return providerKeys(shape.analytics, provider('analytics'));
  if (path[0] === 'author') return Object.keys(shape.author.shape);
  if (path[0] === 'links') return Object.keys(shape.links.unwrap().shape);
  if (path[0] === 'categories') return ['title'];
  return [];
}

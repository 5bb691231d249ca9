// Import: math a blog's theme or plugin typesets on every page by a setting of its own, read
// where the theme reads it: Hexo's NexT, Butterfly and Fluid, and Jekyll's jekyll-spaceship.
import { join } from 'node:path';
import type { EngineName } from './engine-names.js';
import { namesOf } from './engines.js';
import { isRecord, loadBlogYaml } from './foreign-document.js';
import { usesJekyllPlugin } from './feeds.js';
import type { ImportNote } from './import-site.js';
import { readInsideBlog } from './read-blog.js';

/** A file of settings: its path from the blog's folder, its text, and what it holds. */
interface Settings {
  readonly file: string;
  readonly text: string;
  readonly values: Record<string, unknown>;
}

/**
 * The setting of the blog's theme or plugin that typesets math on every page, if it has one:
 * NexT's `math.every_page` (`per_page: false` in older NexT), Butterfly's `per_page: true`, Fluid's
 * `post.math` without `specific`, each with its typesetter enabled; jekyll-spaceship with its
 * `mathjax-processor`, which its default list of processors holds.
 */
export function themeMath(
  source: string,
  engine: EngineName,
  config: Record<string, unknown>,
): ImportNote | undefined {
  if (engine === 'hexo') return hexoImportNote(source, config);
  if (engine === 'jekyll') return spaceshipMath(source, config);
  return undefined;
}

function hexoImportNote(source: string, config: Record<string, unknown>): ImportNote | undefined {
  const themes = namesOf(config.theme, false);
  // Hexo lays the site config's `theme_config` over `_config.<theme>.yml`, and that over the
  // theme's own `_config.yml`: the first that says is heard.
  const layers: Settings[] = [];
  const site = readSettings(source, '_config.yml');
  if (site && isRecord(site.values.theme_config)) {
    layers.push({ ...site, values: site.values.theme_config });
  }
  for (const theme of themes) {
    const own = readSettings(source, `_config.${theme}.yml`);
    if (own) layers.push(own);
  }
  for (const theme of themes) {
    const own = readSettings(source, join('themes', theme, '_config.yml'));
    if (own) layers.push(own);
  }
  const setting = (...path: string[]): { value: unknown; where: Settings } | undefined => {
    for (const layer of layers) {
      const value = valueAt(layer.values, path);
      if (value !== undefined) return { value, where: layer };
    }
    return undefined;
  };
  const on = (...path: string[]): boolean => setting(...path)?.value === true;
  // A group of settings that loads a typesetter: `enable: true` (NexT 6, Butterfly 4), or under
  // `math` an enabled `mathjax` or `katex` (NexT 7) or one named by `use` (Butterfly 5).
  const typesets = (group: string): boolean =>
    on(group, 'enable') ||
    (group === 'math' &&
      (on('math', 'mathjax', 'enable') ||
        on('math', 'katex', 'enable') ||
        ['mathjax', 'katex'].includes(String(setting('math', 'use')?.value))));
  const found = (where: Settings, path: readonly string[], what: string): ImportNote => ({
    file: where.file,
    line: lineOf(where.text, path),
    text: `${what}: math is on (\`math: true\`), and \`$$\` in posts is typeset`,
  });

  /** `per_page` set to `everyPage` under one of `groups` that is enabled, as `name` reads it. */
  const perPage = (
    name: string,
    groups: readonly string[],
    everyPage: boolean,
  ): ImportNote | undefined => {
    for (const group of groups) {
      const value = setting(group, 'per_page');
      if (typesets(group) && value?.value === everyPage) {
        const what = `${name} typesets math on every page (\`${group}.per_page: ${everyPage}\`)`;
        return found(value.where, [group, 'per_page'], what);
      }
    }
    return undefined;
  };

  // The theme by its name, as a folder or as the package `hexo-theme-<name>` names it.
  const is = (name: string): boolean =>
    themes.some((theme) => theme.toLowerCase().replace(/^hexo-theme-/, '') === name);
  if (is('next')) {
    // NexT 8: `math.every_page`, with MathJax or KaTeX enabled.
    const everyPage = setting('math', 'every_page');
    if (
      everyPage?.value === true &&
      (on('math', 'mathjax', 'enable') || on('math', 'katex', 'enable'))
    )
      return found(
        everyPage.where,
        ['math', 'every_page'],
        'NexT typesets math on every page (`math.every_page`)',
      );
    // NexT 6 and 7 (`math`, enabled itself or by its typesetter) and NexT 5 (`mathjax`): `true`
    // kept it to the posts that ask.
    const older = perPage('NexT', ['math', 'mathjax'], false);
    if (older) return older;
  }
  // Butterfly reads `per_page` the other way: `true` is every page.
  if (is('butterfly')) {
    const butterfly = perPage('Butterfly', ['math', 'mathjax', 'katex'], true);
    if (butterfly) return butterfly;
  }
  if (is('fluid')) {
    // Fluid: `post.math.enable` without `specific`, which keeps it to the posts that ask.
    const enabled = setting('post', 'math', 'enable');
    if (enabled?.value === true && setting('post', 'math', 'specific')?.value !== true)
      return found(
        enabled.where,
        ['post', 'math'],
        'Fluid typesets math in every post (`post.math`)',
      );
  }
  return undefined;
}

function spaceshipMath(source: string, config: Record<string, unknown>): ImportNote | undefined {
  const gemfile = readInsideBlog(source, join(source, 'Gemfile')) ?? '';
  const loaded =
    usesJekyllPlugin(config, 'jekyll-spaceship') ||
    /^\s*gem\s+["']jekyll-spaceship["']/m.test(gemfile);
  // GitHub Pages' own build (the `github-pages` gem) runs only the plugins it allows, and
  // jekyll-spaceship is not one of them.
  if (!loaded || /^\s*gem\s+["']github-pages["']/m.test(gemfile)) return undefined;
  const settings = config['jekyll-spaceship'];
  const processors = isRecord(settings) ? settings.processors : undefined;
  if (Array.isArray(processors) && !processors.includes('mathjax-processor')) return undefined;
  const text = readInsideBlog(source, join(source, '_config.yml')) ?? '';
  return {
    file: '_config.yml',
    line: lineOf(
      text,
      Array.isArray(processors) ? ['jekyll-spaceship', 'mathjax-processor'] : ['jekyll-spaceship'],
    ),
    text: 'jekyll-spaceship typesets math on every page (its `mathjax-processor`): math is on (`math: true`), and `$$` in posts is typeset',
  };
}

function readSettings(source: string, file: string): Settings | undefined {
  const text = readInsideBlog(source, join(source, file));
  if (text === undefined) return undefined;
  try {
    const values = loadBlogYaml(text);
    return isRecord(values) ? { file, text, values } : undefined;
  } catch {
    // Settings Hexo could not read either: the theme ran on its defaults.
    return undefined;
  }
}

function valueAt(values: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = values;
  for (const key of path) value = isRecord(value) ? value[key] : undefined;
  return value;
}

/**
 * The line of `text` where the last of `path` is written, each key looked for after the one
 * before it (`per_page` under `katex`, not the first `per_page`); 1 when one is not found.
 */
function lineOf(text: string, path: readonly string[]): number {
  let at = 0;
  for (const key of path) {
    const written = new RegExp(`^[ \\t]*(?:-[ \\t]*)?${key.replace(/-/g, '\\-')}\\b`, 'm');
    const found = text.slice(at).search(written);
    if (found === -1) return 1;
    at += found;
  }
  return text.slice(0, at).split('\n').length;
}

// docs/performance.md takes a complete run's figures between its markers, written by the run
// itself, so that the page never shows figures of another run than its chart, nor an nginx
// configuration other than the one measured.
import { readFile, writeFile } from 'node:fs/promises';
import * as prettier from 'prettier';
import { nginxSite } from './nginx.js';
import { report, type Results } from './report.js';

function replaceSection(text: string, name: string, content: string): string {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start) throw new Error(`the page has no ${open} … ${close} section`);
  return `${text.slice(0, start + open.length)}\n\n${content}\n\n${text.slice(end)}`;
}

/** The measured configuration, as a public server would have it (docs/performance.md). */
export function nginxExample(headers: Readonly<Record<string, string>>): string {
  const site = nginxSite({
    listen: '80',
    serverName: 'blog.example.com',
    root: '/srv/blog/dist',
    brotli: true,
    headers,
  });
  return ['```nginx', site.trimEnd(), '```'].join('\n');
}

/**
 * Writes a run into the page's marked sections (`<!-- bench:NAME -->` … `<!-- /bench:NAME -->`),
 * formatted as the repository formats Markdown.
 */
export async function writeRunInto(file: string, results: Results): Promise<void> {
  const { run, table, media, targets, notes } = report(results);
  const sections: Record<string, string> = {
    run,
    table,
    media,
    targets,
    notes: notes || '(none)',
  };
  if (results.serve?.siteHeaders) sections.nginx = nginxExample(results.serve.siteHeaders);
  let text = await readFile(file, 'utf8');
  for (const [name, content] of Object.entries(sections)) {
    text = replaceSection(text, name, content);
  }
  const options = (await prettier.resolveConfig(file)) ?? {};
  await writeFile(file, await prettier.format(text, { ...options, filepath: file }));
}

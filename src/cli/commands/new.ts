// CLI: `folio new [DIR] "Title"` — starts a draft post with its front matter filled in.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { slugify } from '../../content/slugify.js';
import { loadSite } from '../../load/load-site.js';
import { POSTS_DIR } from '../../content/site-layout.js';
import { hasErrors } from '../../diagnostics/diagnostic.js';
import { printDiagnostics } from '../print-diagnostics.js';

export async function newCommand(siteDir: string, title: string): Promise<number> {
  const { content, diagnostics } = await loadSite(siteDir);
  if (!content || hasErrors(diagnostics)) {
    printDiagnostics(diagnostics);
    console.error('\nFix the problems above first: a new post needs a valid config.');
    return 1;
  }
  const taken = new Set(content.posts.map((post) => post.slug.toLowerCase()));
  const base = slugify(title) || 'post';
  let slug = base;
  for (let n = 2; taken.has(slug.toLowerCase()); n++) slug = `${base}-${n}`;
  const date = DateTime.now().setZone(content.config.timezone).toFormat('yyyy-MM-dd HH:mm');
  const folder = join(siteDir, POSTS_DIR);
  await mkdir(folder, { recursive: true });
  // 'wx' refuses to replace a file, even one that appeared since the site was read.
  for (let n = 2; ; n++) {
    const file = join(folder, `${slug}.md`);
    try {
      await writeFile(file, postTemplate(title, date), { flag: 'wx' });
      console.log(`Created ${file}`);
      console.log(
        'It is a draft: see it with `folio serve --drafts`, and remove `draft: true` to publish it.',
      );
      return 0;
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code !== 'EEXIST') throw cause;
      slug = `${base}-${n}`;
    }
  }
}

function postTemplate(title: string, date: string): string {
  return `---
title: ${JSON.stringify(title)}
date: ${date}
tags: [notes] # one or more tags
# category: Notes
draft: true
---
Write here. A line \`<!--more-->\` ends the excerpt early.
`;
}

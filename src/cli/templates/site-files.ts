// CLI: the files `folio init` writes — a config with every key explained, a first post, an avatar.

export interface NewSite {
  readonly title: string;
  readonly timezone: string;
  /** Where editors find the config's JSON Schema, relative to the site folder. */
  readonly schemaPath: string;
}

export function configTemplate(site: NewSite): string {
  return `# yaml-language-server: $schema=${site.schemaPath}
# Folio site settings. Every key is explained in docs/configuration.md of Folio.

# Site name, shown in the header of every page.
title: ${JSON.stringify(site.title)}
# One sentence under the site name on the home page.
tagline: Notes on what I build and learn.
# Absolute address of the published site: used in feeds, canonical links and the sitemap.
url: https://blog.example.com
# Language of the page's fixed strings: en, ko, ja, zh-Hans or zh-Hant.
locale: en
# Dates without an offset are read, and all dates shown, in this IANA time zone.
timezone: ${site.timezone}

author:
  name: Your Name
  # A file under static/, or an https:// address.
  image: /images/avatar.svg

# Name in the copyright line; defaults to author.name.
# owner: Your Name

# Entries per page of the home page listing, and the length of excerpts in characters.
pageSize: 10
excerptLength: 200

# Profile links in the footer (github, gitlab, codeberg, x, linkedin, mastodon, bluesky,
# facebook, youtube). The feed link is always there.
links:
  github: https://github.com/your-name

# Share links on category pages (x, facebook, linkedin, reddit, hackernews, bluesky, email).
share: [x, facebook, linkedin]

# Titles of category pages, by the category name posts use.
categories:
  Notes:
    title: Notes
`;
}

export function firstPost(date: string): string {
  return `---
title: Hello, Folio
date: ${date}
category: Notes
tags: [folio]
---
This is the first post. Posts are Markdown files under \`content/posts/\`; sub-folders are free.

<!--more-->

## What goes in the front matter

- \`title\`, \`date\` and \`tags\` are required.
- \`category\`, \`slug\`, \`description\` and \`draft: true\` are optional.

Run \`folio new "My next post"\` in the site folder to start another one.
`;
}

export const AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><title>Avatar</title><circle cx="48" cy="48" r="48" fill="#0b5cad"/><circle cx="48" cy="38" r="16" fill="#fff"/><path d="M18 82a30 24 0 0 1 60 0" fill="#fff"/></svg>
`;

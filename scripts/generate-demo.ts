// Writes the bundled demo blog under demo/ deterministically from scripts/demo-content.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { TOPICS } from './demo-content/index.js';
import {
  at,
  descriptionFor,
  fence,
  hashString,
  mulberry32,
  renderTopicPost,
  swap,
  topicTags,
  type Rng,
} from './demo-content/compose.js';
import { HIDDEN, NOTES } from './demo-content/notes.js';
import { CATEGORIES, SITE } from './demo-content/site.js';
import type { Topic } from './demo-content/types.js';

interface Planned {
  // Posts that share a key come from the same topic and are kept apart in the listing.
  key: string;
  title: string;
  slug: string;
  category: string;
  tags: string[];
  description?: string | undefined;
  body: string;
  date: string;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// An optional argument names another folder to write to, so that a test can compare the two.
const DEMO_DIR = process.argv[2] ? path.resolve(process.argv[2]) : path.join(ROOT, 'demo');
const POSTS_DIR = path.join(DEMO_DIR, 'content', 'posts');

const EXPECTED_PUBLIC = 287;
const FEATURED_CATEGORY = 'Algorithm';
const FEATURED_COUNT = 46;
const SHORT_LIMIT = 150;
const SAME_DATE_PAIRS = 7;
const SAME_CATEGORY_PAIRS = 2;
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2019, 0, 3);
const LAST_DAY = Date.UTC(2026, 9, 29);
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function slugify(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= 60) {
    return slug;
  }
  return slug.slice(0, 61).replace(/-[^-]*$/, '');
}

function uniqueSlug(base: string, used: Set<string>): string {
  let slug = base;
  for (let n = 2; used.has(slug); n += 1) {
    slug = `${base}-${n}`;
  }
  used.add(slug);
  return slug;
}

function topicSlug(topic: Topic, k: number, used: Set<string>): string {
  const [title, , explicit] = at(topic.posts, k);
  const fromTitle = slugify(title);
  // Titles written mostly in CJK leave too little ASCII to be a meaningful slug on their own.
  const fallback = fromTitle.length >= 12 ? fromTitle : `${topic.id}-${k + 1}`;
  return uniqueSlug(explicit ?? fallback, used);
}

function planPublicPosts(): Planned[] {
  const used = new Set<string>();
  const posts: Planned[] = [];
  for (const topic of TOPICS) {
    topic.posts.forEach(([title, lead], k) => {
      const rng = mulberry32(hashString(`${topic.id}#${k}`));
      posts.push({
        key: topic.id,
        title,
        slug: topicSlug(topic, k, used),
        category: topic.category,
        body: renderTopicPost(topic, k, rng),
        tags: topicTags(topic, rng),
        description: descriptionFor(lead, rng),
        date: '',
      });
    });
  }
  NOTES.forEach((note, i) => {
    const base = note.slug ?? slugify(note.title);
    posts.push({
      key: `note-${i}`,
      title: note.title,
      slug: uniqueSlug(base.length >= 8 ? base : `note-${i + 1}`, used),
      category: note.category,
      tags: note.tags,
      body: note.code ? fence(note.code) : (note.body ?? ''),
      date: '',
    });
  });
  return posts;
}

// Shuffles the posts, then swaps so that no two neighbours come from the same topic.
function arrange(posts: Planned[], rng: Rng): Planned[] {
  const order = [...posts];
  for (let i = order.length - 1; i > 0; i -= 1) {
    swap(order, i, Math.floor(rng() * (i + 1)));
  }
  for (let i = 1; i < order.length; i += 1) {
    const moving = at(order, i);
    if (moving.key !== at(order, i - 1).key) {
      continue;
    }
    const fits = (post: Planned, index: number): boolean =>
      post.key !== order[index - 1]?.key && post.key !== order[index + 1]?.key;
    const j = order.findIndex(
      (post, index) => Math.abs(index - i) > 1 && fits(post, i) && fits(moving, index),
    );
    if (j < 0) {
      throw new Error(`cannot separate posts of topic ${moving.key}`);
    }
    swap(order, i, j);
  }
  return order;
}

function pairIndexes(posts: Planned[]): number[] {
  const stride = Math.floor(posts.length / (SAME_DATE_PAIRS + 1));
  const indexes: number[] = [];
  for (let p = 1; p <= SAME_DATE_PAIRS; p += 1) {
    let i = p * stride;
    if (p <= SAME_CATEGORY_PAIRS) {
      while (at(posts, i).category !== at(posts, i - 1).category) {
        i += 1;
      }
    }
    indexes.push(i);
  }
  return indexes;
}

function formatDay(ms: number): string {
  const d = new Date(ms);
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(d.getUTCDate()).padStart(2, '0');
  return `${d.getUTCFullYear()}-${mm}-${dd}`;
}

function formatTime(rng: Rng): string {
  const hour = 7 + Math.floor(rng() * 16);
  const minute = Math.floor(rng() * 12) * 5;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

// Spreads the posts (oldest first) over the date range with uneven gaps, then makes a few
// neighbours share a date so that tie-breaking in listings is exercised.
function assignDates(posts: Planned[], rng: Rng): void {
  const weights = posts.map((_, i) => (i === 0 ? 0 : 0.35 + rng()));
  const total = weights.reduce((sum, w) => sum + w, 0);
  const span = (LAST_DAY - FIRST_DAY) / DAY_MS;
  const days: number[] = [];
  let acc = 0;
  let previous = -1;
  for (const weight of weights) {
    acc += weight;
    previous = Math.max(Math.round((acc / total) * span), previous + 1);
    days.push(previous);
  }
  const pairs = pairIndexes(posts);
  for (const i of pairs) {
    days[i] = at(days, i - 1);
  }
  posts.forEach((post, i) => {
    const time = rng() < 0.15 ? ` ${formatTime(rng)}` : '';
    post.date = formatDay(FIRST_DAY + at(days, i) * DAY_MS) + time;
  });
  pairs.forEach((i, p) => {
    const first = at(posts, i - 1);
    const day = first.date.slice(0, 10);
    // One pair also shares a time of day, so ordering cannot fall back on the time.
    first.date = p === 0 ? `${day} 09:30` : day;
    at(posts, i).date = first.date;
  });
}

function yamlString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function yamlPlain(text: string): string {
  const safe = /^[\p{L}\p{N}][\p{L}\p{N} ._/-]*$/u.test(text) && !/ $/.test(text);
  const ambiguous = /^(?:true|false|yes|no|on|off|null|~|[-+]?[\d.]+(?:e[-+]?\d+)?)$/i.test(text);
  return safe && !ambiguous ? text : yamlString(text);
}

function renderPost(post: Planned, draft = false): string {
  const lines = [
    '---',
    `title: ${yamlString(post.title)}`,
    `date: ${post.date}`,
    `category: ${yamlPlain(post.category)}`,
    `tags: [${post.tags.map(yamlPlain).join(', ')}]`,
  ];
  if (post.description) {
    lines.push(`description: ${yamlString(post.description)}`);
  }
  if (draft) {
    lines.push('draft: true');
  }
  lines.push('---', post.body.trimEnd(), '');
  return lines.join('\n');
}

function renderConfig(): string {
  const lines = [
    `title: ${yamlPlain(SITE.title)}`,
    `tagline: ${yamlPlain(SITE.tagline)}`,
    `owner: ${yamlPlain(SITE.owner)}`,
    `url: ${SITE.url}`,
    `locale: ${SITE.locale}`,
    `timezone: ${SITE.timezone}`,
    'author:',
    `  name: ${yamlPlain(SITE.owner)}`,
    `  image: ${SITE.authorImage}`,
    `pageSize: ${SITE.pageSize}`,
    `excerptLength: ${SITE.excerptLength}`,
    'links:',
    ...SITE.links.map(([name, url]) => `  ${name}: ${url}`),
    `share: [${SITE.share.join(', ')}]`,
    'categories:',
    ...CATEGORIES.flatMap(([name, title]) => [`  ${name}:`, `    title: ${yamlPlain(title)}`]),
  ];
  return `${lines.join('\n')}\n`;
}

function renderAvatar(): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" ' +
      'role="img" aria-labelledby="avatar-title">',
    `  <title id="avatar-title">${SITE.owner}</title>`,
    '  <defs>',
    '    <linearGradient id="avatar-bg" x1="0" y1="0" x2="1" y2="1">',
    '      <stop offset="0" stop-color="#6366f1"/>',
    '      <stop offset="1" stop-color="#14b8a6"/>',
    '    </linearGradient>',
    '  </defs>',
    '  <circle cx="48" cy="48" r="48" fill="url(#avatar-bg)"/>',
    '  <circle cx="48" cy="48" r="43" fill="none" stroke="#ffffff" stroke-opacity="0.35" ' +
      'stroke-width="2"/>',
    '  <text x="48" y="48" dy="0.35em" text-anchor="middle" fill="#ffffff" font-size="36" ' +
      'font-weight="600" font-family="system-ui, -apple-system, \'Segoe UI\', sans-serif">' +
      `${SITE.initials}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

function validate(posts: Planned[]): void {
  const fail = (message: string): never => {
    throw new Error(`demo content check failed: ${message}`);
  };
  if (posts.length !== EXPECTED_PUBLIC) {
    fail(`${posts.length} public posts instead of ${EXPECTED_PUBLIC}`);
  }
  const counts = new Map<string, number>();
  for (const post of posts) {
    counts.set(post.category, (counts.get(post.category) ?? 0) + 1);
  }
  const names = CATEGORIES.map(([name]) => name);
  for (const [category, count] of counts) {
    if (!names.includes(category)) {
      fail(`category ${category} is missing from the config`);
    }
    if ((category === FEATURED_CATEGORY) !== (count === FEATURED_COUNT)) {
      fail(`category ${category} has ${count} posts`);
    }
  }
  if (counts.size !== names.length) {
    fail('a configured category has no posts');
  }
  const titles = [...posts, ...HIDDEN].map((post) => post.title);
  const slugs = [...posts, ...HIDDEN].map((post) => post.slug);
  if (new Set(titles).size !== titles.length) {
    fail('titles are not unique');
  }
  if (new Set(slugs).size !== slugs.length || !slugs.every((s) => SLUG_PATTERN.test(s))) {
    fail('slugs are not unique or not URL-safe');
  }
  for (const note of NOTES) {
    if (note.body !== undefined && note.body.length >= SHORT_LIMIT) {
      fail(`note "${note.title}" is too long for a short post`);
    }
  }
  const first = formatDay(FIRST_DAY);
  const last = formatDay(LAST_DAY);
  if (posts.some((post) => post.date.slice(0, 10) < first || post.date.slice(0, 10) > last)) {
    fail('a public post is dated outside the demo range');
  }
  const dates = posts.map((post) => post.date);
  if (dates.length - new Set(dates).size < SAME_DATE_PAIRS) {
    fail('too few posts share a date');
  }
}

async function writePost(post: Planned, draft = false): Promise<void> {
  const dir = path.join(POSTS_DIR, post.date.slice(0, 4));
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${post.slug}.md`), renderPost(post, draft));
}

async function main(): Promise<void> {
  const rng = mulberry32(hashString(SITE.title));
  const posts = arrange(planPublicPosts(), rng);
  assignDates(posts, rng);
  validate(posts);

  await rm(POSTS_DIR, { recursive: true, force: true });
  for (const post of posts) {
    await writePost(post);
  }
  for (const hidden of HIDDEN) {
    await writePost({ ...hidden, key: hidden.slug }, hidden.draft);
  }
  await writeFile(path.join(DEMO_DIR, 'folio.config.yaml'), renderConfig());
  const imagesDir = path.join(DEMO_DIR, 'static', 'images');
  await mkdir(imagesDir, { recursive: true });
  await writeFile(path.join(imagesDir, 'avatar.svg'), renderAvatar());
  console.log(
    `Wrote ${posts.length} public posts and ${HIDDEN.length} hidden posts to ${path.relative(process.cwd(), DEMO_DIR) || '.'}/`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

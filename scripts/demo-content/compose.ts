// Composes demo post bodies from a topic's shared material, deterministically.
import { LABELS, QUOTES, SITE, type Labels } from './site.js';
import type { CodeSample, Lang, Topic } from './types.js';

export type Rng = () => number;

const CODE_FIRST_TOPICS = new Set(['go-services', 'rust-ownership', 'postgres-planning', 'shell']);
const STOPWORDS = new Set(
  (
    'about after before does from how into just more most only than that the their them then ' +
    'they this what when why with without your actually explained understanding introduction'
  ).split(' '),
);

export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return function next(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) {
    throw new RangeError(`index ${index} is out of range`);
  }
  return item;
}

export function swap<T>(items: T[], i: number, j: number): void {
  const item = at(items, i);
  items[i] = at(items, j);
  items[j] = item;
}

export function pick<T>(items: readonly T[], rng: Rng): T {
  return at(items, Math.floor(rng() * items.length));
}

// Words of a text that can be looked for in shared material: ASCII terms (crudely singular),
// the first two syllables of Korean words (dropping particles and endings), and pairs of
// adjacent Han or Katakana characters, as Chinese and Japanese do not separate words.
function keywords(text: string): Set<string> {
  const found = new Set<string>();
  for (const word of text.toLowerCase().match(/[a-z][a-z0-9+#]{2,}/g) ?? []) {
    if (!STOPWORDS.has(word)) {
      found.add(word.length > 4 ? word.replace(/s$/, '') : word);
    }
  }
  for (const word of text.match(/\p{Script=Hangul}{2,}/gu) ?? []) {
    found.add(word.slice(0, 2));
  }
  for (const run of text.match(/[\p{Script=Han}\p{Script=Katakana}ー]{2,}/gu) ?? []) {
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i += 1) {
      found.add(`${at(chars, i)}${at(chars, i + 1)}`);
    }
  }
  return found;
}

// Title words count twice: the title says what the post is about, the lead only sets it up.
function weightedKeywords(title: string, lead: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const word of keywords(lead)) {
    weights.set(word, 1);
  }
  for (const word of keywords(title)) {
    weights.set(word, (weights.get(word) ?? 0) + 2);
  }
  return weights;
}

// Puts the items that share most keywords with the post first; among equally relevant items,
// rotating by the post index keeps posts on the same topic from looking alike.
function byRelevance<T>(
  items: readonly T[],
  k: number,
  words: Map<string, number>,
  text: (item: T) => string,
): T[] {
  const scored = items.map((item, i) => {
    const haystack = text(item).toLowerCase();
    let score = 0;
    for (const [word, weight] of words) {
      score += haystack.includes(word) ? weight : 0;
    }
    return { item, score, order: (i - (k % items.length) + items.length) % items.length };
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.map(({ item }) => item);
}

export function fence(sample: CodeSample): string {
  return `\`\`\`${sample.lang}\n${sample.source}\n\`\`\``;
}

function quote([text, source]: [string, string]): string {
  return `> ${text}\n>\n> — ${source}`;
}

function closing(lang: Lang, rng: Rng): string {
  // English posts sometimes end with a line in one of the author's other languages.
  if (lang === 'en' && rng() < 0.35) {
    return pick(LABELS[pick(['ko', 'ja', 'zh'] as const, rng)].closings, rng);
  }
  return pick(LABELS[lang].closings, rng);
}

function listBlocks(topic: Topic, k: number, labels: Labels, rng: Rng): string[] {
  const useSteps = topic.steps !== undefined && (topic.points === undefined || k % 2 === 1);
  if (rng() < 0.25) {
    return [];
  }
  if (useSteps && topic.steps) {
    const items = topic.steps.map((step, i) => `${i + 1}. ${step}`);
    return [`## ${pick(labels.steps, rng)}`, items.join('\n')];
  }
  if (topic.points) {
    return [`## ${pick(labels.points, rng)}`, topic.points.map((p) => `- ${p}`).join('\n')];
  }
  return [];
}

function linkBlocks(topic: Topic, k: number, labels: Labels, rng: Rng): string[] {
  if (topic.links.length === 0) {
    return [];
  }
  if (rng() < 0.55) {
    const items = topic.links.map(([text, url]) => `- [${text}](${url})`);
    return [`## ${pick(labels.refs, rng)}`, items.join('\n')];
  }
  const [, url] = at(topic.links, k % topic.links.length);
  return [pick(labels.bare, rng).replace('{url}', url)];
}

export function renderTopicPost(topic: Topic, k: number, rng: Rng): string {
  const labels = LABELS[topic.lang];
  const [title, lead] = at(topic.posts, k);
  const words = weightedKeywords(title, lead);
  const sample: CodeSample | undefined = byRelevance(topic.code, k, words, (c) => c.source)[0];
  const codeFirst = sample !== undefined && k === 0 && CODE_FIRST_TOPICS.has(topic.id);
  const blocks: string[] = [];
  if (codeFirst) {
    blocks.push(fence(sample));
  }
  blocks.push(lead);
  if (!codeFirst && rng() < 0.3) {
    blocks.push('<!--more-->');
  }
  if (rng() < 0.08) {
    blocks.push(`![${labels.imageAlt}](${SITE.authorImage})`);
  }
  const count = Math.min(topic.sections.length, 2 + Math.floor(rng() * 2));
  // Only the opening section is chosen for relevance; the rest rotate so posts stay varied.
  const best = at(
    byRelevance(topic.sections, k, words, ([h, text]) => `${h} ${text}`),
    0,
  );
  const rotated = topic.sections.map((_, i) => at(topic.sections, (k + i) % topic.sections.length));
  const sections = [best, ...rotated.filter((section) => section !== best)];
  for (let s = 0; s < count; s += 1) {
    const [heading, text] = at(sections, s);
    blocks.push(`## ${heading}`, text);
    if (s === 0 && sample && !codeFirst) {
      blocks.push(fence(sample));
    }
    if (s === 1 && topic.table && rng() < 0.6) {
      blocks.push(topic.table);
    }
  }
  blocks.push(...listBlocks(topic, k, labels, rng));
  if (rng() < 0.2) {
    blocks.push(quote(pick(QUOTES, rng)));
  }
  blocks.push(...linkBlocks(topic, k, labels, rng));
  if (rng() < 0.3) {
    blocks.push(closing(topic.lang, rng));
  }
  return blocks.join('\n\n');
}

export function topicTags(topic: Topic, rng: Rng): string[] {
  const tags = [at(topic.tags, 0)];
  for (const tag of topic.tags.slice(1)) {
    if (rng() < 0.45) {
      tags.push(tag);
    }
  }
  if (rng() < 0.25) {
    tags.push(topic.category);
  }
  return tags;
}

export function descriptionFor(lead: string, rng: Rng): string | undefined {
  if (rng() >= 0.12) {
    return undefined;
  }
  const plain = lead.replace(/[`*]|~~/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  // A full stop followed by a lowercase word is an abbreviation or an inline question.
  const sentence = /^.+?(?:[.!?](?=\s+[^\sa-z]|\s*$)|[。！？])/u.exec(plain);
  return (sentence?.[0] ?? plain).trim();
}

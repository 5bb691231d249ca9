// Load: what post bodies show — excerpt, HTML, links — parsed the first time a page or a check
// asks, and kept as far as memory allows. The core is handed these as plain values.
import type { Token } from 'markdown-it';
import { excerptOf, excerptOfBody } from '../content/excerpt.js';
import { readingMinutes } from '../content/reading-time.js';
import { splitFrontMatter } from '../content/front-matter/split.js';
import { postStamp } from '../content/read-sources.js';
import {
  type BodyReading,
  parseMarkdown,
  renderTokens,
  type RenderedBody,
  type RenderEnv,
} from '../content/markdown/markdown.js';
import { runningText } from '../content/markdown/flatten.js';
import { collectMistakes } from '../content/markdown/mistakes.js';
import type { EquationNumbers } from '../config/schema.js';
import { collectReferences } from '../content/markdown/references.js';
import type {
  BodyFeature,
  BodyMistake,
  BodyParts,
  MarkdownDocument,
  Reference,
} from '../content/post.js';
import { normalizeText } from '../text/normalize-text.js';
import { diagramFiles, mathFiles } from './packaged-assets.js';
import { readTextFile } from '../text/read-text-file.js';
import { imageFacts, type BodyCache, type CachedBody } from './body-cache.js';
import { type BodyFacts, factsKey, type UsedFacts } from './body-facts.js';

/** What an earlier build kept of bodies' facts, and the hash of each file's text they are known by. */
export interface KnownFacts {
  readonly known: ReadonlyMap<string, BodyFacts>;
  /** By file, as loading read it or an earlier build did while the file's stamp stands. */
  readonly hashes: ReadonlyMap<string, string>;
}

/** The settings bodies are read with. */
export interface BodySettings extends RenderEnv {
  /** The excerpt's length, in characters. */
  readonly excerptLength: number;
  /** Whether dollars and `\(…\)` are read as math, unless a post's own `math` says. */
  readonly math?: boolean | undefined;
  /** Which display equations get a number. */
  readonly equationNumbers?: EquationNumbers | undefined;
  /** Whether `---`, `--`, `...` and straight quotes are read as dashes, an ellipsis and curly quotes. */
  readonly typographer?: boolean | undefined;
}

/**
 * A body read again from disk that may no longer belong to its post: the file changed since it
 * was loaded, or is gone. Whoever shows the post loads the file again rather than show
 * the old front matter over a new body.
 */
export class StaleBody extends Error {
  readonly file: string;

  constructor(file: string) {
    super(`${file} changed since the site was loaded`);
    this.name = 'StaleBody';
    this.file = file;
  }
}

// What is known of one body. Only the text is kept, and only until it is parsed: holding the whole
// file, or the text after it is parsed, would cost more.
interface BodyState {
  text: string | undefined;
  excerpt: string | undefined;
  references: readonly Reference[] | undefined;
  mistakes: readonly BodyMistake[] | undefined;
  html: string | undefined;
  features: readonly BodyFeature[] | undefined;
  /** Kept with the text's other parts once it is parsed, unless the store rereads texts. */
  searchText: string | undefined;
  /** Whole minutes to read it, counted when first shown or when its HTML is made. */
  minutes: number | undefined;
}

/**
 * Bodies by post. A server can then start on thousands of posts and parse only those its pages
 * show; a body never makes a post invalid, so nothing is missed by waiting. With `reread`, texts
 * are read from disk when needed and the HTML is not kept after use — what lets a server hold
 * 100,000 posts; otherwise each text is kept until it is parsed, and its parts after, so that it
 * is parsed only once.
 */
export class BodyStore {
  readonly #settings: BodySettings;
  readonly #reread: boolean;
  // The stamp of each post file when it was loaded: a body read again must come from that file.
  readonly #stamps: ReadonlyMap<string, string> | undefined;
  // Keyed by the post object: an edited post is a new object, and a post gone is forgotten with it.
  readonly #states: WeakMap<MarkdownDocument, BodyState>;
  // Whether a store that rereads keeps each body's search text from its parse until taken.
  #keepSearchTexts = false;
  readonly #cache: BodyCache | undefined;
  readonly #facts: KnownFacts | undefined;
  // The keys of the facts taken from `#facts`, and the facts found by reading bodies.
  readonly #keptFacts = new Set<string>();
  readonly #foundFacts = new Map<string, BodyFacts>();

  /**
   * `previous` is the store of the load before, whose posts this load may have kept: what was
   * parsed of them stays known. A post object is only ever kept with the settings it was read
   * with, so the states carry over whatever the new settings are.
   */
  constructor(
    settings: BodySettings,
    options: {
      reread: boolean;
      stamps?: ReadonlyMap<string, string> | undefined;
      /** Where bodies rendered before are kept, and those rendered now go. */
      cache?: BodyCache | undefined;
      /** What checks and listings read of bodies, kept by an earlier build. */
      facts?: KnownFacts | undefined;
    },
    previous?: BodyStore,
  ) {
    this.#settings = settings;
    this.#reread = options.reread;
    this.#cache = options.cache;
    this.#facts = options.facts;
    this.#stamps = options.stamps;
    this.#states = previous ? previous.#states : new WeakMap();
  }

  /** Keeps the text of a post's body until it is parsed (unless the store rereads texts). */
  keep(post: MarkdownDocument, text: string): void {
    if (!this.#reread) this.#states.set(post, emptyState(text));
  }

  excerpt(post: MarkdownDocument): string {
    const state = this.#state(post);
    if (state.excerpt === undefined) this.#recall(post, state);
    // A listing needs only the start of each body; parsing it whole can wait for its page.
    state.excerpt ??= excerptOfBody(
      this.#text(post, state),
      this.#settings.excerptLength,
      this.#reading(post),
    );
    return state.excerpt;
  }

  /** Site-relative links and images, and relative images: to check that they lead somewhere. */
  references(post: MarkdownDocument): readonly Reference[] {
    const state = this.#state(post);
    if (state.references === undefined) this.#check(post, state);
    return state.references ?? [];
  }

  /** What the author likely got wrong in the body's Markdown. */
  mistakes(post: MarkdownDocument): readonly BodyMistake[] {
    const state = this.#state(post);
    if (state.mistakes === undefined) this.#check(post, state);
    return state.mistakes ?? [];
  }

  /**
   * Finds what checking the body reads: from the cache, where it holds the body, for a store that
   * keeps no HTML (a hit reads a file, where a parse takes far longer); otherwise by a parse
   * alone, since rendering would keep the HTML of posts whose pages no one may ask for.
   */
  #check(post: MarkdownDocument, state: BodyState): void {
    if (this.#recall(post, state)) return;
    if (this.#cache && this.#reread) this.#rendered(post);
    else this.#tokens(post, state);
  }

  /**
   * Whole minutes the body takes to read. Counted only for the bodies whose pages show it, and
   * once: each thread of an export counts only the posts it writes.
   */
  readingMinutes(post: MarkdownDocument): number {
    return this.#minutes(post);
  }

  /** The minutes of `post`; a text read from disk for them is put in `read`, to be parsed next. */
  #minutes(post: MarkdownDocument, read?: Map<MarkdownDocument, string>): number {
    const state = this.#state(post);
    if (state.minutes === undefined) this.#recall(post, state);
    if (state.minutes === undefined) {
      const text = this.#text(post, state);
      if (state.text === undefined) read?.set(post, text);
      state.minutes = readingMinutes(text);
    }
    return state.minutes;
  }

  html(post: MarkdownDocument): string {
    return this.#rendered(post).html;
  }

  /** What listings show of the body, as far as it is known without reading it: none if unknown. */
  listed(post: MarkdownDocument): ListedBody | undefined {
    const state = this.#states.get(post);
    if (state?.excerpt === undefined) return undefined;
    return { excerpt: state.excerpt, minutes: state.minutes };
  }

  /**
   * Takes what another store found of the same body, from the same file: a thread of an export
   * that renders listings then reads no body whose page another thread has parsed.
   */
  learn(post: MarkdownDocument, listed: ListedBody): void {
    const state = this.#state(post);
    state.excerpt ??= listed.excerpt;
    state.minutes ??= listed.minutes;
  }

  /**
   * From now on, keeps what search reads of each body parsed, until `takeSearchText` takes it:
   * an export indexes each post as it renders its page, without parsing it again.
   */
  keepSearchTexts(): void {
    this.#keepSearchTexts = true;
  }

  /** What search reads of the body, given once: kept from its parse, or read now. */
  takeSearchText(post: MarkdownDocument): string {
    const state = this.#state(post);
    const text = state.searchText ?? this.searchText(post);
    if (this.#reread) state.searchText = undefined;
    return text;
  }

  /** Lets go of what search reads of the body, if kept: the index of its post was kept whole. */
  forgetSearchText(post: MarkdownDocument): void {
    // A body never read has nothing to let go, and no state to make for it.
    const state = this.#states.get(post);
    if (this.#reread && state) state.searchText = undefined;
  }

  /** What search reads of the body: all of its text, as words separated by single spaces. */
  searchText(post: MarkdownDocument): string {
    const state = this.#state(post);
    if (state.searchText !== undefined) return state.searchText;
    // A body kept in the cache brings what search reads of it, where a parse would take longer;
    // so does a parse kept for the store's life.
    if (this.#cache && this.#keepSearchTexts) this.#rendered(post);
    else if (!this.#reread) this.#tokens(post, state);
    return (
      state.searchText ??
      bodySearchText(readBody(post.file, this.#stamps?.get(post.file)), this.#reading(post))
    );
  }

  /** The body's HTML and what its page must load for it. */
  #rendered(post: MarkdownDocument, text?: string): RenderedBody {
    const state = this.#state(post);
    if (state.html !== undefined) return { html: state.html, features: state.features ?? [] };
    const env: RenderEnv = {
      ...this.#settings,
      base: post.path,
      toc: post.toc ?? this.#settings.toc,
    };
    const rendered = this.#cache
      ? this.#cachedRender(this.#cache, post, state, env, text)
      : renderTokens(this.#tokens(post, state, text), env);
    // Rereading, it is not kept: the page that shows it is rendered once and kept by the server.
    if (!this.#reread) {
      // Counted before the text goes, for a page that shows the minutes later.
      state.minutes ??= readingMinutes(state.text ?? '');
      state.html = rendered.html;
      state.features = rendered.features;
      state.text = undefined;
    }
    return rendered;
  }

  /**
   * Renders as `renderTokens` does, from `cache` when it holds the body rendered with the same
   * settings and its images are still as they were; whatever is rendered is put in it.
   */
  #cachedRender(
    cache: BodyCache,
    post: MarkdownDocument,
    state: BodyState,
    env: RenderEnv,
    given: string | undefined,
  ): RenderedBody {
    const text = given ?? this.#text(post, state);
    const math = post.math ?? this.#settings.math;
    const { excerptLength, locale } = this.#settings;
    const key = cache.key(text, [
      math,
      env.base,
      env.toc,
      locale,
      excerptLength,
      post.bodyLine,
      env.lineBreaks,
      this.#settings.equationNumbers,
      this.#settings.typographer,
    ]);
    const { imageSize, responsive } = this.#settings;
    const hit = cache.get(key);
    if (hit?.images.every(([src, facts]) => imageFacts(src, imageSize, responsive) === facts)) {
      state.excerpt ??= hit.excerpt;
      state.references ??= hit.references;
      state.mistakes ??= hit.mistakes;
      state.minutes ??= hit.minutes;
      if (!this.#reread || this.#keepSearchTexts) state.searchText ??= hit.searchText;
      this.#note(post, state);
      return { html: hit.html, features: hit.features };
    }
    // The images the HTML describes, found as it is rendered.
    const images = new Map<string, string>();
    const seen = (src: string): void => {
      if (!images.has(src)) images.set(src, imageFacts(src, imageSize, responsive));
    };
    const { tokens, searchText, ...parsed } = this.#parse(post, state, text, true);
    const rendered = renderTokens(tokens, {
      ...env,
      imageSize: (src) => {
        seen(src);
        return imageSize(src);
      },
      responsive:
        responsive &&
        ((src) => {
          seen(src);
          return responsive(src);
        }),
    });
    const entry: CachedBody = {
      ...rendered,
      ...parsed,
      searchText: searchText ?? runningText(tokens),
      minutes: (state.minutes ??= readingMinutes(text)),
      images: [...images],
    };
    cache.set(key, entry);
    this.#note(post, state);
    return rendered;
  }

  /** The facts of bodies this store took from an earlier build, or found by reading them. */
  usedFacts(): UsedFacts {
    return {
      held: this.#facts?.known.size ?? 0,
      kept: [...this.#keptFacts],
      found: [...this.#foundFacts],
    };
  }

  /**
   * Takes what an earlier build kept of the body's facts, if it kept them for this very text and
   * these settings: then neither the file nor its rendered body is read for them.
   */
  #recall(post: MarkdownDocument, state: BodyState): boolean {
    const key = this.#factsKey(post);
    const facts = key === undefined ? undefined : this.#facts?.known.get(key);
    if (key === undefined || !facts) return false;
    state.references ??= facts.references;
    state.mistakes ??= facts.mistakes;
    state.excerpt ??= facts.excerpt;
    state.minutes ??= facts.minutes;
    this.#keptFacts.add(key);
    return true;
  }

  /** Notes the body's facts, once all are known, for the next build. */
  #note(post: MarkdownDocument, state: BodyState): void {
    const key = this.#factsKey(post);
    const { references, mistakes, excerpt, minutes } = state;
    if (key === undefined || this.#keptFacts.has(key)) return;
    if (references && mistakes && excerpt !== undefined && minutes !== undefined) {
      if (this.#facts?.known.has(key)) this.#keptFacts.add(key);
      else this.#foundFacts.set(key, { references, mistakes, excerpt, minutes });
    }
  }

  /** How the body of `post` is read: with math or without, with typography or without. */
  #reading(post: MarkdownDocument): Required<BodyReading> {
    return { math: post.math ?? this.#settings.math, typographer: this.#settings.typographer };
  }

  #factsKey(post: MarkdownDocument): string | undefined {
    const hash = this.#facts?.hashes.get(post.file);
    if (hash === undefined) return undefined;
    const { toc, locale, excerptLength, equationNumbers } = this.#settings;
    return factsKey(hash, {
      path: post.path,
      ...this.#reading(post),
      equationNumbers,
      toc: post.toc ?? toc,
      locale,
      excerptLength,
    });
  }

  /** The excerpts and HTML of the posts named: what one page shows. */
  parts(shown: {
    readonly excerpts: readonly MarkdownDocument[];
    readonly html: readonly MarkdownDocument[];
    readonly minutes?: readonly MarkdownDocument[];
  }): BodyParts {
    // With a cache, HTML first: a body rendered before brings its minutes, and its text is not
    // counted again. Otherwise minutes first, from a text that rendering may let go; then HTML, as
    // parsing a body whole gives its excerpt too. A store that rereads texts reads each once for
    // both.
    const read = new Map<MarkdownDocument, string>();
    const rendered = new Map<MarkdownDocument, RenderedBody>();
    if (this.#cache) for (const post of shown.html) rendered.set(post, this.#rendered(post));
    const minutes = new Map((shown.minutes ?? []).map((post) => [post, this.#minutes(post, read)]));
    for (const post of shown.html) {
      if (!rendered.has(post)) rendered.set(post, this.#rendered(post, read.get(post)));
    }
    return {
      excerpts: new Map(shown.excerpts.map((post) => [post, this.excerpt(post)])),
      html: new Map([...rendered].map(([post, body]) => [post, body.html])),
      features: new Map([...rendered].map(([post, body]) => [post, body.features])),
      readingMinutes: minutes,
      packaged: packagedEntry,
      imageSize: this.#settings.imageSize,
      responsive: this.#settings.responsive,
    };
  }

  #state(post: MarkdownDocument): BodyState {
    let state = this.#states.get(post);
    if (!state) {
      state = emptyState(undefined);
      this.#states.set(post, state);
    }
    return state;
  }

  #text(post: MarkdownDocument, state: BodyState): string {
    return state.text ?? (this.#reread ? readBody(post.file, this.#stamps?.get(post.file)) : '');
  }

  #tokens(post: MarkdownDocument, state: BodyState, given?: string): Token[] {
    return this.#parse(post, state, given, false).tokens;
  }

  /**
   * Parses the body, keeping in `state` what the parse gives; answers that too, with the running
   * text when `running` asks for it (a cache entry keeps it) or the parse needed it.
   */
  #parse(
    post: MarkdownDocument,
    state: BodyState,
    given: string | undefined,
    running: boolean,
  ): ParsedBody {
    const text = given ?? this.#text(post, state);
    const { equationNumbers } = this.#settings;
    const tokens = parseMarkdown(text, { ...this.#reading(post), equationNumbers });
    // The text of the body as search reads it, which the excerpt is cut from too.
    const keepsSearchText = !this.#reread || this.#keepSearchTexts;
    const searchText =
      state.searchText ??
      (running || keepsSearchText || state.excerpt === undefined ? runningText(tokens) : undefined);
    if (keepsSearchText) state.searchText = searchText;
    return {
      tokens,
      searchText,
      excerpt: (state.excerpt ??= excerptOf(tokens, this.#settings.excerptLength, searchText)),
      references: (state.references ??= collectReferences(tokens, post.bodyLine)),
      mistakes: (state.mistakes ??= collectMistakes(tokens, post.bodyLine, text)),
    };
  }
}

/** What parsing a body gives, besides its HTML. */
interface ParsedBody {
  readonly tokens: Token[];
  readonly excerpt: string;
  readonly references: readonly Reference[];
  readonly mistakes: readonly BodyMistake[];
  /** Unless asked for or needed for the excerpt. */
  readonly searchText: string | undefined;
}

/** What a listing entry shows of a body: its excerpt, and its minutes to read once counted. */
export interface ListedBody {
  readonly excerpt: string;
  readonly minutes: number | undefined;
}

/**
 * The body of a post file as it is on disk now; with the `stamp` the file had when it was loaded,
 * only if it is still that file.
 */
export function readBody(file: string, stamp?: string): string {
  if (stamp !== undefined && postStamp(file) !== stamp) throw new StaleBody(file);
  const text = readTextFile(file);
  if (typeof text !== 'string') throw new StaleBody(file);
  const split = splitFrontMatter(normalizeText(text), file);
  if (!('body' in split)) throw new StaleBody(file);
  return split.body;
}

/**
 * The text search reads of a body: every word of it, tags and markup left out, white space as it
 * is (`snippetText` tidies what is shown).
 */
export function bodySearchText(body: string, reading: BodyReading): string {
  return runningText(parseMarkdown(body, reading));
}

function packagedEntry(feature: 'math' | 'diagram'): string {
  return (feature === 'math' ? mathFiles() : diagramFiles()).entry;
}

function emptyState(text: string | undefined): BodyState {
  return {
    text,
    excerpt: undefined,
    references: undefined,
    mistakes: undefined,
    html: undefined,
    features: undefined,
    searchText: undefined,
    minutes: undefined,
  };
}

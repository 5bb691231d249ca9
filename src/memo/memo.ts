// Memo: the one way Folio remembers the result of a pure computation — bounded, named, counted.

/** How much a remembered value weighs against a memo's limit; each weighs 1 unless told. */
export type Weigh<K, V> = (key: K, value: V) => number;

/**
 * Results of a computation by key, at most `limit` of them — or, given `weigh`, at most `limit`
 * in weight: past the bound, the oldest is forgotten first, and a value heavier than the whole
 * bound is not remembered at all. Hits and misses are counted so that a test (or a curious
 * author) can see whether the memo earns its keep. Values may not be `undefined`, which is how
 * a miss is told.
 */
export class Memo<K, V extends NonNullable<unknown> | null> {
  readonly name: string;
  readonly limit: number;
  #hits = 0;
  #misses = 0;
  #weight = 0;
  readonly #weigh: Weigh<K, V> | undefined;
  readonly #values = new Map<K, V>();
  // The entries from the oldest not yet forgotten on. A map's iterator goes on from where it
  // stopped, past every entry deleted since, and sees entries set after it was made; one begun
  // anew for each value forgotten would walk again over every hole that the values forgotten
  // before left at the map's front, until the map rehashes: quadratic once the memo is full.
  #oldest: MapIterator<[K, V]> = this.#values.entries();

  constructor(name: string, limit: number, options: { readonly weigh?: Weigh<K, V> } = {}) {
    if (!(limit >= 1)) throw new RangeError(`memo ${name}: the limit must be 1 or more`);
    this.name = name;
    this.limit = limit;
    this.#weigh = options.weigh;
  }

  /**
   * The remembered value for `key`, or the one `compute` gives, remembered from now on. What
   * `compute` needs besides the key comes as `arg`, so that a hot caller passes a function made
   * once rather than a new closure on every call.
   */
  get(key: K, compute: (key: K) => V): V;
  get<A>(key: K, compute: (key: K, arg: A) => V, arg: A): V;
  get<A>(key: K, compute: (key: K, arg?: A) => V, arg?: A): V {
    const known = this.#values.get(key);
    if (known !== undefined) {
      this.#hits++;
      return known;
    }
    this.#misses++;
    const value = compute(key, arg);
    this.#remember(key, value);
    return value;
  }

  #remember(key: K, value: V): void {
    const weigh = this.#weigh;
    if (weigh === undefined) {
      if (this.#values.size >= this.limit) this.#forgetOldest();
      this.#values.set(key, value);
      return;
    }
    const weight = weigh(key, value);
    if (weight > this.limit) return;
    this.#weight += weight;
    while (this.#weight > this.limit && this.#values.size > 0) this.#forgetOldest();
    this.#values.set(key, value);
  }

  #forgetOldest(): void {
    let oldest = this.#oldest.next();
    // An iterator that once came to the end stays there: a new one starts at the oldest entry.
    if (oldest.done === true) {
      this.#oldest = this.#values.entries();
      oldest = this.#oldest.next();
      if (oldest.done === true) return;
    }
    const [key, value] = oldest.value;
    this.#values.delete(key);
    if (this.#weigh) this.#weight -= this.#weigh(key, value);
  }

  /**
   * Remembers `value` for `key`, made elsewhere — carried over from another memo, or finished
   * after a first value stood for it — in place of what was remembered.
   */
  set(key: K, value: V): void {
    this.delete(key);
    this.#remember(key, value);
  }

  /** Forgets what was remembered for `key`. */
  delete(key: K): void {
    const known = this.#values.get(key);
    if (known === undefined) return;
    this.#values.delete(key);
    if (this.#weigh) this.#weight -= this.#weigh(key, known);
  }

  /** Every remembered key and value, oldest first. */
  entries(): IterableIterator<[K, V]> {
    return this.#values.entries();
  }

  /** The remembered value for `key`, without computing or counting anything. */
  peek(key: K): V | undefined {
    return this.#values.get(key);
  }

  clear(): void {
    this.#values.clear();
    this.#oldest = this.#values.entries();
    this.#weight = 0;
  }

  get size(): number {
    return this.#values.size;
  }

  get stats(): { readonly name: string; readonly hits: number; readonly misses: number } {
    return { name: this.name, hits: this.#hits, misses: this.#misses };
  }
}

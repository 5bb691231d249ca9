// Memo: the one way Folio remembers the result of a pure computation — bounded, named, counted.

/**
 * Results of a computation by key, at most `limit` of them: past the bound, the oldest is
 * forgotten first. Hits and misses are counted so that a test (or a curious author) can see
 * whether the memo earns its keep. Values may not be `undefined`, which is how a miss is told.
 */
export class Memo<K, V extends NonNullable<unknown> | null> {
  readonly name: string;
  readonly limit: number;
  #hits = 0;
  #misses = 0;
  readonly #values = new Map<K, V>();

  constructor(name: string, limit: number) {
    if (!(limit >= 1)) throw new RangeError(`memo ${name}: the limit must be 1 or more`);
    this.name = name;
    this.limit = limit;
  }

  /** The remembered value for `key`, or the one `compute` gives, remembered from now on. */
  get(key: K, compute: (key: K) => V): V {
    const known = this.#values.get(key);
    if (known !== undefined) {
      this.#hits++;
      return known;
    }
    this.#misses++;
    const value = compute(key);
    if (this.#values.size >= this.limit) this.#values.delete(this.#values.keys().next().value as K);
    this.#values.set(key, value);
    return value;
  }

  /** The remembered value for `key`, without computing or counting anything. */
  peek(key: K): V | undefined {
    return this.#values.get(key);
  }

  clear(): void {
    this.#values.clear();
  }

  get size(): number {
    return this.#values.size;
  }

  get stats(): { readonly name: string; readonly hits: number; readonly misses: number } {
    return { name: this.name, hits: this.#hits, misses: this.#misses };
  }
}

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Memo } from './memo.js';

test('a memo computes a value once and counts hits and misses', () => {
  const memo = new Memo<string, number>('lengths', 10);
  let computed = 0;
  const length = (text: string): number => {
    computed++;
    return text.length;
  };
  assert.equal(memo.get('abc', length), 3);
  assert.equal(memo.get('abc', length), 3);
  assert.equal(memo.get('de', length), 2);
  assert.equal(computed, 2);
  assert.deepEqual(memo.stats, { name: 'lengths', hits: 1, misses: 2 });
});

test('a memo past its bound forgets the oldest value first', () => {
  const memo = new Memo<number, number>('squares', 2);
  const square = (n: number): number => n * n;
  memo.get(1, square);
  memo.get(2, square);
  memo.get(3, square);
  assert.equal(memo.size, 2);
  assert.equal(memo.peek(1), undefined);
  assert.equal(memo.peek(3), 9);
});

test('a memo remembers null, and clear empties it', () => {
  const memo = new Memo<string, string | null>('nothing', 4);
  assert.equal(
    memo.get('x', () => null),
    null,
  );
  memo.clear();
  assert.equal(memo.size, 0);
});

test('a memo passes what the computation needs besides the key', () => {
  const memo = new Memo<string, string>('greetings', 4);
  const greet = (name: string, greeting: string): string => `${greeting}, ${name}`;
  assert.equal(memo.get('Ada', greet, 'Hello'), 'Hello, Ada');
  assert.equal(memo.get('Ada', greet, 'Goodbye'), 'Hello, Ada');
  assert.deepEqual(memo.stats, { name: 'greetings', hits: 1, misses: 1 });
});

test('a memo bounded by weight forgets the oldest values until the new one fits', () => {
  const memo = new Memo<string, string>('texts', 10, { weigh: (_, text) => text.length });
  const same = (text: string): string => text;
  memo.get('aaaa', same);
  memo.get('bbb', same);
  memo.get('cc', same);
  assert.equal(memo.size, 3);
  memo.get('dddd', same);
  assert.equal(memo.peek('aaaa'), undefined);
  assert.deepEqual(
    ['bbb', 'cc', 'dddd'].map((key) => memo.peek(key)),
    ['bbb', 'cc', 'dddd'],
  );
  memo.get('eeeeeeee', same);
  assert.deepEqual(
    ['bbb', 'cc', 'dddd', 'eeeeeeee'].map((key) => memo.peek(key)),
    [undefined, undefined, undefined, 'eeeeeeee'],
  );
});

test('a memo bounded by weight does not remember a value heavier than its bound', () => {
  const memo = new Memo<string, string>('texts', 4, { weigh: (_, text) => text.length });
  const same = (text: string): string => text;
  memo.get('ab', same);
  assert.equal(memo.get('too long', same), 'too long');
  assert.equal(memo.peek('too long'), undefined);
  assert.equal(memo.peek('ab'), 'ab');
  memo.clear();
  memo.get('abcd', same);
  assert.equal(memo.size, 1);
});

test('a memo forgets the oldest value first whatever was set, deleted or cleared before', () => {
  type Step =
    | { readonly kind: 'get'; readonly key: number }
    | { readonly kind: 'set'; readonly key: number; readonly value: number }
    | { readonly kind: 'delete'; readonly key: number }
    | { readonly kind: 'clear' };
  const key = fc.integer({ min: 0, max: 40 });
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 12, arbitrary: key.map((k) => ({ kind: 'get' as const, key: k })) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(key, fc.integer({ min: 1, max: 9 }))
        .map(([k, value]) => ({ kind: 'set' as const, key: k, value })),
    },
    { weight: 3, arbitrary: key.map((k) => ({ kind: 'delete' as const, key: k })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
  );
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 12 }),
      fc.boolean(),
      fc.array(step, { maxLength: 400 }),
      (limit, weighed, steps) => {
        const weigh = weighed ? (_: number, value: number) => value : undefined;
        const memo = new Memo<number, number>('model', limit, weigh ? { weigh } : {});
        // What the memo should hold, oldest first, and its weight.
        let held: [number, number][] = [];
        let weight = 0;
        const remember = (k: number, value: number): void => {
          const heft = weigh ? weigh(k, value) : 1;
          if (heft > limit) return;
          weight += heft;
          while (weight > limit && held.length > 0) {
            const [oldKey, oldValue] = held.shift() as [number, number];
            weight -= weigh ? weigh(oldKey, oldValue) : 1;
          }
          held.push([k, value]);
        };
        const forget = (k: number): void => {
          const at = held.findIndex(([heldKey]) => heldKey === k);
          if (at === -1) return;
          const [, value] = held[at] as [number, number];
          weight -= weigh ? weigh(k, value) : 1;
          held.splice(at, 1);
        };
        for (const s of steps) {
          if (s.kind === 'get') {
            const value = (s.key % 9) + 1;
            const known = held.find(([heldKey]) => heldKey === s.key);
            assert.equal(
              memo.get(s.key, () => value),
              known ? known[1] : value,
            );
            if (!known) remember(s.key, value);
          } else if (s.kind === 'set') {
            memo.set(s.key, s.value);
            forget(s.key);
            remember(s.key, s.value);
          } else if (s.kind === 'delete') {
            memo.delete(s.key);
            forget(s.key);
          } else {
            memo.clear();
            held = [];
            weight = 0;
          }
          assert.deepEqual([...memo.entries()], held);
        }
      },
    ),
    { numRuns: 300 },
  );
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
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

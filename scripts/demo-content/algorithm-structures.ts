// Demo posts about algorithms: sorting, hashing and tree-shaped data structures.
import { code, table, type Topic } from './types.js';

const sorting: Topic = {
  id: 'sorting',
  category: 'Algorithm',
  lang: 'ja',
  tags: ['sorting', 'typescript'],
  posts: [
    [
      'ソートアルゴリズムの安定性とは何か',
      '同じキーを持つ要素の相対的な順序が保たれるかどうか、それが安定ソートの定義です。' +
        '複数のキーで順番に並べ替えるときに、この性質が効いてきます。',
      'sort-stability',
    ],
    [
      'JavaScript の Array.prototype.sort は安定なのか',
      'ES2019 から `Array.prototype.sort` は安定ソートであることが仕様で保証されました。' +
        'V8 はそれに先立って v7.0 で TimSort に切り替えています。',
    ],
    [
      "Avoiding Quicksort's Worst Case",
      'クイックソートは平均 O(n log n) ですが、ピボットの選び方が悪いと O(n²) に落ちます。' +
        'ソート済みの入力で遅くなる実装は、今でも意外と見かけます。',
      'avoiding-quicksort-worst-case',
    ],
    [
      'Writing Merge Sort Bottom-Up',
      '再帰を使わないボトムアップのマージソートは、幅 1、2、4 と区間を倍にしながら' +
        '隣り合うブロックを併合していくだけのシンプルな実装です。',
      'bottom-up-merge-sort',
    ],
    [
      'Counting Sort and Radix Sort: Beating n log n',
      'The Ω(n log n) lower bound only applies to comparison sorts; when keys are small ' +
        'integers, counting sort and radix sort run in linear time by never comparing two ' +
        'elements at all.',
    ],
    [
      'TimSort 入門: 現実のデータはすでに半分ソートされている',
      'TimSort は、入力の中にすでに昇順や降順になっている区間（run）を見つけて再利用します。' +
        'Python や Java のオブジェクト配列のソートの土台になっている理由がそこにあります。',
      'timsort-introduction',
    ],
  ],
  sections: [
    [
      '安定性が必要な場面',
      'たとえば社員一覧を「部署順、同じ部署の中では入社日順」に並べたいとき、まず入社日で' +
        'ソートし、次に部署で**安定ソート**すれば目的の順序になります。安定でないソートを使うと、' +
        '二回目のソートで入社日の順序が崩れてしまいます。比較関数に複数のキーをまとめて書く' +
        'こともできますが、安定ソートを重ねる方法は UI の列ソートと相性が良いです。',
    ],
    [
      'ピボットの選び方',
      '先頭や末尾の要素をピボットにすると、ソート済みや逆順の入力で分割が極端に偏ります。' +
        '対策としては、ランダムにピボットを選ぶ、三つの要素の中央値を使う、再帰が深くなり' +
        'すぎたらヒープソートに切り替える（イントロソート）などがあります。C++ の `std::sort` ' +
        'の多くの実装はイントロソートです。',
    ],
    [
      '比較関数の落とし穴',
      'JavaScript の `sort()` は比較関数を渡さないと要素を*文字列として*比較します。そのため ' +
        '`[10, 9, 1].sort()` の結果は `[1, 10, 9]` になります。数値を並べるときは必ず ' +
        '`(a, b) => a - b` を渡しましょう。また、比較関数が一貫した結果を返さないと、' +
        '結果の順序は実装依存になります。',
    ],
    [
      '計算量のまとめ',
      '比較ソートである限り、最悪計算量は O(n log n) より良くなりません。実際の速度は' +
        'キャッシュ効率や分岐予測にも大きく左右されるため、計算量が同じでもクイックソートが' +
        'マージソートより速いことはよくあります。~~ヒープソートが最速~~ ヒープソートは最悪 ' +
        'O(n log n) を保証しますが、メモリアクセスが飛び飛びになるため実測では遅めです。',
    ],
  ],
  code: [
    code(
      'ts',
      `
export function mergeSort<T>(input: readonly T[], cmp: (a: T, b: T) => number): T[] {
  let src = [...input];
  let dst = new Array<T>(src.length);
  for (let width = 1; width < src.length; width *= 2) {
    for (let lo = 0; lo < src.length; lo += 2 * width) {
      const mid = Math.min(lo + width, src.length);
      const hi = Math.min(lo + 2 * width, src.length);
      let i = lo;
      let j = mid;
      for (let k = lo; k < hi; k += 1) {
        // "<= 0" takes from the left run on ties, which keeps the sort stable.
        if (i < mid && (j >= hi || cmp(src[i], src[j]) <= 0)) {
          dst[k] = src[i++];
        } else {
          dst[k] = src[j++];
        }
      }
    }
    [src, dst] = [dst, src];
  }
  return src;
}
`,
    ),
  ],
  table: table(`
| アルゴリズム | 平均 | 最悪 | 安定 | 追加メモリ |
|---|---|---|---|---|
| クイックソート | O(n log n) | O(n²) | いいえ | O(log n) |
| マージソート | O(n log n) | O(n log n) | はい | O(n) |
| ヒープソート | O(n log n) | O(n log n) | いいえ | O(1) |
| TimSort | O(n log n) | O(n log n) | はい | O(n) |
| 計数ソート | O(n + k) | O(n + k) | はい | O(n + k) |
`),
  points: [
    '数値のソートには必ず比較関数を渡す。',
    '複数キーの並べ替えは安定ソートを重ねる。',
    '最悪計算量が気になるなら、自作せず標準ライブラリに任せる。',
  ],
  links: [
    [
      'MDN: Array.prototype.sort()',
      'https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Array/sort',
    ],
    ['V8 blog: Getting things sorted in V8', 'https://v8.dev/blog/array-sort'],
  ],
};

const hashing: Topic = {
  id: 'hashing',
  category: 'Algorithm',
  lang: 'en',
  tags: ['hashing', 'rust'],
  posts: [
    [
      'How Hash Tables Actually Work',
      'A hash table is an array plus a function that turns keys into indexes; everything ' +
        'interesting is about what happens when two keys want the same slot.',
    ],
    [
      'Open Addressing vs Separate Chaining',
      'Chaining keeps colliding entries in per-bucket lists, while open addressing probes for ' +
        'another free slot in the same array, and modern hash maps have mostly moved to the ' +
        'latter.',
    ],
    [
      'Rust HashMap と SipHash: なぜデフォルトは遅いのか',
      'Rust の `HashMap` はデフォルトで HashDoS 攻撃に強いハッシュ関数を使います。' +
        '速さが必要で入力が信頼できるなら、ハッシャーを差し替える選択肢があります。',
    ],
    [
      'Consistent Hashing for Cache Clusters',
      'With naive `hash(key) % n`, adding one cache node remaps almost every key; consistent ' +
        'hashing remaps only about 1/n of them, which is the whole point.',
    ],
    [
      'Bloom Filters: 아마도 있음, 확실히 없음',
      'A Bloom filter answers *definitely not present* or *possibly present* using a few bits ' +
        'per element, which makes it a perfect guard in front of expensive disk lookups.',
    ],
    [
      'Rolling Hashes and Rabin-Karp',
      'A rolling hash lets you slide a window over a string and update its hash in O(1), which ' +
        'turns substring search into cheap integer comparisons.',
    ],
  ],
  sections: [
    [
      'Load factor',
      'The *load factor* is the number of entries divided by the number of slots. As it ' +
        'approaches 1, probe sequences get long, so implementations resize (usually doubling) ' +
        "once a threshold is crossed. Java's `HashMap` resizes at 0.75 by default; Rust's " +
        'SwissTable-based `HashMap` tolerates a higher load because its SIMD group probing ' +
        'stays fast.',
    ],
    [
      'Hash flooding',
      'If an attacker can choose keys that all collide, every insert degrades to a linear scan ' +
        'and a single request can burn seconds of CPU. This is why Rust and Python use keyed ' +
        'hash functions seeded randomly per process. For integer keys in a hot loop that never ' +
        'sees user input, a faster non-cryptographic hasher such as FxHash is a fair trade.',
    ],
    [
      'The ring',
      'Consistent hashing places both nodes and keys on a ring of hash values; each key ' +
        'belongs to the first node clockwise from it. Because real rings are lumpy, each ' +
        'physical node is inserted many times as *virtual nodes*, which evens out the load and ' +
        'lets a bigger machine take a bigger share.',
    ],
    [
      'False positive rate',
      'For a Bloom filter with m bits, k hash functions and n elements, the false positive ' +
        'rate is roughly (1 − e^(−kn/m))^k. The best k is about (m/n)·ln 2, and then you need ' +
        'about 9.6 bits per element for a 1% false positive rate. Deletes are not supported; ' +
        'if you need them, look at counting Bloom filters or cuckoo filters.',
    ],
  ],
  code: [
    code(
      'rust',
      `
use std::collections::HashMap;

fn word_counts(text: &str) -> HashMap<&str, usize> {
    let mut counts = HashMap::new();
    for word in text.split_whitespace() {
        *counts.entry(word).or_insert(0) += 1;
    }
    counts
}

fn main() {
    let counts = word_counts("the quick brown fox jumps over the lazy dog");
    let mut top: Vec<_> = counts.into_iter().collect();
    top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    println!("{:?}", &top[..3]); // [("the", 2), ("brown", 1), ("dog", 1)]
}
`,
    ),
  ],
  points: [
    'Never let untrusted input choose keys for a table with a predictable hash.',
    'Pre-size the table when you know roughly how many entries are coming.',
    'Use virtual nodes with consistent hashing.',
    'A Bloom filter can say *no* with certainty, never *yes*.',
  ],
  links: [
    ['Rust `HashMap`', 'https://doc.rust-lang.org/std/collections/struct.HashMap.html'],
    ['Abseil: Swiss Tables design notes', 'https://abseil.io/about/design/swisstables'],
  ],
};

const trees: Topic = {
  id: 'trees',
  category: 'Algorithm',
  lang: 'zh',
  tags: ['data-structures', 'python'],
  posts: [
    [
      '字典树（Trie）与自动补全',
      '搜索框里的自动补全，本质上就是在一棵字典树里按前缀查找。' +
        '这篇笔记从最简单的实现开始，一直讲到内存优化。',
      'trie-autocomplete',
    ],
    [
      'Segment Trees: Range Queries and Point Updates',
      '当数组需要频繁地做区间求和、区间最小值查询，同时还要修改单个元素时，' +
        '线段树可以把两种操作都做到 O(log n)。',
      'segment-tree-basics',
    ],
    [
      '树状数组（Fenwick Tree）为什么这么短',
      '树状数组只用十几行代码就能实现前缀和的查询与更新，' +
        '关键在于 `i & -i` 这个取最低位 1 的小技巧。',
      'fenwick-tree-explained',
    ],
    [
      'Balanced BSTs: Red-Black vs AVL Trees',
      'AVL 树的平衡条件更严格，查找更快；红黑树旋转更少，插入删除更便宜。' +
        'C++ 的 `std::map` 和 Java 的 `TreeMap` 都选择了红黑树。',
    ],
    [
      'Heaps and Priority Queues in Python',
      "Python's `heapq` module works on plain lists and only provides a min-heap, so a couple " +
        'of small tricks are needed for max-heaps, custom keys and removing items.',
    ],
    [
      '用 Trie 实现敏感词过滤',
      '最直接的敏感词过滤是对每个词调用一次 `in`，词表一大就很慢。' +
        '把词表建成字典树之后，从文本的每个位置出发沿树向下匹配即可。',
      'trie-keyword-filter',
    ],
  ],
  sections: [
    [
      '基本结构',
      '字典树的每个节点代表一个前缀，从根到某个节点的路径拼起来就是这个前缀。' +
        '插入和查找的时间复杂度都是 O(L)，L 是字符串长度，与词表大小无关。' +
        '代价是内存：如果每个节点都用长度为 26 的数组保存子节点，大部分槽位都是空的。',
    ],
    [
      '节省内存',
      '实际项目里常用哈希表或有序数组代替固定长度的子节点数组。' +
        '更进一步，可以把只有一个子节点的链压缩成一条边，这就是基数树（Radix Tree）。' +
        '很多 HTTP 路由库都使用了类似的结构。给字典树加上失败指针，就得到了 Aho-Corasick 自动机，' +
        '可以只扫描一遍文本就找出所有匹配。',
    ],
    [
      '区间问题的选择',
      '如果只需要前缀和并且支持单点修改，树状数组最简单；如果需要区间最小值、区间赋值这类操作，' +
        '就要用线段树，必要时加上懒标记（lazy propagation）。' +
        '~~线段树总是比树状数组慢很多~~ 两者都是 O(log n)，树状数组的常数更小，但差距通常不大。',
    ],
    [
      '在 Python 中要注意的地方',
      'Python 的递归开销比较大，线段树最好写成迭代版本。大量小对象会占用很多内存，' +
        '字典树节点可以用嵌套的 `dict` 表示，或者用 `__slots__` 减少每个对象的开销。' +
        '`heapq` 只有最小堆，需要最大堆时把键取反即可。',
    ],
  ],
  code: [
    code(
      'python',
      `
class TrieNode:
    __slots__ = ("children", "is_word")

    def __init__(self) -> None:
        self.children: dict[str, "TrieNode"] = {}
        self.is_word = False


class Trie:
    def __init__(self) -> None:
        self.root = TrieNode()

    def insert(self, word: str) -> None:
        node = self.root
        for ch in word:
            node = node.children.setdefault(ch, TrieNode())
        node.is_word = True

    def complete(self, prefix: str, limit: int = 10) -> list[str]:
        node = self.root
        for ch in prefix:
            if ch not in node.children:
                return []
            node = node.children[ch]
        found: list[str] = []
        stack = [(node, prefix)]
        while stack and len(found) < limit:
            node, word = stack.pop()
            if node.is_word:
                found.append(word)
            for ch, child in sorted(node.children.items(), reverse=True):
                stack.append((child, word + ch))
        return found
`,
    ),
    code(
      'python',
      `
class Fenwick:
    def __init__(self, n: int) -> None:
        self.tree = [0] * (n + 1)

    def add(self, i: int, delta: int) -> None:
        i += 1
        while i < len(self.tree):
            self.tree[i] += delta
            i += i & -i

    def prefix_sum(self, i: int) -> int:
        """Sum of the first i elements."""
        total = 0
        while i > 0:
            total += self.tree[i]
            i -= i & -i
        return total
`,
    ),
  ],
  table: table(`
| 结构 | 查询 | 更新 | 适用场景 |
|---|---|---|---|
| 字典树 | O(L) | O(L) | 前缀匹配、自动补全 |
| 树状数组 | O(log n) | O(log n) | 前缀和 |
| 线段树 | O(log n) | O(log n) | 区间最值、区间修改 |
| 二叉堆 | O(1) 取最小值 | O(log n) | 优先队列 |
`),
  points: [
    '先确定需要哪些操作，再选择数据结构。',
    '字典树的内存问题可以用哈希表子节点或路径压缩解决。',
    '在 Python 里优先写迭代版本。',
  ],
  links: [
    ['Python heapq 文档', 'https://docs.python.org/3/library/heapq.html'],
    ['Fenwick tree (Wikipedia)', 'https://en.wikipedia.org/wiki/Fenwick_tree'],
  ],
};

export const ALGORITHM_STRUCTURES: Topic[] = [sorting, hashing, trees];

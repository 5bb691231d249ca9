// Demo posts about graph algorithms, general techniques and complexity.
import { code, table, type Topic } from './types.js';

const graphs: Topic = {
  id: 'graphs',
  category: 'Algorithm',
  lang: 'en',
  tags: ['graphs', 'go'],
  posts: [
    [
      "Dijkstra's Algorithm with a Binary Heap in Go",
      "Go's `container/heap` package is a little awkward to use, but it is all you need for a " +
        'Dijkstra that comfortably handles graphs with millions of edges.',
    ],
    [
      'BFS, DFS, and When the Difference Matters',
      'Both traversals visit every reachable vertex in O(V + E); what differs is the *order*, ' +
        'and the order is exactly what most graph problems care about.',
    ],
    [
      'Topological Sort for Build Systems: 依赖关系的排序',
      'Every build tool, package manager and task runner eventually needs to order work so ' +
        "that dependencies run first, and Kahn's algorithm is the simplest way to do it while " +
        'also detecting cycles.',
    ],
    [
      'Union-Find in Nearly Constant Time',
      'Union-Find is twenty lines of code that answers *are these two things connected?* in ' +
        'nearly constant time, as long as you remember both path compression and union by rank.',
      'union-find',
    ],
    [
      'Minimum Spanning Trees: Kruskal vs Prim',
      'Kruskal sorts edges and glues components together; Prim grows a single tree from a ' +
        'start vertex. Both find a spanning tree of minimum total weight, and picking between ' +
        'them is mostly about how the graph is stored.',
    ],
    [
      '0-1 BFS: A Faster Dijkstra for Tiny Weights',
      '辺の重みが 0 か 1 しかないグラフなら、優先度付きキューの代わりに両端キュー（deque）を' +
        '使うだけで最短経路を O(V + E) で求められます。',
    ],
  ],
  sections: [
    [
      'Why a heap',
      'Dijkstra repeatedly extracts the unvisited vertex with the smallest tentative distance. ' +
        'With a plain array that is O(V) per extraction and O(V²) overall; with a binary heap ' +
        'it becomes O((V + E) log V). Instead of implementing *decrease-key*, push a new entry ' +
        'and skip stale ones when they are popped: the heap grows to at most E entries, which ' +
        'is fine in practice.',
    ],
    [
      'Negative edges',
      'Dijkstra assumes that once a vertex is popped its distance is final, which is only true ' +
        'when all edge weights are non-negative. With negative edges use Bellman-Ford, which ' +
        'relaxes every edge V − 1 times and detects negative cycles with one extra pass. ' +
        '~~Adding a constant to every edge fixes negative weights.~~ Adding a constant does ' +
        '*not* work, because it penalises paths with more edges.',
    ],
    [
      'Representing the graph',
      'For sparse graphs an adjacency list (`[][]Edge`) is the default: memory is O(V + E) and ' +
        'iterating neighbours is cheap. An adjacency matrix only pays off for dense graphs or ' +
        'when you need O(1) edge lookups, as in Floyd-Warshall. If vertices are strings, map ' +
        'them to integers first; hashing strings in the inner loop is a surprising share of ' +
        'the runtime.',
    ],
    [
      'Cycle detection',
      'In a directed graph, DFS with three colours (unvisited, in progress, done) finds a ' +
        "cycle the moment it meets an *in progress* vertex. Kahn's algorithm finds it " +
        'differently: if the queue empties before every vertex has been output, the remaining ' +
        'vertices are on or behind a cycle. Reporting that remaining set is usually more ' +
        'helpful to a user than a single back edge.',
    ],
    [
      'Disjoint sets',
      'Union-Find keeps a parent pointer per element: `find` follows pointers to the root and ' +
        '`union` hangs one root under the other. With path compression and union by rank, m ' +
        'operations take O(m α(n)), where the inverse Ackermann function α(n) is at most 4 for ' +
        "any practical n. Kruskal's algorithm is the classic user: sort the edges by weight and " +
        'keep each edge whose endpoints are still in different sets.',
    ],
  ],
  code: [
    code(
      'go',
      `
type item struct{ node, dist int }
type minHeap []item

func (h minHeap) Len() int           { return len(h) }
func (h minHeap) Less(i, j int) bool { return h[i].dist < h[j].dist }
func (h minHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *minHeap) Push(x any)        { *h = append(*h, x.(item)) }
func (h *minHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func dijkstra(adj [][]item, src int) []int {
	dist := make([]int, len(adj))
	for i := range dist {
		dist[i] = math.MaxInt
	}
	dist[src] = 0
	h := &minHeap{{src, 0}}
	for h.Len() > 0 {
		cur := heap.Pop(h).(item)
		if cur.dist > dist[cur.node] {
			continue // stale entry
		}
		for _, e := range adj[cur.node] {
			if nd := cur.dist + e.dist; nd < dist[e.node] {
				dist[e.node] = nd
				heap.Push(h, item{e.node, nd})
			}
		}
	}
	return dist
}
`,
    ),
    code(
      'ts',
      `
export class UnionFind {
  private readonly parent: number[];
  private readonly rank: number[];

  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i);
    this.rank = new Array<number>(n).fill(0);
  }

  find(x: number): number {
    while (this.parent[x] !== x) {
      this.parent[x] = this.parent[this.parent[x]]; // path halving
      x = this.parent[x];
    }
    return x;
  }

  union(a: number, b: number): boolean {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return false;
    if (this.rank[ra] < this.rank[rb]) [ra, rb] = [rb, ra];
    this.parent[rb] = ra;
    if (this.rank[ra] === this.rank[rb]) this.rank[ra] += 1;
    return true;
  }
}
`,
    ),
  ],
  table: table(`
| Algorithm | Edge weights | Complexity |
|---|---|---|
| BFS | unweighted | O(V + E) |
| 0-1 BFS | 0 or 1 | O(V + E) |
| Dijkstra (binary heap) | non-negative | O((V + E) log V) |
| Bellman-Ford | any, detects negative cycles | O(VE) |
| Floyd-Warshall | any, all pairs | O(V³) |
`),
  points: [
    'Use BFS for shortest paths when every edge costs the same.',
    'Skip stale heap entries instead of implementing decrease-key.',
    'Map string vertex names to integers before the hot loop.',
    'Report the whole cycle, not just the edge where you noticed it.',
  ],
  links: [
    ['Go `container/heap`', 'https://pkg.go.dev/container/heap'],
    ["Dijkstra's algorithm (Wikipedia)", 'https://en.wikipedia.org/wiki/Dijkstra%27s_algorithm'],
  ],
};

const techniques: Topic = {
  id: 'techniques',
  category: 'Algorithm',
  lang: 'en',
  tags: ['complexity', 'typescript'],
  posts: [
    [
      'Two Pointers: One Idea, Many Problems',
      'Whenever the input is sorted, or a window only grows on one side and shrinks on the ' +
        'other, two indexes moving in the same direction can usually replace a nested loop.',
    ],
    [
      'Sliding Window Maximum with a Monotonic Deque',
      'The maximum of every window of size k can be computed in O(n) total by keeping a deque ' +
        'of indexes whose values are decreasing, and it is one of my favourite tricks.',
    ],
    [
      'Amortized Analysis, Explained with Dynamic Arrays',
      'Appending to a dynamic array is sometimes O(n) because of a resize, yet we call it ' +
        'O(1); amortized analysis is the accounting that makes that statement honest.',
    ],
    [
      'Big-O 表記の読み方と落とし穴',
      'Big-O は入力が大きくなったときの増え方を表すだけで、実際の速さを約束するものでは' +
        'ありません。定数倍とメモリアクセスのパターンが、現実の性能を大きく左右します。',
      'big-o-notation-pitfalls',
    ],
    [
      'Prefix Sums: 구간 합을 O(1)로',
      '구간 합을 여러 번 물어보는 문제라면 누적 합 배열 하나로 각 질의를 O(1)에 답할 수 ' +
        '있습니다. 2차원으로 확장해도 아이디어는 같습니다.',
      'prefix-sums',
    ],
    [
      'Bit Manipulation Tricks I Actually Use',
      'Most bit tricks are party pieces, but a handful show up in real code: testing for a ' +
        'power of two, isolating the lowest set bit, and packing flags into one integer.',
    ],
  ],
  sections: [
    [
      'The pattern',
      'Two pointers work when moving a pointer never needs to be undone. In *pair with a given ' +
        'sum* on a sorted array, if the current sum is too small the left pointer must move ' +
        'right, because no pair using the current left element can reach the target. Each ' +
        'pointer moves at most n times, so the whole scan is O(n).',
    ],
    [
      'Monotonic deques',
      'To maintain a window maximum, push each new index to the back of a deque after popping ' +
        'every index whose value is not larger; those elements can never be the maximum again ' +
        'while the new one is in the window. Drop the front when its index leaves the window. ' +
        'Every index is pushed and popped at most once, which gives O(n) overall.',
    ],
    [
      'Amortized, not average',
      'Amortized cost is a guarantee over *any* sequence of operations, not an expectation over ' +
        'random inputs. When a dynamic array doubles its capacity, copying n elements is paid ' +
        'for by the n cheap appends that came before. If it grew by a constant 10 slots ' +
        'instead, appends would cost O(n) amortized, which is why growth is geometric.',
    ],
    [
      'Constants matter',
      'An O(n log n) algorithm with a cache-friendly inner loop can beat an O(n) one that ' +
        'chases pointers. Before switching algorithms, measure with realistic sizes: for ' +
        'n = 1,000, log n is about 10, and a factor of 10 is easily hidden by memory layout. ' +
        '~~Always pick the lowest complexity.~~ Pick the lowest complexity *that matters at ' +
        'your input size*.',
    ],
    [
      'Bits that earn their keep',
      '`x & (x - 1)` clears the lowest set bit, so `x > 0 && (x & (x - 1)) === 0` tests for a ' +
        'power of two, and `x & -x` isolates the lowest set bit, which is the heart of a ' +
        'Fenwick tree. In JavaScript, bitwise operators work on 32-bit signed integers, so ' +
        'anything above 2³¹ − 1 needs `BigInt`.',
    ],
  ],
  code: [
    code(
      'ts',
      `
export function windowMax(values: number[], k: number): number[] {
  const result: number[] = [];
  const deque: number[] = []; // indexes whose values decrease from front to back
  for (let i = 0; i < values.length; i += 1) {
    while (deque.length > 0 && values[deque[deque.length - 1]] <= values[i]) {
      deque.pop();
    }
    deque.push(i);
    if (deque[0] <= i - k) {
      deque.shift();
    }
    if (i >= k - 1) {
      result.push(values[deque[0]]);
    }
  }
  return result;
}
`,
    ),
    code(
      'ts',
      `
export function pairWithSum(sorted: number[], target: number): [number, number] | null {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const sum = sorted[lo] + sorted[hi];
    if (sum === target) return [lo, hi];
    if (sum < target) lo += 1;
    else hi -= 1;
  }
  return null;
}
`,
    ),
  ],
  table: table(`
| n | n log₂ n | n² |
|---|---|---|
| 1,000 | ~10⁴ | 10⁶ |
| 100,000 | ~1.7 × 10⁶ | 10¹⁰ |
| 10,000,000 | ~2.3 × 10⁸ | 10¹⁴ |
`),
  points: [
    'Sorted input or a monotonic condition usually means two pointers or binary search.',
    'A deque kept in sorted order answers window queries in amortized O(1).',
    'Measure before trading a simple algorithm for a clever one.',
  ],
  links: [
    ['Amortized analysis (Wikipedia)', 'https://en.wikipedia.org/wiki/Amortized_analysis'],
    [
      'MDN: Bitwise AND',
      'https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Operators/Bitwise_AND',
    ],
  ],
};

export const ALGORITHM_TECHNIQUES: Topic[] = [graphs, techniques];

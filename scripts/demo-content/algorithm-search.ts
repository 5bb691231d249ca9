// Demo posts about algorithms: binary search and dynamic programming.
import { code, table, type Topic } from './types.js';

const binarySearch: Topic = {
  id: 'binary-search',
  category: 'Algorithm',
  lang: 'en',
  tags: ['binary-search', 'python'],
  posts: [
    [
      'Binary Search Without Off-by-One Errors',
      'Every time I write a binary search from memory I get the loop condition wrong at least ' +
        'once, so this post pins down the one invariant I now use everywhere.',
    ],
    [
      'Lower Bound, Upper Bound and the Half-Open Interval',
      'C++ has `lower_bound` and `upper_bound`, Python has `bisect_left` and `bisect_right`, ' +
        'and they are all the same idea: search a half-open range `[lo, hi)` for the first ' +
        'position where a predicate turns true.',
    ],
    [
      'Binary Search on the Answer: 최소값의 최대화 문제',
      '“최소값을 최대화하라”는 문장이 보이면 정답 자체를 이분 탐색할 수 있는지부터 확인합니다. ' +
        '판정 함수가 단조롭기만 하면 문제는 훨씬 단순해집니다.',
    ],
    [
      'Why `(lo + hi) / 2` Overflowed in Java for Nine Years',
      "Joshua Bloch's 2006 post about the broken binary search in the JDK is still the best " +
        'reminder that arithmetic on indexes is not free of bugs, even in code read by millions.',
    ],
    [
      'Searching Rotated Sorted Arrays',
      'A sorted array rotated at an unknown pivot looks like it breaks binary search, but at ' +
        'every step one half of the range is still sorted, and that is enough.',
    ],
    [
      '二分探索で浮動小数点の答えを求める',
      '平方根や最適な速度のような実数の答えを二分探索で求めるときは、' +
        'ループ条件ではなく反復回数で終了させるのが安全です。',
      'binary-search-floating-point',
    ],
    [
      'Exponential Search for Unbounded Lists',
      'When you do not know how long the sorted input is, such as a paginated API or a stream, ' +
        'double the probe index until you overshoot and then binary search the last window.',
    ],
  ],
  sections: [
    [
      'The invariant',
      'Keep two indexes so that everything left of `lo` fails the predicate and everything at ' +
        'or right of `hi` passes it. The loop runs while `lo < hi`, the midpoint is ' +
        '`lo + (hi - lo) / 2`, and each step moves exactly one boundary. When the loop ends, ' +
        '`lo == hi` and it is the answer: the first index where the predicate is true, or `n` ' +
        'if there is none.',
    ],
    [
      'Predicates, not targets',
      'Framing the search as *find the first index where `p(i)` is true* removes the three-way ' +
        'comparison that causes most bugs. Looking for a value `x` becomes `a[i] >= x`; looking ' +
        'for the last element not greater than `x` becomes the first index with `a[i] > x`, ' +
        'minus one. The only requirement is that the predicate is **monotonic**: once it flips ' +
        'to true, it stays true.',
    ],
    [
      'Testing it properly',
      'Binary search bugs hide at the edges, so I test empty arrays, single elements, ' +
        'all-equal arrays and targets smaller or larger than everything. A linear scan makes a ' +
        'perfect oracle for a property-based test: generate a random sorted array and a random ' +
        'target, and check that both implementations agree.',
    ],
    [
      'Complexity',
      'Each iteration halves the interval, so the search needs about log₂ n probes: 20 for a ' +
        'million elements and 30 for a billion. ~~That makes it always faster than a linear ' +
        'scan.~~ In practice a linear scan over a few dozen integers often wins, because its ' +
        'branches are predictable and it touches only a couple of cache lines.',
    ],
    [
      'Searching the answer space',
      'Many optimisation problems hide a binary search: *what is the smallest capacity that ' +
        'ships all packages in D days?* If capacity `c` works, any larger capacity works too, ' +
        'so the predicate `canShip(c)` is monotonic and we can search over `c` instead of over ' +
        'an array.',
    ],
  ],
  code: [
    code(
      'python',
      `
def lower_bound(a, x):
    """Return the first index i with a[i] >= x, or len(a)."""
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo
`,
    ),
    code(
      'ts',
      `
export function firstTrue(lo: number, hi: number, pred: (i: number) => boolean): number {
  while (lo < hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (pred(mid)) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}
`,
    ),
  ],
  points: [
    'Use a half-open interval `[lo, hi)`.',
    'Compute the midpoint as `lo + (hi - lo) / 2` in languages with fixed-width integers.',
    'Move exactly one boundary per iteration so the loop always terminates.',
    'Return `lo` and decide afterwards whether it is in range.',
  ],
  table: table(`
| Goal | Predicate | Result |
|---|---|---|
| first element \`>= x\` | \`a[i] >= x\` | \`lo\` |
| first element \`> x\` | \`a[i] > x\` | \`lo\` |
| last element \`<= x\` | \`a[i] > x\` | \`lo - 1\` |
| occurrences of \`x\` | both of the above | \`upper - lower\` |
`),
  links: [
    ['Python `bisect` module', 'https://docs.python.org/3/library/bisect.html'],
    ['Binary search (Wikipedia)', 'https://en.wikipedia.org/wiki/Binary_search_algorithm'],
  ],
};

const dynamicProgramming: Topic = {
  id: 'dynamic-programming',
  category: 'Algorithm',
  lang: 'ko',
  tags: ['dynamic-programming', 'python'],
  posts: [
    [
      '동적 계획법, 점화식부터 세우기',
      '동적 계획법 문제를 풀 때 코드를 먼저 쓰면 거의 항상 길을 잃습니다. ' +
        '상태를 정의하고 점화식을 종이에 적는 것이 먼저입니다.',
      'dynamic-programming-recurrence-first',
    ],
    [
      'Top-down vs Bottom-up DP: Memoization and Tabulation',
      '같은 점화식이라도 재귀와 메모이제이션으로 풀지, 반복문과 테이블로 풀지에 따라 ' +
        '구현 난이도와 메모리 사용량이 달라집니다.',
    ],
    [
      '배낭 문제(0/1 Knapsack) 완전 정리',
      '0/1 배낭 문제는 동적 계획법의 교과서 같은 문제입니다. ' +
        '2차원 테이블에서 시작해 1차원 배열로 공간을 줄이는 과정까지 정리했습니다.',
    ],
    [
      'Understanding 2D DP Through LCS',
      '최장 공통 부분 수열(LCS)은 `diff` 같은 도구의 바탕이 되는 아이디어입니다. ' +
        '두 문자열의 접두사끼리 비교하는 2차원 상태를 어떻게 채우는지 살펴봅니다.',
      'lcs-and-2d-dp',
    ],
    [
      'Edit Distance and the Art of Defining State',
      'Levenshtein distance is the problem that finally made dynamic programming click for me: ' +
        'once the state is *the cost of turning the first i characters into the first j*, ' +
        'the transitions write themselves.',
    ],
    [
      '비트마스크 DP로 외판원 문제 풀기',
      '도시 수가 16개 안팎이라면 외판원 문제(TSP)도 비트마스크 DP로 정확하게 풀 수 있습니다. ' +
        '방문한 도시 집합을 정수 하나로 표현하는 것이 핵심입니다.',
      'bitmask-dp-tsp',
    ],
  ],
  sections: [
    [
      '상태 정의가 절반이다',
      'DP의 핵심은 *무엇을 기억할 것인가*를 정하는 일입니다. `dp[i]`가 "i번째까지 봤을 때의 ' +
        '최적값"인지, "i번째를 반드시 포함하는 최적값"인지에 따라 점화식이 완전히 달라집니다. ' +
        '상태를 한 문장으로 말할 수 없다면 아직 정의가 덜 된 것입니다.',
    ],
    [
      '중복 부분 문제와 최적 부분 구조',
      '동적 계획법을 쓰려면 두 가지 조건이 필요합니다. 같은 부분 문제가 여러 번 등장해야 하고' +
        '(중복 부분 문제), 큰 문제의 최적해가 작은 문제의 최적해로 구성되어야 합니다' +
        '(최적 부분 구조). 피보나치 수를 단순 재귀로 계산하면 호출 횟수가 지수적으로 늘어나지만, ' +
        '결과를 저장해 두면 O(n)으로 줄어듭니다.',
    ],
    [
      '공간 최적화',
      '점화식이 바로 이전 행만 참조한다면 2차원 테이블 전체를 들고 있을 필요가 없습니다. ' +
        '배낭 문제에서는 용량을 **큰 값부터 거꾸로** 순회하면 1차원 배열 하나로 충분합니다. ' +
        '~~앞에서부터 순회해도 된다~~ 앞에서부터 순회하면 같은 물건을 여러 번 담는 ' +
        '무한 배낭 문제가 되어 버립니다.',
    ],
    [
      '재귀 깊이 주의',
      '파이썬에서 top-down 방식으로 풀면 기본 재귀 한도(1000)에 금방 걸립니다. ' +
        '`sys.setrecursionlimit`으로 한도를 늘릴 수는 있지만, 입력이 크다면 bottom-up으로 ' +
        '바꾸는 편이 안전하고 보통 더 빠릅니다. `functools.cache` 데코레이터는 메모이제이션을 ' +
        '한 줄로 해결해 주어 프로토타입에 좋습니다.',
    ],
    [
      '복원까지 해야 끝',
      '코딩 테스트에서는 최적값만 묻는 경우가 많지만, 실무에서는 *어떤 선택을 했는지*가 더 ' +
        '중요합니다. 테이블을 채운 뒤 마지막 칸에서 거꾸로 따라가며 어떤 전이를 썼는지 확인하면 ' +
        '실제 해를 복원할 수 있습니다. 복원이 필요하다면 공간 최적화를 포기해야 할 때도 있습니다.',
    ],
  ],
  code: [
    code(
      'python',
      `
def knapsack(capacity: int, items: list[tuple[int, int]]) -> int:
    """items는 (무게, 가치) 쌍의 목록입니다."""
    dp = [0] * (capacity + 1)
    for weight, value in items:
        for c in range(capacity, weight - 1, -1):
            dp[c] = max(dp[c], dp[c - weight] + value)
    return dp[capacity]
`,
    ),
    code(
      'python',
      `
from functools import cache


def lcs(a: str, b: str) -> int:
    @cache
    def go(i: int, j: int) -> int:
        if i == len(a) or j == len(b):
            return 0
        if a[i] == b[j]:
            return 1 + go(i + 1, j + 1)
        return max(go(i + 1, j), go(i, j + 1))

    return go(0, 0)
`,
    ),
  ],
  steps: [
    '상태를 한 문장으로 정의한다.',
    '작은 문제에서 큰 문제로 가는 점화식을 쓴다.',
    '초기값(기저 사례)을 정한다.',
    '계산 순서를 정하고 테이블을 채운다.',
    '필요하면 공간을 줄이거나 해를 복원한다.',
  ],
  table: table(`
| 문제 | 상태 | 시간 복잡도 |
|---|---|---|
| 0/1 배낭 | \`dp[c]\` = 용량 c에서의 최대 가치 | O(nW) |
| LCS | \`dp[i][j]\` = 두 접두사의 LCS 길이 | O(nm) |
| 편집 거리 | \`dp[i][j]\` = 최소 편집 횟수 | O(nm) |
| 외판원 문제 | \`dp[mask][v]\` = 최소 비용 | O(n²·2ⁿ) |
`),
  links: [
    ['Dynamic programming (Wikipedia)', 'https://en.wikipedia.org/wiki/Dynamic_programming'],
    ['functools.cache', 'https://docs.python.org/3/library/functools.html#functools.cache'],
  ],
};

export const ALGORITHM_SEARCH: Topic[] = [binarySearch, dynamicProgramming];

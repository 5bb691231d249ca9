// The generated blog of the benchmark, the soak and the tests that need a large site: writes a
// complete, deterministic Folio site folder of N posts, and the same posts in another engine's
// layout for the benchmark.
//
//   npx tsx bench/corpus.ts <dir> <posts>
//
// Every post is a pure function of its index (post i is the same in a corpus of 1,000 and of
// 100,000), drawn from a seeded generator: the same arguments give byte-identical files. Posts
// are generated and written a few at a time, so memory stays flat however many are asked for.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where a generated post lives in a Folio site and what it is called, without its body. */
export interface CorpusPost {
  /** Path of the file, relative to the site folder. */
  readonly file: string;
  readonly slug: string;
  readonly title: string;
  readonly category: string;
}

/** A generated post, whole: every engine's copy of it is written from this. */
export interface GeneratedPost extends CorpusPost {
  /** As Folio's front matter has it, in one of the three forms it accepts. */
  readonly date: string;
  /** The same instant in ISO 8601, with the corpus' offset. */
  readonly isoDate: string;
  readonly tags: readonly string[];
  readonly description: string | undefined;
  /** The Markdown below the front matter: a blank line, the text, a line break. */
  readonly body: string;
}

/** How an engine's site folder holds the posts. */
export interface Layout {
  /** Where a post goes, relative to the site folder. */
  readonly postPath: (post: GeneratedPost) => string;
  readonly postText: (post: GeneratedPost) => string;
  /** The folder whose files are published as they are (the avatar goes in its images/). */
  readonly staticDir: string;
}

// Files in flight at once: enough to keep the disk busy, few enough to keep memory flat.
const WRITE_CONCURRENCY = 32;
// A file that marks a folder as written by this generator, so that it may be rewritten.
const MARKER = '.folio-bench-corpus';
const SEED = 0x5eed_f011;
/** The offset of the config's time zone, Asia/Seoul (it has no daylight saving). */
const OFFSET = '+09:00';
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2015, 0, 1);
const DAYS = Math.round((Date.UTC(2025, 11, 31) - FIRST_DAY) / DAY_MS) + 1;

// ---------------------------------------------------------------------------------------------
// Seeded randomness

function hash(text: string): number {
  let h = SEED ^ 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** mulberry32: small, fast, and good enough to vary text. */
class Rng {
  #state: number;

  constructor(key: string) {
    this.#state = hash(key);
  }

  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }

  /** `count` distinct items, in the order drawn. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) {
      out.push(...pool.splice(Math.floor(this.next() * pool.length), 1));
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Material

type Lang = 'ts' | 'rust' | 'go' | 'python' | 'sql' | 'bash';
type Script = 'en' | 'ko' | 'ja' | 'zh';

interface Category {
  readonly name: string;
  /** The localized title written into the config. */
  readonly title: string;
  readonly local: Readonly<Record<Exclude<Script, 'en'>, string>>;
  readonly langs: readonly Lang[];
  readonly topics: readonly string[];
  readonly tags: readonly string[];
}

const CATEGORIES: readonly Category[] = [
  {
    name: 'Algorithm',
    title: '알고리즘',
    local: { ko: '알고리즘', ja: 'アルゴリズム', zh: '算法' },
    langs: ['python', 'ts', 'rust', 'go'],
    topics: [
      'binary search',
      'dynamic programming',
      'graph traversal',
      'union-find',
      'interval scheduling',
      'priority queues',
    ],
    tags: ['algorithms', 'dynamic-programming', 'graphs', 'sorting', 'complexity'],
  },
  {
    name: 'Databases',
    title: '데이터베이스',
    local: { ko: '데이터베이스', ja: 'データベース', zh: '数据库' },
    langs: ['sql', 'python', 'go'],
    topics: [
      'composite indexes',
      'query plans',
      'connection pooling',
      'transaction isolation',
      'schema migrations',
      'write-ahead logging',
    ],
    tags: ['postgresql', 'sqlite', 'indexing', 'transactions', 'query-planning'],
  },
  {
    name: 'Frontend',
    title: 'フロントエンド',
    local: { ko: '프런트엔드', ja: 'フロントエンド', zh: '前端' },
    langs: ['ts', 'bash'],
    topics: [
      'CSS grid layouts',
      'hydration',
      'web fonts',
      'form validation',
      'bundle size',
      'accessible dialogs',
    ],
    tags: ['css', 'typescript', 'accessibility', 'web-performance', 'react'],
  },
  {
    name: 'Backend',
    title: '后端开发',
    local: { ko: '백엔드', ja: 'バックエンド', zh: '后端' },
    langs: ['go', 'ts', 'python', 'rust'],
    topics: [
      'rate limiting',
      'background jobs',
      'idempotent APIs',
      'request tracing',
      'caching layers',
      'graceful shutdown',
    ],
    tags: ['api-design', 'caching', 'go', 'nodejs', 'http'],
  },
  {
    name: 'DevOps',
    title: '运维',
    local: { ko: '데브옵스', ja: '運用', zh: '运维' },
    langs: ['bash', 'go', 'python'],
    topics: [
      'container images',
      'blue-green deploys',
      'log pipelines',
      'alerting rules',
      'infrastructure as code',
      'CI caching',
    ],
    tags: ['docker', 'kubernetes', 'ci', 'observability', 'terraform'],
  },
  {
    name: 'Languages',
    title: 'プログラミング言語',
    local: { ko: '프로그래밍 언어', ja: 'プログラミング言語', zh: '编程语言' },
    langs: ['rust', 'go', 'ts', 'python'],
    topics: [
      'Rust lifetimes',
      'Go generics',
      'TypeScript narrowing',
      'Python generators',
      'error handling',
      'pattern matching',
    ],
    tags: ['rust', 'python', 'generics', 'type-systems', 'error-handling'],
  },
  {
    name: 'Networking',
    title: '네트워크',
    local: { ko: '네트워크', ja: 'ネットワーク', zh: '网络' },
    langs: ['bash', 'go', 'python'],
    topics: [
      'TLS handshakes',
      'DNS caching',
      'HTTP/2 multiplexing',
      'TCP keepalive',
      'load balancers',
      'QUIC',
    ],
    tags: ['tls', 'dns', 'tcp', 'http2', 'load-balancing'],
  },
  {
    name: 'Career',
    title: '职业成长',
    local: { ko: '커리어', ja: 'キャリア', zh: '职业发展' },
    langs: ['bash', 'python'],
    topics: [
      'code review',
      'on-call rotations',
      'technical writing',
      'mentoring',
      'estimates',
      'design documents',
    ],
    tags: ['career', 'code-review', 'writing', 'mentoring', 'on-call'],
  },
  {
    name: 'Security',
    title: '보안',
    local: { ko: '보안', ja: 'セキュリティ', zh: '安全' },
    langs: ['bash', 'ts', 'go', 'python'],
    topics: [
      'password hashing',
      'CSRF tokens',
      'secret rotation',
      'dependency audits',
      'content security policy',
      'OAuth flows',
    ],
    tags: ['security', 'oauth', 'cryptography', 'secrets', 'csp'],
  },
  {
    name: 'Testing',
    title: 'テスト',
    local: { ko: '테스트', ja: 'テスト', zh: '测试' },
    langs: ['ts', 'python', 'go', 'rust'],
    topics: [
      'property-based testing',
      'flaky tests',
      'snapshot tests',
      'test fixtures',
      'contract tests',
      'fuzzing',
    ],
    tags: ['testing', 'fuzzing', 'tdd', 'mocking', 'property-testing'],
  },
  {
    name: 'Distributed Systems',
    title: '分布式系统',
    local: { ko: '분산 시스템', ja: '分散システム', zh: '分布式系统' },
    langs: ['go', 'rust', 'python'],
    topics: [
      'consensus',
      'leader election',
      'vector clocks',
      'backpressure',
      'idempotency keys',
      'exactly-once delivery',
    ],
    tags: ['distributed-systems', 'consensus', 'queues', 'replication', 'raft'],
  },
  {
    name: 'Tools',
    title: '개발 도구',
    local: { ko: '개발 도구', ja: '開発ツール', zh: '开发工具' },
    langs: ['bash', 'python', 'ts'],
    topics: [
      'git bisect',
      'shell scripting',
      'editor macros',
      'makefiles',
      'profilers',
      'terminal multiplexers',
    ],
    tags: ['git', 'shell', 'vim', 'profiling', 'productivity'],
  },
];

// Tags no single category owns, in the scripts of the titles.
const SHARED_TAGS = ['회고', '設計', '笔记'];
const ALL_TAGS = [...CATEGORIES.flatMap((category) => category.tags), ...SHARED_TAGS];

const TITLES = [
  'Notes on {t}',
  'What I learned about {t}',
  '{T} in practice',
  'A closer look at {t}',
  'Debugging {t} in production',
  '{T}, step by step',
  'Why {t} matters more than you think',
  '{N} mistakes I made with {t}',
  '{T}: a field guide',
  'Revisiting {t}',
  'Measuring {t} before changing it',
  'The hidden cost of {t}',
  '{T} without the jargon',
  'How we rolled out {t}',
  'A small checklist for {t}',
  '{T} on a budget',
  'Getting {t} right the second time',
  'Everything I got wrong about {t}',
];
const COUNT_WORDS = ['Three', 'Four', 'Five', 'Six', 'Seven'];

const TITLE_SUFFIXES: Readonly<Record<Exclude<Script, 'en'>, readonly string[]>> = {
  ko: ['정리', '실전 정리', '삽질 기록', '다시 보기', '입문', '핵심만 정리'],
  ja: ['入門', 'まとめ', 'の落とし穴', '実践メモ', 'を振り返る', 'の基本'],
  zh: ['学习笔记', '实战总结', '深入理解', '踩坑记录', '入门指南', '最佳实践'],
};

const OPENERS = [
  '',
  '',
  '',
  '',
  'In practice, ',
  'Most of the time, ',
  'On our team, ',
  'As it turns out, ',
  'In my experience, ',
  'Surprisingly, ',
  'At first glance, ',
  'Once the load grows, ',
  'For small projects, ',
  'In hindsight, ',
  'Under pressure, ',
];
const SUBJECTS = [
  'the simplest version',
  'a careful benchmark',
  'the default configuration',
  'a single slow query',
  'the retry logic',
  'our first prototype',
  'the error path',
  'a well-named function',
  'the test suite',
  'a small cache',
  'the deployment script',
  'every extra dependency',
  'the hot loop',
  'a clear invariant',
  'the naive approach',
  'the monitoring dashboard',
  'a short design note',
  'the old code path',
  'a stable interface',
  'the nightly batch job',
  '{t}',
  'the way we handle {t}',
  'our take on {t}',
];
const VERBS = [
  'tends to hide',
  'quickly exposes',
  'rarely survives',
  'makes it easier to reason about',
  'doubles the cost of',
  'quietly depends on',
  'removes most of',
  'forces a decision about',
  'pays for itself through',
  'competes with',
  'simplifies',
  'complicates',
  'protects',
  'reveals',
  'is usually enough for',
  'changes the shape of',
  'adds latency to',
  'cuts the noise in',
  'shifts the burden onto',
];
const OBJECTS = [
  'the edge cases',
  'the slow path',
  'memory usage',
  'the on-call rotation',
  'the review process',
  'cold starts',
  'the second iteration',
  'tail latency',
  'the data model',
  'a whole class of bugs',
  'the release schedule',
  'the happy path',
  'our error budget',
  'the hardest part',
  'the build pipeline',
  'every new feature',
  'the read path',
  'the write path',
  'the behaviour users see',
  'the migration plan',
  'lock contention',
  'the amount of logging',
  'readability',
];
const QUALIFIERS = [
  '',
  '',
  '',
  ' in the long run',
  ' once real traffic arrives',
  ' when nobody is watching',
  ' for a surprisingly long time',
  ' unless you measure it',
  ' more than any refactoring did',
  ' on the first day',
  ' under concurrent load',
  ' after the third incident',
  ' without anyone noticing',
  ' in a codebase this size',
  ' as the team grows',
  ' during the migration',
];
const TEMPTATIONS = [
  'rewrite everything',
  'add another flag',
  'cache the result',
  'skip the tests',
  'reach for a new framework',
  'tune the timeouts',
  'blame the network',
];
const RESOLUTIONS = [
  'resist it until the numbers say otherwise',
  'write down why first',
  'measure before and after',
  'the simpler fix was right there',
  'do the boring thing first',
  'ask who will maintain it next year',
];
const QUESTIONS = [
  'how it fails',
  'what it costs to operate',
  'who maintains it next year',
  'how it behaves at ten times the load',
  'how quickly a newcomer understands it',
];
const LATER = ['Two weeks later', 'A month later', 'Three releases later', 'Six months later'];
const IMPERATIVES = [
  'Measure',
  'Document',
  'Automate',
  'Log',
  'Cache',
  'Test',
  'Review',
  'Limit',
  'Simplify',
  'Profile',
  'Name',
  'Isolate',
];
const HEADINGS = [
  'Why it matters',
  'The setup',
  'Measuring first',
  'What went wrong',
  'A better approach',
  'Trade-offs',
  'Edge cases',
  'In production',
  'Lessons learned',
  'How {t} works',
  'The numbers',
  'Where it breaks down',
  'Putting it together',
  'Common pitfalls',
  'A minimal example',
  'What I would do differently',
  'Further reading',
];
const LOCAL_HEADINGS: Readonly<Record<Exclude<Script, 'en'>, readonly string[]>> = {
  ko: ['배경', '측정 결과', '정리'],
  ja: ['背景', '計測結果', 'まとめ'],
  zh: ['背景', '测量结果', '总结'],
};
const LOCAL_SENTENCES: Readonly<Record<Exclude<Script, 'en'>, readonly string[]>> = {
  ko: [
    '처음에는 간단해 보였지만 실제 트래픽을 받자 문제가 드러났습니다.',
    '측정하지 않은 최적화는 추측에 불과합니다.',
    '이 부분은 나중에 다시 정리할 예정입니다.',
    '팀원들과 리뷰하면서 놓친 경우를 여러 개 찾았습니다.',
    '기본 설정만으로도 대부분의 경우에는 충분했습니다.',
    '로그를 조금 더 남겼더라면 원인을 훨씬 빨리 찾았을 겁니다.',
    '결국 가장 단순한 방법이 가장 오래 살아남았습니다.',
    '문서로 남겨 두니 같은 질문이 줄어들었습니다.',
  ],
  ja: [
    '最初は単純に見えましたが、本番の負荷で問題が見えてきました。',
    '計測しない最適化は推測にすぎません。',
    'この部分は後で改めて整理する予定です。',
    'レビューの中で見落としていたケースがいくつも見つかりました。',
    'デフォルト設定のままでも、ほとんどの場合は十分でした。',
    'ログをもう少し残していれば、原因はずっと早く分かったはずです。',
    '結局、一番シンプルな方法が一番長く生き残りました。',
    'ドキュメントに残したことで、同じ質問が減りました。',
  ],
  zh: [
    '一开始看起来很简单，但真实流量一来问题就暴露了。',
    '没有测量的优化只是猜测。',
    '这部分之后会再整理一次。',
    '在代码评审中我们发现了好几个遗漏的情况。',
    '大多数情况下默认配置就已经足够了。',
    '如果当时多打一些日志，原因会更快找到。',
    '最终，最简单的方法存活得最久。',
    '写成文档之后，同样的问题少了很多。',
  ],
};
const EXTERNAL_LINKS = [
  ['the specification', 'https://example.org/spec'],
  ['the official documentation', 'https://docs.example.com/guide'],
  ['this talk', 'https://talks.example.net/2019/keynote'],
  ['an older write-up', 'https://blog.example.org/archive/notes'],
  ['the issue tracker', 'https://git.example.com/project/issues'],
  ['the benchmark repository', 'https://git.example.com/bench/results'],
] as const;
const NAMES = ['user', 'order', 'session', 'invoice', 'event', 'record', 'task', 'account'];
const FIELDS = ['total', 'count', 'score', 'weight', 'priority', 'retries', 'size', 'status'];
const VARIANTS = ['baseline', 'with cache', 'batched', 'pooled', 'async', 'indexed', 'naive'];
const SETTINGS = ['max_connections', 'timeout_ms', 'retries', 'batch_size', 'pool_size'];

// Code samples with {name}, {Name}, {field}, {Field}, {FIELD} and {n} filled in per post.
const CODE: Readonly<Record<Lang, readonly string[]>> = {
  ts: [
    `export async function load{Name}s(ids: readonly string[]): Promise<{Name}[]> {
  const rows = await db.query<{Name}>('select * from {name}s where id = any($1)', [ids]);
  return rows.filter((row) => row.{field} !== null);
}`,
    `interface {Name} {
  readonly id: string;
  readonly {field}: number;
  readonly createdAt: Date;
}

export function by{Field}(items: readonly {Name}[]): Map<number, {Name}[]> {
  const groups = new Map<number, {Name}[]>();
  for (const item of items) {
    const list = groups.get(item.{field}) ?? [];
    list.push(item);
    groups.set(item.{field}, list);
  }
  return groups;
}`,
    `const limiter = createLimiter({ max: {n}, perMs: 1000 });

app.get('/{name}s/:id', async (req, res) => {
  await limiter.take(req.ip);
  res.json(await repo.find{Name}(req.params.id));
});`,
  ],
  rust: [
    `#[derive(Debug, Clone)]
pub struct {Name} {
    pub id: u64,
    pub {field}: u32,
}

pub fn total_{field}(items: &[{Name}]) -> u64 {
    items.iter().map(|item| u64::from(item.{field})).sum()
}`,
    `fn find_{name}(ids: &[u64], target: u64) -> Option<usize> {
    let (mut lo, mut hi) = (0usize, ids.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match ids[mid].cmp(&target) {
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
            std::cmp::Ordering::Equal => return Some(mid),
        }
    }
    None
}`,
    `let handles: Vec<_> = (0..{n})
    .map(|id| tokio::spawn(async move { fetch_{name}(id).await }))
    .collect();
for handle in handles {
    println!("{:?}", handle.await?);
}`,
  ],
  go: [
    `func (s *Store) {Name}ByID(ctx context.Context, id int64) (*{Name}, error) {
	ctx, cancel := context.WithTimeout(ctx, {n}*time.Millisecond)
	defer cancel()
	var v {Name}
	err := s.db.QueryRowContext(ctx, "SELECT id, {field} FROM {name}s WHERE id = $1", id).
		Scan(&v.ID, &v.{Field})
	if err != nil {
		return nil, fmt.Errorf("load {name} %d: %w", id, err)
	}
	return &v, nil
}`,
    `func worker(jobs <-chan {Name}, results chan<- int) {
	for job := range jobs {
		results <- job.{Field} * {n}
	}
}`,
    `type {Name} struct {
	ID    int64  \`json:"id"\`
	{Field} int    \`json:"{field}"\`
	Note  string \`json:"note,omitempty"\`
}`,
  ],
  python: [
    `from dataclasses import dataclass


@dataclass(frozen=True)
class {Name}:
    id: int
    {field}: float


def top_{name}s(items: list[{Name}], k: int = {n}) -> list[{Name}]:
    return sorted(items, key=lambda item: item.{field}, reverse=True)[:k]`,
    `def read_{name}s(path):
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield parse_{name}(line)`,
    `import asyncio


async def main() -> None:
    results = await asyncio.gather(*(fetch_{name}(i) for i in range({n})))
    print(sum(r.{field} for r in results))`,
  ],
  sql: [
    `CREATE INDEX {name}s_{field}_idx ON {name}s ({field}, created_at DESC);

EXPLAIN ANALYZE
SELECT id, {field}
FROM {name}s
WHERE {field} > {n}
ORDER BY created_at DESC
LIMIT 20;`,
    `BEGIN;
UPDATE {name}s SET {field} = {field} + 1 WHERE id = {n};
INSERT INTO audit_log ({name}_id, change) VALUES ({n}, '{field} + 1');
COMMIT;`,
    `SELECT date_trunc('day', created_at) AS day, count(*) AS {name}s, avg({field})
FROM {name}s
GROUP BY 1
ORDER BY 1 DESC
LIMIT {n};`,
  ],
  bash: [
    `#!/usr/bin/env bash
set -euo pipefail
for file in logs/{name}-*.log; do
  grep -c "{field}" "$file"
done | sort -n | tail -n {n}`,
    `git bisect start HEAD v{n}.0
git bisect run ./scripts/check-{name}s.sh
git bisect reset`,
    `docker build -t {name}-service:{n} .
docker run --rm -p 8080:8080 -e {FIELD}_LIMIT={n} {name}-service:{n}`,
  ],
};

const AVATAR = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-labelledby="t">
  <title id="t">Jane Doe</title>
  <rect width="96" height="96" rx="48" fill="#4f46e5"/>
  <text x="48" y="60" font-family="sans-serif" font-size="40" fill="#fff" text-anchor="middle">JD</text>
</svg>
`;

// ---------------------------------------------------------------------------------------------
// One post

interface Head {
  readonly file: string;
  readonly slug: string;
  readonly title: string;
  readonly category: Category;
  readonly topic: string;
  readonly script: Script;
  readonly date: { readonly text: string; readonly iso: string };
  readonly tags: readonly string[];
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function fill(template: string, topic: string, rng: Rng): string {
  return template
    .replaceAll('{T}', capitalize(topic))
    .replaceAll('{t}', topic)
    .replaceAll('{N}', rng.pick(COUNT_WORDS));
}

/** The date of post `index`, in one of the three forms the front matter accepts, and in ISO. */
function dateOf(index: number): Head['date'] {
  const rng = new Rng(`date:${index}`);
  // About one post in twenty shares its date and time with the post before it.
  if (index > 0 && rng.chance(0.05)) return dateOf(index - 1);
  const day = new Date(FIRST_DAY + rng.int(0, DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const time = `${String(rng.int(6, 23)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`;
  const iso = `${day}T${time}:00${OFFSET}`;
  const form = rng.next();
  if (form < 0.12) return { text: day, iso: `${day}T00:00:00${OFFSET}` };
  if (form < 0.2) return { text: iso, iso };
  return { text: `${day} ${time}`, iso };
}

function headOf(index: number): Head {
  const rng = new Rng(`head:${index}`);
  // The first twelve posts cover every category, so that even a tiny corpus uses them all.
  const category =
    index < CATEGORIES.length ? (CATEGORIES[index] as Category) : rng.pick(CATEGORIES);
  const topic = rng.pick(category.topics);
  const english = fill(rng.pick(TITLES), topic, rng);
  const roll = rng.next();
  const script: Script = roll < 0.55 ? 'en' : roll < 0.7 ? 'ko' : roll < 0.85 ? 'ja' : 'zh';
  let title = english;
  if (script !== 'en') {
    const local = category.local[script];
    const suffix = rng.pick(TITLE_SUFFIXES[script]);
    // Korean separates words with spaces; Japanese and Chinese do not.
    const phrase = script === 'ko' ? `${local} ${suffix}` : `${local}${suffix}`;
    title = rng.chance(0.5) ? `${english} — ${phrase}` : `${phrase}: ${english}`;
  }
  const slug = `${slugify(english)}-${index + 1}`;
  const date = dateOf(index);
  const count = rng.pick([1, 1, 2, 2, 2, 3, 3, 4]);
  const tags = [rng.pick(category.tags)];
  while (tags.length < count) {
    const tag = rng.chance(0.5) ? rng.pick(category.tags) : rng.pick(ALL_TAGS);
    if (!tags.includes(tag)) tags.push(tag);
  }
  const file = ['content', 'posts', date.text.slice(0, 4), `${slug}.md`].join('/');
  return { file, slug, title, category, topic, script, date, tags };
}

/** Where post `index` of a corpus is written, its slug, title and category. */
export function corpusPost(index: number): CorpusPost {
  const { file, slug, title, category } = headOf(index);
  return { file, slug, title, category: category.name };
}

/** Builds text while counting the words of its prose (code and tables are not counted). */
class Body {
  readonly blocks: string[] = [];
  words = 0;

  prose(text: string): void {
    this.blocks.push(text);
    this.words += text.split(/\s+/).filter(Boolean).length;
  }

  other(text: string): void {
    this.blocks.push(text);
  }
}

function identifiers(rng: Rng): (template: string) => string {
  const name = rng.pick(NAMES);
  const field = rng.pick(FIELDS);
  const n = String(rng.pick([3, 5, 8, 10, 16, 20, 32, 50, 64, 100, 250, 500]));
  return (template) =>
    template
      .replaceAll('{Name}', capitalize(name))
      .replaceAll('{name}', name)
      .replaceAll('{Field}', capitalize(field))
      .replaceAll('{FIELD}', field.toUpperCase())
      .replaceAll('{field}', field)
      .replaceAll('{n}', n);
}

function clause(rng: Rng, topic: string): string {
  let object = rng.pick(OBJECTS);
  const decoration = rng.next();
  if (decoration < 0.06) object = `**${object}**`;
  else if (decoration < 0.1) object = `_${object}_`;
  const subject = rng.pick(SUBJECTS).replaceAll('{t}', topic);
  return `${subject} ${rng.pick(VERBS)} ${object}${rng.pick(QUALIFIERS)}`;
}

function sentence(rng: Rng, head: Head): string {
  const { topic } = head;
  const kind = rng.next();
  let text: string;
  if (kind < 0.45) text = `${rng.pick(OPENERS)}${clause(rng, topic)}`;
  else if (kind < 0.6) text = `${clause(rng, topic)}, but ${clause(rng, topic)}`;
  else if (kind < 0.7) text = `When working with ${topic}, ${clause(rng, topic)}`;
  else if (kind < 0.78)
    text = `It is tempting to ${rng.pick(TEMPTATIONS)}; ${rng.pick(RESOLUTIONS)}`;
  else if (kind < 0.85)
    text = `The question is not whether ${topic} works, but ${rng.pick(QUESTIONS)}`;
  else if (kind < 0.91) text = `${rng.pick(LATER)}, ${clause(rng, topic)}`;
  else {
    const p50 = rng.int(2, 90);
    text =
      `We measured ${p50} ms at p50 and ${p50 * rng.int(2, 12)} ms at p99 ` +
      `with ${rng.pick([4, 16, 32, 64, 128, 256])} concurrent clients`;
  }
  text = capitalize(text);
  const extra = rng.next();
  if (extra < 0.06) {
    const [label, url] = rng.pick(EXTERNAL_LINKS);
    text += ` (see [${label}](${url}))`;
  } else if (extra < 0.12) {
    text += ` (see \`${rng.pick(NAMES)}.${rng.pick(FIELDS)}\`)`;
  }
  return `${text}.`;
}

function paragraph(rng: Rng, head: Head): string {
  if (head.script !== 'en' && rng.chance(0.15)) {
    return rng.sample(LOCAL_SENTENCES[head.script], rng.int(1, 3)).join(' ');
  }
  return Array.from({ length: rng.int(2, 6) }, () => sentence(rng, head)).join(' ');
}

function list(rng: Rng): string {
  const ordered = rng.chance(0.4);
  const items = Array.from({ length: rng.int(3, 6) }, (_, i) => {
    const marker = ordered ? `${i + 1}.` : '-';
    let item = `${marker} ${rng.pick(IMPERATIVES)} ${rng.pick(OBJECTS)}`;
    if (rng.chance(0.25)) item += ` with \`${rng.pick(SETTINGS)}\``;
    if (rng.chance(0.2)) item += ` ${rng.pick(QUALIFIERS).trim()}`;
    if (rng.chance(0.15)) {
      const indent = ' '.repeat(marker.length + 1);
      item += `\n${indent}- ${rng.pick(IMPERATIVES)} ${rng.pick(OBJECTS)}`;
      item += `\n${indent}- ${rng.pick(IMPERATIVES)} ${rng.pick(OBJECTS)}`;
    }
    return item.trimEnd();
  });
  return items.join('\n');
}

function table(rng: Rng): string {
  const kind = rng.int(0, 2);
  const rows: string[] = [];
  if (kind === 0) {
    rows.push(
      '| Variant | p50 (ms) | p99 (ms) | Throughput (req/s) |',
      '| --- | ---: | ---: | ---: |',
    );
    for (const variant of rng.sample(VARIANTS, rng.int(3, 5))) {
      const p50 = rng.int(1, 80);
      rows.push(`| ${variant} | ${p50} | ${p50 * rng.int(2, 9)} | ${rng.int(200, 40_000)} |`);
    }
  } else if (kind === 1) {
    rows.push('| Option | Good for | Watch out for |', '| --- | --- | --- |');
    for (const variant of rng.sample(VARIANTS, rng.int(2, 4))) {
      rows.push(`| ${variant} | ${rng.pick(OBJECTS)} | ${rng.pick(OBJECTS)} |`);
    }
  } else {
    rows.push('| Setting | Default | Notes |', '| --- | ---: | --- |');
    for (const setting of rng.sample(SETTINGS, rng.int(2, 5))) {
      const note = capitalize(`${rng.pick(VERBS)} ${rng.pick(OBJECTS)}`);
      rows.push(`| \`${setting}\` | ${rng.pick([1, 3, 10, 30, 100, 1000])} | ${note} |`);
    }
  }
  return rows.join('\n');
}

function code(rng: Rng, head: Head): string {
  const lang = rng.chance(0.8)
    ? rng.pick(head.category.langs)
    : rng.pick(Object.keys(CODE) as Lang[]);
  return `\`\`\`${lang}\n${identifiers(rng)(rng.pick(CODE[lang]))}\n\`\`\``;
}

function heading(rng: Rng, head: Head, used: Set<string>): string {
  const pool =
    head.script !== 'en' && rng.chance(0.3)
      ? LOCAL_HEADINGS[head.script]
      : HEADINGS.map((h) => h.replaceAll('{t}', head.topic));
  let text = rng.pick(pool);
  for (let n = 2; used.has(text); n += 1) text = `${rng.pick(pool)} (${n})`;
  used.add(text);
  return text;
}

function bodyOf(index: number, head: Head): string {
  const rng = new Rng(`body:${index}`);
  const body = new Body();
  // One post in ten is a short note; the rest run from 300 to 3,000 words, most near the low end.
  if (rng.chance(0.1)) {
    body.prose(paragraph(rng, head));
    if (rng.chance(0.5)) body.other(code(rng, head));
    if (rng.chance(0.4)) body.prose(paragraph(rng, head));
    return body.blocks.join('\n\n');
  }
  const target = 300 + Math.floor(2700 * rng.next() ** 2);
  body.prose(paragraph(rng, head));
  if (rng.chance(0.15)) body.other('<!--more-->');
  if (index > 0 && rng.chance(0.4)) {
    const earlier = headOf(rng.int(0, index - 1));
    body.prose(
      `I wrote about a related problem in [${earlier.title}](/posts/${earlier.slug}/); ` +
        `this post picks up where that one stopped.`,
    );
  }
  const used = new Set<string>();
  while (body.words < target) {
    body.other(`## ${heading(rng, head, used)}`);
    const parts = rng.int(2, 5);
    for (let p = 0; p < parts && body.words < target; p += 1) {
      body.prose(paragraph(rng, head));
      const extra = rng.next();
      if (extra < 0.2) body.other(code(rng, head));
      else if (extra < 0.32) body.prose(list(rng));
      else if (extra < 0.38) body.other(table(rng));
      else if (extra < 0.43)
        body.prose(`> ${rng.chance(0.3) ? '**Note:** ' : ''}${sentence(rng, head)}`);
      else if (extra < 0.47) body.other(`### ${heading(rng, head, used)}`);
    }
  }
  return body.blocks.join('\n\n');
}

/** Post `index` of the corpus, whole. */
export function generatePost(index: number): GeneratedPost {
  const head = headOf(index);
  const rng = new Rng(`front:${index}`);
  const description = rng.chance(0.1)
    ? `${capitalize(clause(rng, head.topic).replace(/[*_]/g, ''))}.`
    : undefined;
  return {
    ...corpusPost(index),
    date: head.date.text,
    isoDate: head.date.iso,
    tags: head.tags,
    description,
    body: `\n${bodyOf(index, head)}\n`,
  };
}

const FOLIO: Layout = {
  postPath: (post) => post.file,
  postText: (post) => {
    const lines = [
      '---',
      `title: ${JSON.stringify(post.title)}`,
      `date: ${post.date}`,
      `category: ${post.category}`,
      `tags: [${post.tags.join(', ')}]`,
    ];
    if (post.description) lines.push(`description: ${JSON.stringify(post.description)}`);
    return `${lines.join('\n')}\n---\n${post.body}`;
  },
  staticDir: 'static',
};

// ---------------------------------------------------------------------------------------------
// The site folder

function configText(posts: number): string {
  const categories = CATEGORIES.map((c) => `  ${c.name}:\n    title: ${c.title}`).join('\n');
  // Every engine's layout names each category in its navigation. Folio's does so only up to
  // `navCategories`, and the corpus has more categories than its default.
  return `title: Bench Notes
tagline: A generated blog of ${posts} posts for measuring Folio.
owner: Jane Doe
url: https://bench.example.com
locale: en
timezone: Asia/Seoul
author:
  name: Jane Doe
  image: /images/avatar.svg
pageSize: 10
excerptLength: 200
links:
  github: https://github.com/jane
  x: https://x.com/jane
  linkedin: https://www.linkedin.com/in/jane
share: [x, facebook, linkedin]
navCategories: ${CATEGORIES.length}
categories:
${categories}
`;
}

/** Empties a folder this generator wrote before; refuses any other non-empty folder. */
async function prepare(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const entries = await readdir(dir);
  if (entries.length === 0) return;
  if (!entries.includes(MARKER)) {
    throw new Error(`${dir} is not empty: give a new or empty folder for the corpus`);
  }
  for (const name of ['content', 'static', 'folio.config.yaml', MARKER]) {
    await rm(join(dir, name), { recursive: true, force: true });
  }
}

/** Writes a Folio site folder of `posts` generated posts into `dir` (new, empty, or an earlier corpus). */
export async function writeCorpus(dir: string, posts: number): Promise<void> {
  if (!Number.isInteger(posts) || posts < 1) {
    throw new RangeError(`the number of posts must be a whole number of at least 1, not ${posts}`);
  }
  await prepare(dir);
  await writeFile(join(dir, MARKER), `Folio benchmark corpus of ${posts} posts\n`);
  await writeFile(join(dir, 'folio.config.yaml'), configText(posts));
  await writePosts(dir, posts, FOLIO);
}

/** Writes the first `posts` posts of the corpus and its avatar into `dir`, as `layout` says. */
export async function writePosts(dir: string, posts: number, layout: Layout): Promise<void> {
  await mkdir(join(dir, layout.staticDir, 'images'), { recursive: true });
  await writeFile(join(dir, layout.staticDir, 'images', 'avatar.svg'), AVATAR);
  const folders = new Map<string, Promise<unknown>>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < posts) {
      const post = generatePost(next++);
      const path = join(dir, layout.postPath(post));
      const folder = dirname(path);
      let made = folders.get(folder);
      if (!made) {
        made = mkdir(folder, { recursive: true });
        folders.set(folder, made);
      }
      await made;
      // Never over another post: a layout that flattens the folders must keep slugs apart.
      await writeFile(path, layout.postText(post), { flag: 'wx' });
    }
  };
  await Promise.all(Array.from({ length: Math.min(WRITE_CONCURRENCY, posts) }, worker));
}

async function main(args: readonly string[]): Promise<number> {
  const [dir, count] = args;
  const posts = Number(count);
  if (args.length !== 2 || dir === undefined || !Number.isInteger(posts) || posts < 1) {
    console.error('Usage: npx tsx bench/corpus.ts <dir> <posts>   (e.g. /tmp/corpus 1000)');
    return 2;
  }
  await writeCorpus(resolve(dir), posts);
  console.log(`Wrote ${posts} posts to ${resolve(dir)}`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (cause: unknown) => {
      console.error(cause instanceof Error ? cause.message : cause);
      process.exitCode = 1;
    },
  );
}

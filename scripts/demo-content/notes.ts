// Short demo posts, a code-only post, and the drafts and scheduled post that must stay hidden.
import { code, type HiddenPost, type Note } from './types.js';

export const NOTES: Note[] = [
  {
    title: "TIL: Python's Sort Is Stable",
    category: 'Algorithm',
    tags: ['python'],
    body:
      "Python's `list.sort()` is guaranteed stable, so sorting by a secondary key first and " +
      'the primary key second just works.',
  },
  {
    title: '이분 탐색 한 줄 메모',
    slug: 'binary-search-one-liner',
    category: 'Algorithm',
    tags: ['binary-search'],
    body: '이분 탐색은 `lo < hi`와 반열린 구간 `[lo, hi)`를 고정하면 경계 실수가 거의 사라집니다.',
  },
  {
    title: "Floyd's Cycle Detection in One Sentence",
    category: 'Algorithm',
    tags: ['linked-list', 'Algorithm'],
    body: 'Move one pointer one step and another two steps; if the list has a cycle, they meet.',
  },
  {
    title: 'TIL: COUNT(*) vs COUNT(column)',
    category: 'Databases',
    tags: ['sql'],
    body: '`COUNT(*)` counts rows, while `COUNT(col)` skips rows where `col` is NULL.',
  },
  {
    title: 'psql の \\x で縦表示',
    slug: 'psql-expanded-display',
    category: 'Databases',
    tags: ['postgresql'],
    body: 'psql で `\\x` を実行すると拡張表示に切り替わり、列の多い結果も一行ずつ縦に読めます。',
  },
  {
    title: 'Quick Tip: EXPLAIN Before You Index',
    category: 'Databases',
    tags: ['postgresql', 'performance'],
    body:
      'Before adding an index, run `EXPLAIN` on the slow query; often the real problem is a ' +
      'function call wrapped around the column.',
  },
  {
    title: 'Redis KEYS 명령은 운영에서 쓰지 말 것',
    slug: 'redis-keys-in-production',
    category: 'Databases',
    tags: ['redis'],
    body: '`KEYS *`는 모든 키를 훑는 동안 서버를 막습니다. 운영 환경에서는 `SCAN`을 쓰세요.',
  },
  {
    title: 'CSS :has() Is a Parent Selector',
    category: 'Frontend',
    tags: ['css'],
    body:
      '`.card:has(img)` styles the cards that contain ' +
      'an image, which needed JavaScript for years.',
  },
  {
    title: 'TIL: structuredClone()',
    category: 'Frontend',
    tags: ['javascript'],
    body:
      '`structuredClone(value)` deep-copies objects, including `Map`, `Set` and `Date`, ' +
      'without the JSON round-trip hack.',
  },
  {
    title: '在 DevTools 中模拟慢网速',
    slug: 'devtools-network-throttling',
    category: 'Frontend',
    tags: ['performance'],
    body:
      '在 Chrome DevTools 的 Network ' +
      '面板中切换网络限速，可以快速检查页面在慢网络下的加载体验。',
  },
  {
    title: 'A Note on loading="lazy"',
    category: 'Frontend',
    tags: ['performance', 'Frontend'],
    body:
      'Never lazy-load the largest image above the ' +
      'fold: it delays LCP instead of improving it.',
  },
  {
    title: 'Go: defer Runs at Function Exit, Not Block Exit',
    category: 'Backend',
    tags: ['go'],
    body:
      'A `defer` inside a loop waits until the whole function returns, so files closed that ' +
      'way stay open until the end.',
  },
  {
    title: 'HTTP 204 と 200 の使い分け',
    slug: 'http-204-vs-200',
    category: 'Backend',
    tags: ['http'],
    body:
      '返すボディがないなら 204 No Content ' +
      'を使います。クライアントは本文をパースしなくて済みます。',
  },
  {
    title: 'TIL: The Idempotency-Key Header Has a Draft Spec',
    category: 'Backend',
    tags: ['api-design'],
    body: 'The `Idempotency-Key` header is being standardised by the IETF HTTP APIs working group.',
  },
  {
    title: '테스트 이름은 문장으로',
    slug: 'test-names-as-sentences',
    category: 'Backend',
    tags: ['testing', 'Backend'],
    body:
      '테스트 이름을 `returns 404 when the post does not exist`처럼 문장으로 쓰면, ' +
      '실패했을 때 무엇이 깨졌는지 바로 보입니다.',
  },
  {
    title: 'Where Did My Disk Go? docker system df',
    category: 'DevOps',
    tags: ['docker'],
    body:
      '`docker system df` shows the space used by images, containers and build cache; ' +
      '`docker builder prune` reclaims the cache.',
  },
  {
    title: 'kubectl 上下文切换别搞错',
    slug: 'kubectl-check-context',
    category: 'DevOps',
    tags: ['kubernetes'],
    body: '执行危险命令前先运行 `kubectl config current-context`，确认自己连的不是生产集群。',
  },
  {
    title: 'TIL: git bisect run',
    category: 'DevOps',
    tags: ['git'],
    body: '`git bisect run npm test` finds the commit that broke the tests on its own.',
  },
  {
    title: 'Reverse Search in Bash: Ctrl+R',
    category: 'DevOps',
    tags: ['shell'],
    body:
      'Press Ctrl+R and start typing to search your shell history; press it again to step ' +
      'further back.',
  },
  {
    title: 'journalctl で直近のログだけ見る',
    slug: 'journalctl-recent-logs',
    category: 'DevOps',
    tags: ['linux'],
    body:
      '`journalctl -u nginx --since "10 ' +
      'min ago" -f` で、特定のサービスの直近のログを追いかけられます。',
  },
  {
    title: 'Rust: the ? Operator Works on Option Too',
    category: 'Languages',
    tags: ['rust'],
    body: 'Inside a function that returns `Option`, `?` on an `Option` returns `None` early.',
  },
  {
    title: 'TypeScript の as const',
    category: 'Languages',
    tags: ['typescript'],
    body:
      '`as const` を付けると配列やオブジェクトが ' +
      'readonly のリテラル型になり、ユニオン型の元として使えます。',
  },
  {
    title: 'Debugging with Python f-strings',
    category: 'Languages',
    tags: ['python'],
    body: '`print(f"{value=}")`처럼 쓰면 변수 이름과 값이 함께 출력됩니다. Python 3.8부터 됩니다.',
  },
  {
    title: 'Go 1.22 循环变量语义变了',
    slug: 'go-1-22-loop-variables',
    category: 'Languages',
    tags: ['go', 'Languages'],
    body: '从 Go 1.22 起，`for` 循环的每次迭代都有自己的变量，闭包捕获循环变量的老问题消失了。',
  },
  {
    title: 'Snippet: Retry with Exponential Backoff in Go',
    category: 'Languages',
    tags: ['go', 'snippets'],
    code: code(
      'go',
      `
func retry(ctx context.Context, attempts int, fn func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = fn(); err == nil {
			return nil
		}
		delay := time.Duration(rand.Int64N(int64(100*time.Millisecond) << i))
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return fmt.Errorf("after %d attempts: %w", attempts, err)
}
`,
    ),
  },
  {
    title: 'TIL: curl --resolve',
    category: 'Networking',
    tags: ['curl'],
    body:
      '`curl --resolve example.com:443:10.0.0.5 ' +
      'https://example.com` tests a server before DNS moves.',
  },
  {
    title: 'MTU 문제는 큰 패킷에서만 보인다',
    slug: 'mtu-problems-with-large-packets',
    category: 'Networking',
    tags: ['tcp'],
    body:
      '작은 요청은 되는데 큰 응답만 멈춘다면 MTU와 Path ' +
      'MTU Discovery가 막혔는지 의심해 보세요.',
  },
  {
    title: 'One-Line Standup Notes',
    category: 'Career',
    tags: ['productivity'],
    body:
      "I write tomorrow's standup note at the end of today, while I still remember what " +
      'was next.',
  },
  {
    title: '今週読んだ記事メモ',
    slug: 'weekly-reading-notes',
    category: 'Career',
    tags: ['reading'],
    body: '今週は SQLite のクエリプランナーと、HTTP/3 の優先度制御についての記事が面白かったです。',
  },
];

export const HIDDEN: HiddenPost[] = [
  {
    title: 'Draft: Notes on CRDTs',
    slug: 'crdt-notes-draft',
    category: 'Algorithm',
    tags: ['distributed-systems'],
    date: '2026-10-12',
    draft: true,
    body:
      'Conflict-free replicated data types let replicas accept writes independently and still ' +
      'converge to the same state once they have seen the same updates.\n\n' +
      '## Outline\n\n' +
      '- G-Counter: one counter per replica, merge by taking the maximum\n' +
      '- LWW-Register: last writer wins, by timestamp\n' +
      '- ~~OR-Set~~ (maybe a separate post)\n\n' +
      'TODO: add diagrams and a TypeScript implementation.',
  },
  {
    title: 'WIP: PostgreSQL 17 업그레이드 후기',
    slug: 'postgres-17-upgrade-wip',
    category: 'Databases',
    tags: ['postgresql'],
    date: '2025-12-03 21:40',
    draft: true,
    body:
      '운영 중인 PostgreSQL 클러스터를 16에서 17로 올렸습니다. `pg_upgrade --link`로 ' +
      '다운타임을 몇 분으로 줄일 수 있었습니다.\n\n' +
      '작성 중: 확장 호환성 확인, 통계 재수집(`vacuumdb --analyze-in-stages`) 정리하기.',
  },
  {
    title: 'Algorithms Revisited: Ten More Years of Notes',
    slug: 'algorithms-revisited',
    category: 'Algorithm',
    tags: ['Algorithm'],
    date: '2099-01-01',
    draft: false,
    body:
      'This post is scheduled far in the future and stays out of every listing, feed and ' +
      'category page until its date arrives.\n\n' +
      '## What I expect to still be true\n\n' +
      '- Binary search will still have off-by-one bugs.\n' +
      '- Someone will still ask whether quicksort is stable.',
  },
];

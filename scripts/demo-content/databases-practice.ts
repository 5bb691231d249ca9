// Demo posts about running databases: SQLite, Redis caching and schema migrations.
import { code, table, type Topic } from './types.js';

const sqlite: Topic = {
  id: 'sqlite',
  category: 'Databases',
  lang: 'ja',
  tags: ['sqlite', 'sql'],
  posts: [
    [
      'SQLite の WAL モード を理解する',
      'SQLite をサーバーアプリで使うなら、まず `PRAGMA journal_mode=WAL;` を設定します。' +
        '読み込みと書き込みが互いをブロックしなくなるからです。',
      'sqlite-wal-mode',
    ],
    [
      'SQLite in Production: Is It Really Enough?',
      'A single SQLite file on a fast SSD can serve a surprising amount of traffic, as long as ' +
        'you accept one writer at a time and plan your backups.',
    ],
    [
      'Recommended SQLite PRAGMAs',
      'SQLite のデフォルト設定は後方互換性を重視しているため、' +
        '新しいアプリケーションでは最初にいくつかの PRAGMA を変えておくのがおすすめです。',
      'sqlite-recommended-pragmas',
    ],
    [
      'database is locked エラーの原因と対策',
      '`database is locked` は SQLite を使い始めた人がほぼ必ず出会うエラーです。' +
        '多くの場合、busy_timeout の設定とトランザクションの書き方で解決できます。',
    ],
    [
      'SQLite の型アフィニティと STRICT テーブル',
      'SQLite はカラムの型をあまり厳密にチェックしません。' +
        '3.37 で追加された STRICT テーブルを使えば、他のデータベースに近い振る舞いになります。',
      'sqlite-type-affinity-and-strict-tables',
    ],
    [
      'Backing Up SQLite with Litestream',
      'Litestream は WAL の変更を S3 などのオブジェクトストレージに継続的に送ることで、' +
        'SQLite をほぼリアルタイムでバックアップしてくれるツールです。',
    ],
  ],
  sections: [
    [
      'WAL の仕組み',
      'デフォルトのロールバックジャーナルでは、書き込み中はデータベース全体がロックされます。' +
        'WAL モードでは変更を別ファイル（`-wal`）に追記し、読み込み側はコミット済みの' +
        'スナップショットを見続けます。書き込みは同時に一つだけですが、読み込みは書き込みを' +
        '待たずに進められます。WAL の内容はチェックポイントで本体のファイルに書き戻されます。',
    ],
    [
      'おすすめの PRAGMA',
      '接続ごとに `journal_mode=WAL`、`busy_timeout=5000`、`foreign_keys=ON` を設定しています。' +
        'WAL モードなら `synchronous=NORMAL` にしてもデータベースが壊れることはなく、' +
        '電源断のときに直近のコミットが失われる可能性があるだけです。' +
        '~~`synchronous=OFF` で十分~~ `OFF` は OS がクラッシュすると壊れる可能性があるので' +
        '使いません。',
    ],
    [
      'ロックエラーへの対処',
      '`busy_timeout` を設定しないと、ロックが取れない瞬間にすぐエラーが返ります。' +
        'もう一つの落とし穴は、読み込みで始めたトランザクションを途中で書き込みに昇格させる' +
        'パターンです。書き込むとわかっているトランザクションは `BEGIN IMMEDIATE` で始めると、' +
        'busy_timeout が正しく効きます。',
    ],
    [
      '型アフィニティ',
      "通常のテーブルでは `INTEGER` カラムに `'abc'` を入れてもエラーになりません。" +
        'SQLite は値ごとに型を持ち、カラムの型は「できれば変換する」というヒントにすぎない' +
        'からです。`CREATE TABLE ... STRICT` と書くと、宣言と合わない値の挿入はエラーになります。',
    ],
  ],
  code: [
    code(
      'sql',
      `
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
PRAGMA busy_timeout = 5000;
PRAGMA foreign_keys = ON;

CREATE TABLE IF NOT EXISTS notes (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (datetime('now'))
) STRICT;
`,
    ),
    code(
      'bash',
      `
# 実行中のアプリを止めずに一貫したコピーを作る
sqlite3 app.db ".backup 'backup/app-$(date +%Y%m%d).db'"

# ファイルの整合性を確認する
sqlite3 app.db 'PRAGMA integrity_check;'
`,
    ),
  ],
  table: table(`
| PRAGMA | 推奨値 | 理由 |
|---|---|---|
| \`journal_mode\` | \`WAL\` | 読み込みが書き込みを待たない |
| \`synchronous\` | \`NORMAL\` | WAL と組み合わせれば安全で速い |
| \`busy_timeout\` | \`5000\` | ロック待ちですぐにエラーにしない |
| \`foreign_keys\` | \`ON\` | デフォルトでは無効 |
`),
  points: [
    'PRAGMA は接続ごとに設定する（`journal_mode` 以外は保存されない）。',
    '書き込むトランザクションは `BEGIN IMMEDIATE` で始める。',
    'バックアップはファイルコピーではなく `.backup` か Litestream で取る。',
  ],
  links: [
    ['SQLite: Write-Ahead Logging', 'https://www.sqlite.org/wal.html'],
    ['SQLite: STRICT Tables', 'https://www.sqlite.org/stricttables.html'],
  ],
};

const redis: Topic = {
  id: 'redis',
  category: 'Databases',
  lang: 'ko',
  tags: ['redis', 'caching'],
  posts: [
    [
      'Redis 캐시 전략: Cache-Aside와 Write-Through',
      '캐시를 도입할 때 가장 먼저 정해야 하는 것은 어떤 Redis 명령을 쓸지가 아니라, ' +
        '데이터를 언제 캐시에 넣고 언제 지울지입니다.',
    ],
    [
      '캐시 스탬피드(Thundering Herd) 막기',
      '인기 있는 키 하나가 만료되는 순간 수천 개의 요청이 동시에 데이터베이스로 몰립니다. ' +
        '락, 확률적 조기 갱신, stale-while-revalidate 같은 방법으로 막을 수 있습니다.',
      'preventing-cache-stampedes',
    ],
    [
      'Leaderboards with Redis Sorted Sets',
      'Sorted Set은 점수로 정렬된 집합이라 실시간 랭킹이나 실행 시각 기반의 지연 큐를 ' +
        '만들 때 아주 편리합니다.',
    ],
    [
      'Redis TTL and Eviction Policies',
      'A Redis instance used as a cache should always have `maxmemory` and an eviction policy ' +
        'set, otherwise it will happily grow until the operating system steps in.',
    ],
    [
      'Pitfalls of Distributed Locks in Redis',
      '`SET key value NX PX 30000` 한 줄로 락을 잡을 수 있지만, ' +
        '락을 해제하거나 만료를 다룰 때 생각보다 많은 함정이 있습니다.',
      'redis-distributed-locks',
    ],
    [
      'Rate Limiting with Redis: 고정 윈도우부터 토큰 버킷까지',
      'API 요청 수 제한은 Redis의 원자적인 `INCR`와 `EXPIRE`만으로도 간단히 구현할 수 ' +
        '있습니다. 다만 윈도우 경계에서 요청이 몰리는 문제를 이해하고 써야 합니다.',
    ],
  ],
  sections: [
    [
      'Cache-Aside 패턴',
      '가장 흔한 방식은 애플리케이션이 먼저 캐시를 조회하고, 없으면 데이터베이스에서 읽어 ' +
        '캐시에 넣는 Cache-Aside입니다. 데이터를 수정할 때는 캐시를 갱신하기보다 **삭제**하는 ' +
        '편이 안전합니다. 두 요청이 동시에 갱신하면 순서가 뒤바뀌어 오래된 값이 캐시에 남을 ' +
        '수 있기 때문입니다.',
    ],
    [
      'TTL은 항상 설정하기',
      '무효화 로직에 버그가 있어도 TTL이 있으면 언젠가는 올바른 값으로 돌아옵니다. ' +
        '같은 시각에 만든 키들이 한꺼번에 만료되지 않도록 TTL에 약간의 무작위 값(jitter)을 ' +
        '더해 주는 것도 좋습니다. 메모리 한도를 넘었을 때의 동작은 `maxmemory-policy`로 ' +
        '정하며, 캐시 용도라면 `allkeys-lru`나 `allkeys-lfu`가 무난합니다.',
    ],
    [
      '원자성과 Lua 스크립트',
      '~~락 해제는 `DEL` 한 번이면 충분하다.~~ 분산 락을 해제할 때는 "값이 내가 넣은 토큰과 ' +
        '같을 때만 삭제"해야 합니다. `GET`과 `DEL`을 따로 보내면 그 사이에 락이 만료되고 ' +
        '다른 클라이언트가 락을 잡을 수 있기 때문입니다. 여러 명령을 원자적으로 실행하려면 ' +
        'Lua 스크립트나 `MULTI`/`EXEC`를 씁니다.',
    ],
    [
      '고정 윈도우의 한계',
      '`INCR`로 분 단위 카운터를 만들면 구현은 쉽지만, 경계 직전과 직후에 요청이 몰리면 ' +
        '짧은 시간에 한도의 두 배가 통과합니다. 이를 완화하려면 Sorted Set으로 슬라이딩 ' +
        '윈도우 로그를 만들거나 토큰 버킷을 Lua 스크립트로 구현합니다. 대부분의 서비스에서는 ' +
        '고정 윈도우로도 충분하니 요구 사항부터 확인하세요.',
    ],
  ],
  code: [
    code(
      'ts',
      `
import { createClient } from 'redis';

const redis = createClient({ url: process.env.REDIS_URL });
await redis.connect();

export async function cached<T>(key: string, ttl: number, load: () => Promise<T>): Promise<T> {
  const hit = await redis.get(key);
  if (hit !== null) {
    return JSON.parse(hit) as T;
  }
  const value = await load();
  // 같은 시각에 만든 키가 한꺼번에 만료되지 않도록 TTL을 흩뜨립니다.
  const jitter = Math.floor(Math.random() * ttl * 0.1);
  await redis.set(key, JSON.stringify(value), { EX: ttl + jitter });
  return value;
}
`,
    ),
    code(
      'bash',
      `
# 락 획득: 키가 없을 때만 설정하고 30초 뒤 자동 만료
redis-cli SET lock:report token-7f3a NX PX 30000

# 내 토큰일 때만 해제 (Lua 스크립트로 원자적으로)
redis-cli EVAL \\
  "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0" \\
  1 lock:report token-7f3a
`,
    ),
  ],
  table: table(`
| 정책 | 동작 |
|---|---|
| \`noeviction\` | 한도를 넘으면 쓰기 명령이 에러를 반환 (기본값) |
| \`allkeys-lru\` | 전체 키 중 가장 오래 쓰이지 않은 키부터 삭제 |
| \`allkeys-lfu\` | 전체 키 중 가장 드물게 쓰인 키부터 삭제 |
| \`volatile-ttl\` | TTL이 있는 키 중 만료가 가장 가까운 키부터 삭제 |
`),
  points: [
    '캐시 키에는 항상 TTL을 둔다.',
    '수정 시에는 캐시를 갱신하지 말고 삭제한다.',
    '락 해제는 토큰을 확인하는 스크립트로 한다.',
    '`maxmemory`와 eviction 정책을 명시적으로 설정한다.',
  ],
  links: [
    ['Redis documentation', 'https://redis.io/docs/latest/'],
    ['Redis SET command', 'https://redis.io/commands/set/'],
  ],
};

const migrations: Topic = {
  id: 'migrations',
  category: 'Databases',
  lang: 'en',
  tags: ['migrations', 'postgresql'],
  posts: [
    [
      'Zero-Downtime Schema Migrations',
      'Deploys that change the schema are the ones that wake people up at night, and almost ' +
        'all the pain comes from code and schema that disagree for a few minutes.',
    ],
    [
      'Expand and Contract: 컬럼 이름 안전하게 바꾸기',
      'Renaming a column in place breaks every running instance of the old code, so I do it ' +
        'in three deploys: add the new column, move reads and writes, then drop the old one.',
    ],
    [
      'Adding a NOT NULL Column to a Big Table',
      'Since PostgreSQL 11, adding a column with a constant default no longer rewrites the ' +
        'table, but making an existing column `NOT NULL` still has to scan every row.',
    ],
    [
      'Migrations as Code',
      'Schema changes belong in version control next to the code that depends on them, ' +
        'applied by the same pipeline in every environment and never typed into a production ' +
        'console.',
    ],
    [
      'Soft Deletes Considered Harmful (Mostly)',
      'A `deleted_at` column looks like a cheap safety net, but every query, unique constraint ' +
        'and foreign key now has to remember that some rows are not really there.',
    ],
    [
      'Choosing Primary Keys: UUIDv7 vs BIGSERIAL',
      'Random UUIDv4 keys scatter inserts across the whole index, while UUIDv7 keeps global ' +
        'uniqueness and adds a time-ordered prefix, which makes B-trees much happier.',
    ],
  ],
  sections: [
    [
      'Two versions at once',
      'During a rolling deploy, old and new versions of the application run side by side ' +
        'against the same database. Every migration must therefore work with *both*: add ' +
        'before you use, stop using before you remove. Destructive changes ship one release ' +
        'after the code that stopped depending on them.',
    ],
    [
      'Locks are the real danger',
      'Most `ALTER TABLE` forms take an `ACCESS EXCLUSIVE` lock. The statement itself might ' +
        'be instant, but if it waits behind a long-running query, every other query queues up ' +
        'behind *it*. Setting `lock_timeout` to a few seconds in migration scripts turns a ' +
        'potential outage into a failed migration that can simply be retried.',
    ],
    [
      'Constraints in two steps',
      'Adding a foreign key or check constraint normally validates every existing row under ' +
        'a lock. In PostgreSQL you can add it as `NOT VALID`, which only checks new writes, and ' +
        'run `VALIDATE CONSTRAINT` later with a weaker lock. A validated ' +
        '`CHECK (col IS NOT NULL)` also lets a following `SET NOT NULL` skip its full scan.',
    ],
    [
      'Keys and time',
      'UUIDv7, standardised in RFC 9562, starts with a 48-bit Unix timestamp in milliseconds, ' +
        'so new keys land at the right edge of the index like a sequence would. ~~UUIDs are ' +
        'always slower than integers.~~ They are twice the size of a `bigint`, but the ' +
        'locality problem, not the size, was what hurt with UUIDv4.',
    ],
  ],
  code: [
    code(
      'sql',
      `
SET lock_timeout = '3s';

-- Release 1: expand (backfill in batches on big tables)
ALTER TABLE users ADD COLUMN display_name text;
UPDATE users SET display_name = name WHERE display_name IS NULL;

-- Release 2: enforce without holding a long lock
ALTER TABLE users ADD CONSTRAINT users_display_name_not_null
  CHECK (display_name IS NOT NULL) NOT VALID;
ALTER TABLE users VALIDATE CONSTRAINT users_display_name_not_null;
ALTER TABLE users ALTER COLUMN display_name SET NOT NULL;

-- Release 3: contract
ALTER TABLE users DROP COLUMN name;
`,
    ),
  ],
  steps: [
    'Add the new column or table, and deploy.',
    'Write to both the old and the new structure; backfill in batches.',
    'Switch reads to the new structure, and deploy.',
    'Stop writing the old structure, and deploy.',
    'Drop the old column in a later release.',
  ],
  links: [
    ['PostgreSQL: ALTER TABLE', 'https://www.postgresql.org/docs/current/sql-altertable.html'],
    ['RFC 9562: Universally Unique IDentifiers', 'https://www.rfc-editor.org/rfc/rfc9562'],
  ],
};

export const DATABASES_PRACTICE: Topic[] = [sqlite, redis, migrations];

// Demo posts about database internals: indexes, transactions and query planning.
import { code, table, type Topic } from './types.js';

const indexing: Topic = {
  id: 'indexing',
  category: 'Databases',
  lang: 'en',
  tags: ['indexing', 'sql'],
  posts: [
    [
      'Understanding B-Trees: 디스크 친화적인 인덱스',
      'A B-tree is a search tree designed around one fact: reading a whole disk page costs ' +
        'about the same as reading one byte of it, so each node should be a page full of keys.',
    ],
    [
      'Composite Indexes and the Leftmost Prefix Rule',
      'An index on `(country, city, created_at)` can serve queries filtering on `country`, or ' +
        'on `country` and `city`, but not on `city` alone, and knowing why makes index design ' +
        'much easier.',
    ],
    [
      'Covering Indexes: Queries That Never Touch the Table',
      'If every column a query needs is already in the index, the database can answer it ' +
        'without touching the table at all, and that is often the cheapest speed-up available.',
    ],
    [
      'B+Tree と LSM-Tree の違い',
      '読み込み中心なら B+Tree、書き込み中心なら LSM-Tree とよく言われますが、' +
        'その理由はデータをディスクに書く方法の違いにあります。',
    ],
    [
      'When an Index Makes Things Slower',
      'Every index speeds up some reads and slows down every write, and past a certain point ' +
        'the planner will ignore it anyway.',
    ],
    [
      'Partial and Expression Indexes in PostgreSQL',
      'PostgreSQL lets you index only the rows you actually query, or the result of an ' +
        'expression like `lower(email)`, and both features are badly underused.',
    ],
  ],
  sections: [
    [
      'Pages, not nodes',
      'A B-tree node is sized to match a page, 8 KB in PostgreSQL and 16 KB in InnoDB, so one ' +
        'node holds hundreds of keys. With that fan-out, a tree three or four levels deep ' +
        'indexes hundreds of millions of rows, and the top levels stay in memory. A lookup ' +
        'therefore costs one or two real page reads.',
    ],
    [
      'B+trees in practice',
      'Most databases use the B+tree variant: internal nodes hold only keys and child ' +
        'pointers, while values or row pointers live in the leaves, which are linked together. ' +
        'A range scan such as `WHERE created_at BETWEEN $1 AND $2` finds the first leaf and ' +
        'then walks sideways.',
    ],
    [
      'Column order',
      'In a composite index, rows are sorted by the first column, then by the second within ' +
        'equal first values, and so on, so a query can use it efficiently only for a ' +
        '*leftmost prefix* of the columns. Put equality-filtered columns first and the range ' +
        'or sort column last: `(tenant_id, created_at)` serves ' +
        '`WHERE tenant_id = $1 ORDER BY created_at DESC` perfectly.',
    ],
    [
      'The write cost',
      'Each index is another tree to update on every `INSERT`, and on every `UPDATE` that ' +
        'touches its columns; it also competes for buffer cache. I review ' +
        '`pg_stat_user_indexes` regularly and drop indexes with `idx_scan = 0`, after checking ' +
        'the replicas too. ~~Index every foreign key by default.~~ Index the foreign keys that ' +
        'are used in joins or cascading deletes.',
    ],
    [
      'LSM-trees in one paragraph',
      'An LSM-tree buffers writes in memory, flushes them as sorted immutable files and merges ' +
        'those files in the background. Writes become sequential and fast, but a read may have ' +
        'to check several files, which Bloom filters help with. RocksDB and Cassandra are ' +
        'built this way.',
    ],
  ],
  code: [
    code(
      'sql',
      `
-- Serves: WHERE tenant_id = $1 ORDER BY created_at DESC LIMIT 20
CREATE INDEX CONCURRENTLY orders_tenant_created_idx
    ON orders (tenant_id, created_at DESC);

-- Case-insensitive lookups without a separate column
CREATE UNIQUE INDEX users_email_lower_idx ON users (lower(email));

-- Only index the rows that are actually queried
CREATE INDEX jobs_pending_idx ON jobs (run_at) WHERE status = 'pending';
`,
    ),
  ],
  table: table(`
| Query | Index on \`(a, b, c)\` used? |
|---|---|
| \`WHERE a = 1\` | yes |
| \`WHERE a = 1 AND b = 2\` | yes |
| \`WHERE a = 1 AND c = 3\` | partly, for \`a\` only |
| \`WHERE b = 2\` | usually not |
| \`WHERE a = 1 ORDER BY b\` | yes, and no sort step |
`),
  points: [
    'Put equality columns first, range or sort columns last.',
    'Check `EXPLAIN` before and after adding an index.',
    'Drop indexes nobody uses; they still cost writes.',
    'Use `CREATE INDEX CONCURRENTLY` on busy tables.',
  ],
  links: [
    ['PostgreSQL: Indexes', 'https://www.postgresql.org/docs/current/indexes.html'],
    ['Use The Index, Luke', 'https://use-the-index-luke.com/'],
  ],
};

const transactions: Topic = {
  id: 'transactions',
  category: 'Databases',
  lang: 'en',
  tags: ['transactions', 'postgresql'],
  posts: [
    [
      'Transaction Isolation Levels, Finally Explained',
      'The SQL standard defines isolation levels by the anomalies they forbid, which is ' +
        'precise but hard to remember; I find it easier to start from the anomalies themselves.',
    ],
    [
      'MVCC: 읽기와 쓰기가 서로를 막지 않는 방법',
      'Multi-version concurrency control keeps old versions of rows around so that readers ' +
        'see a consistent snapshot while writers keep going, and it explains a lot of ' +
        'PostgreSQL behaviour, including `VACUUM`.',
      'mvcc-explained',
    ],
    [
      'Lost Updates and SELECT ... FOR UPDATE',
      'Two requests read a balance, both add to it, both write it back, and one deposit ' +
        'disappears. This is the lost update, and it happens at the default isolation level.',
    ],
    [
      'Deadlocks Are Not Bugs in the Database',
      'When PostgreSQL reports `deadlock detected`, it has already done you a favour by ' +
        'aborting one transaction; the fix is almost always to take locks in a consistent order.',
    ],
    [
      'Serializable 隔离级别真的很慢吗',
      'PostgreSQL 的 Serializable 基于 SSI 实现，不会像两阶段锁那样大量阻塞，' +
        '但应用必须准备好重试失败的事务。',
      'is-serializable-slow',
    ],
    [
      'Optimistic Locking with a Version Column',
      'Adding an integer `version` column and checking it in the `WHERE` clause of every ' +
        'update is the simplest way to detect concurrent edits in a web app.',
    ],
  ],
  sections: [
    [
      'The anomalies',
      'A *dirty read* sees uncommitted data from another transaction. A *non-repeatable read* ' +
        'gets different values when reading the same row twice. A *phantom* appears when a ' +
        'repeated range query returns new rows. *Write skew* happens when two transactions ' +
        'read overlapping data and write different rows, so that together they break an ' +
        'invariant, such as two doctors both going off call.',
    ],
    [
      'Snapshots',
      'Under MVCC each transaction sees a snapshot of the rows committed before it started ' +
        '(at `REPEATABLE READ`) or before each statement (at `READ COMMITTED`). An `UPDATE` ' +
        'writes a new row version instead of overwriting, and `VACUUM` cleans up old versions ' +
        'later. A transaction left open for hours keeps those versions alive, which is why ' +
        'idle sessions make tables bloat.',
    ],
    [
      'Locking explicitly',
      '`SELECT ... FOR UPDATE` locks the selected rows until the transaction ends, so a ' +
        'concurrent transaction that wants to update them waits. It is the right tool for ' +
        'read-modify-write cycles on a few rows. For counters, an atomic ' +
        '`UPDATE accounts SET balance = balance + $1` avoids the read entirely and is better.',
    ],
    [
      'Retrying is part of the design',
      'At `SERIALIZABLE`, PostgreSQL aborts transactions with SQLSTATE `40001` when it cannot ' +
        'guarantee a serial order, and deadlocks abort with `40P01`. Both are safe to retry ' +
        'from the start. I wrap transactional code in a helper that retries these two errors ' +
        'a few times with jitter and lets everything else propagate.',
    ],
  ],
  code: [
    code(
      'sql',
      `
BEGIN;
SELECT balance FROM accounts WHERE id = 42 FOR UPDATE;
-- the application checks the balance here
UPDATE accounts SET balance = balance - 100 WHERE id = 42;
COMMIT;

-- Optimistic alternative: succeed only if nobody else changed the row
UPDATE documents
   SET body = $1, version = version + 1
 WHERE id = $2 AND version = $3;
-- 0 rows updated means a concurrent edit: reload and ask the user
`,
    ),
  ],
  table: table(`
| Level | Dirty read | Non-repeatable read | Phantom | Write skew |
|---|---|---|---|---|
| Read uncommitted | possible | possible | possible | possible |
| Read committed | no | possible | possible | possible |
| Repeatable read | no | no | possible (not in PostgreSQL) | possible |
| Serializable | no | no | no | no |
`),
  points: [
    'Know your default: PostgreSQL uses read committed, MySQL InnoDB repeatable read.',
    'Prefer atomic updates over read-modify-write.',
    'Take locks in a consistent order to avoid deadlocks.',
    'Retry serialization failures and deadlocks, not every error.',
  ],
  links: [
    [
      'PostgreSQL: Transaction Isolation',
      'https://www.postgresql.org/docs/current/transaction-iso.html',
    ],
    ['A Critique of ANSI SQL Isolation Levels', 'https://arxiv.org/abs/cs/0701157'],
  ],
};

const planning: Topic = {
  id: 'postgres-planning',
  category: 'Databases',
  lang: 'en',
  tags: ['postgresql', 'performance'],
  posts: [
    [
      'Reading EXPLAIN ANALYZE Without Panicking',
      'The output of `EXPLAIN ANALYZE` looks like a wall of numbers, but you only need three ' +
        'things from each node: the estimated rows, the actual rows, and where the time went.',
    ],
    [
      'Why PostgreSQL Ignored My Index',
      'The planner skipping an index is usually not a bug: either it estimated that a ' +
        'sequential scan is cheaper, or the query is written in a way the index cannot serve.',
    ],
    [
      'Statistics, ANALYZE and Bad Row Estimates',
      'Almost every terrible plan I have debugged came from a row estimate that was off by a ' +
        'factor of a hundred, and the fix was better statistics, not a query hint.',
    ],
    [
      'N+1 クエリを見つけて潰す',
      'ORM を使っていると、一覧を表示するだけで何百ものクエリが発行されていることがあります。' +
        'ログを眺めるだけで見つかる、典型的なパフォーマンス問題です。',
      'finding-n-plus-one-queries',
    ],
    [
      'Keyset Pagination Instead of OFFSET',
      '`OFFSET 100000` makes the database produce and throw away a hundred thousand rows; ' +
        'keyset pagination jumps straight to the next page using the last row it returned.',
    ],
    [
      'Connection Pooling with PgBouncer',
      'Each PostgreSQL connection is a separate backend process, so a fleet of app servers ' +
        'opening hundreds of connections each exhausts the server long before the CPU is busy.',
    ],
  ],
  sections: [
    [
      'Estimated vs actual',
      "Every plan node shows `rows=` twice: the planner's estimate and, with `ANALYZE`, the " +
        'actual count per loop. When the two differ by orders of magnitude, the planner chose ' +
        'its join strategy for a different query than the one you ran. Look for the *lowest* ' +
        'node where the estimate goes wrong; everything above it inherits the error.',
    ],
    [
      'Sequential scans are not evil',
      'If a query returns a large fraction of a table, reading it sequentially is cheaper than ' +
        'jumping around through an index, and for small tables the planner picks a sequential ' +
        'scan even when an index exists. On SSDs, lowering `random_page_cost` to about 1.1 ' +
        'makes index scans look appropriately cheaper.',
    ],
    [
      'Helping the planner',
      'Run `ANALYZE` after bulk loads, raise the statistics target on skewed columns with ' +
        '`ALTER TABLE ... SET STATISTICS`, and create extended statistics when columns are ' +
        'correlated, like city and postal code. ~~Disable sequential scans in production.~~ ' +
        '`enable_seqscan = off` is a debugging tool, not a fix.',
    ],
    [
      'Paging by key',
      'Keyset pagination remembers the sort key of the last row and asks for the rows after ' +
        'it: `WHERE (created_at, id) < ($1, $2) ORDER BY created_at DESC, id DESC LIMIT 20`. ' +
        'With a matching index every page costs the same, however deep. The trade-off is that ' +
        'you cannot jump to page 500 directly, which users rarely need.',
    ],
    [
      'Pooling',
      'PgBouncer in *transaction* mode lets thousands of client connections share a few dozen ' +
        'server connections, lending one to a client only for the duration of a transaction. ' +
        'Session state such as `SET` outside a transaction, session advisory locks and ' +
        '`LISTEN` does not survive that, so check your driver settings before switching.',
    ],
  ],
  code: [
    code(
      'sql',
      `
EXPLAIN (ANALYZE, BUFFERS)
SELECT o.id, o.total
  FROM orders o
  JOIN customers c ON c.id = o.customer_id
 WHERE c.country = 'KR'
   AND o.created_at >= now() - interval '30 days'
 ORDER BY o.created_at DESC
 LIMIT 50;
`,
    ),
  ],
  points: [
    'Compare estimated and actual rows at every node.',
    'Add `BUFFERS` to see how much was read from disk versus cache.',
    'Fix statistics before reaching for settings or hints.',
    'Use keyset pagination for deep pages.',
  ],
  links: [
    ['PostgreSQL: Using EXPLAIN', 'https://www.postgresql.org/docs/current/using-explain.html'],
    ['PgBouncer features', 'https://www.pgbouncer.org/features.html'],
  ],
};

export const DATABASES_ENGINES: Topic[] = [indexing, transactions, planning];

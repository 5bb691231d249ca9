// Demo posts about backend quality: testing strategy and reliable messaging.
import { code, table, type Topic } from './types.js';

const testing: Topic = {
  id: 'testing',
  category: 'Backend',
  lang: 'en',
  tags: ['testing', 'typescript'],
  posts: [
    [
      'The Test Pyramid Is a Budget, Not a Rule',
      'The test pyramid is usually drawn as a law of nature; I find it more useful as a budget ' +
        'for where to spend test runtime and maintenance effort.',
    ],
    [
      'Property-Based Testing with fast-check',
      'Instead of writing five examples by hand, describe what must hold for *every* input and ' +
        'let the library search for a counterexample; it finds the edge cases I forget.',
    ],
    [
      'How We Killed Our Flaky Tests',
      'Our CI had a retry button that everybody pressed without reading the failure, so the ' +
        'suite had stopped telling us anything. These are the four causes we found.',
    ],
    [
      '테스트 더블: Mock, Stub, Fake의 차이',
      'Mock, stub, fake는 자주 섞여 쓰이지만 목적이 다릅니다. 무엇을 검증하려는지에 따라 ' +
        '알맞은 테스트 더블을 고르면 테스트가 훨씬 덜 깨집니다.',
    ],
    [
      'Testing Against a Real Database with Testcontainers',
      'Mocking the database tests your assumptions about SQL, not the SQL itself; a throwaway ' +
        'PostgreSQL container per test run costs a few seconds and catches real bugs.',
    ],
    [
      'Snapshot Tests: Convenient and Dangerous',
      'スナップショットテストは書くのが一瞬ですが、差分を読まずに更新する習慣がつくと、' +
        '何も守らないテストになってしまいます。',
    ],
    [
      'What Code Coverage Does Not Tell You',
      'A line that ran during a test is not a line that was checked; coverage tells you what ' +
        'is definitely untested and very little about what is well tested.',
    ],
  ],
  sections: [
    [
      'Fast feedback first',
      'Unit tests run in milliseconds and pinpoint failures, so they carry most of the logic ' +
        'checks. Integration tests cost more but verify the seams where bugs live: SQL, ' +
        'serialisation, configuration. A few end-to-end tests confirm that the critical user ' +
        'journeys work at all. When a layer gets slow or flaky, move checks down a level ' +
        'rather than deleting them.',
    ],
    [
      'Properties, not examples',
      'Good properties are often simple: decoding an encoded value gives the original back; ' +
        'sorting twice equals sorting once; a parser never accepts what the grammar forbids. ' +
        'When a property fails, the library *shrinks* the input to a minimal counterexample, ' +
        'which usually makes the bug obvious.',
    ],
    [
      'Sources of flakiness',
      'Our usual suspects were shared state between tests, real time (`Date.now()` near ' +
        'midnight, timeouts that were too tight), ordering assumptions such as `SELECT` without ' +
        '`ORDER BY`, and promises nobody awaited. ~~Retry failed tests automatically.~~ Retries ' +
        'only hide these; we now quarantine a flaky test within a day and fix or delete it ' +
        'within a week.',
    ],
    [
      'Choosing a double',
      'A *stub* returns canned answers so the code under test can run. A *mock* also verifies ' +
        'that certain calls were made, which couples the test to implementation details. A ' +
        '*fake* is a working lightweight implementation, like an in-memory repository. I use ' +
        'fakes for anything stateful and mocks only at the boundary with systems I do not own.',
    ],
    [
      'Coverage as a flashlight',
      'Use coverage reports to find untested branches, especially error handling, not as a ' +
        'target: once a number becomes a goal, people write tests that run code without ' +
        'asserting anything. Mutation testing, which changes the code and checks that some ' +
        'test fails, measures test quality far better, although it is slow.',
    ],
  ],
  code: [
    code(
      'ts',
      `
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, encode } from './codec.js';

describe('codec', () => {
  it('round-trips any string', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        expect(decode(encode(input))).toBe(input);
      }),
    );
  });

  it('only emits URL-safe characters', () => {
    fc.assert(fc.property(fc.string(), (input) => /^[A-Za-z0-9_-]*$/.test(encode(input))));
  });
});
`,
    ),
    code(
      'ts',
      `
import { PostgreSqlContainer, type StartedPostgreSqlContainer } from '@testcontainers/postgresql';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool, migrate } from '../src/db.js';

let container: StartedPostgreSqlContainer;

beforeAll(async () => {
  container = await new PostgreSqlContainer('postgres:16-alpine').start();
  await migrate(container.getConnectionUri());
}, 60_000);

afterAll(async () => {
  await container.stop();
});

it('finds users by email case-insensitively', async () => {
  const db = createPool(container.getConnectionUri());
  await db.query("INSERT INTO users (email) VALUES ('Ana@Example.com')");
  const { rows } = await db.query('SELECT id FROM users WHERE lower(email) = lower($1)', [
    'ana@example.com',
  ]);
  expect(rows).toHaveLength(1);
});
`,
    ),
  ],
  table: table(`
| Double | Returns data | Verifies calls | Real logic |
|---|---|---|---|
| Stub | canned | no | no |
| Mock | optional | yes | no |
| Fake | yes | no | simplified |
| Spy | from the real object | records them | yes |
`),
  points: [
    'Never retry a failing test without reading why it failed.',
    'Control time and randomness in tests.',
    'Give each test its own data.',
    'Prefer fakes over mocks for stateful collaborators.',
    'Treat coverage as a map of what is untested.',
  ],
  links: [
    ['fast-check documentation', 'https://fast-check.dev/'],
    [
      'Martin Fowler: The Practical Test Pyramid',
      'https://martinfowler.com/articles/practical-test-pyramid.html',
    ],
  ],
};

const messaging: Topic = {
  id: 'messaging',
  category: 'Backend',
  lang: 'ko',
  tags: ['messaging', 'kafka'],
  posts: [
    [
      '메시지 큐를 도입하기 전에 생각할 것들',
      '메시지 큐는 서비스 사이의 결합을 느슨하게 해 주지만, 장애 지점과 디버깅 난이도도 ' +
        '함께 늘립니다. 정말 비동기가 필요한지부터 따져 봐야 합니다.',
      'before-adopting-a-message-queue',
    ],
    [
      'Understanding Kafka Partitions and Consumer Groups',
      'Kafka에서 순서가 보장되는 단위는 토픽이 아니라 파티션입니다. ' +
        '이 한 가지만 기억해도 설계 실수의 절반은 피할 수 있습니다.',
      'kafka-partitions-and-consumer-groups',
    ],
    [
      'At-least-once 전달과 멱등한 컨슈머',
      '대부분의 메시지 시스템은 "최소 한 번" 전달을 보장합니다. 같은 메시지가 두 번 올 수 ' +
        '있다는 뜻이고, 컨슈머는 이를 견딜 수 있어야 합니다.',
      'at-least-once-and-idempotent-consumers',
    ],
    [
      'Transactional Outbox 패턴',
      '데이터베이스 저장과 메시지 발행은 하나의 트랜잭션으로 묶을 수 없습니다. ' +
        'Outbox 패턴은 발행할 이벤트를 데이터베이스 트랜잭션 안으로 끌어들여 이 문제를 풉니다.',
    ],
    [
      'Running a Dead Letter Queue in Production',
      '처리에 계속 실패하는 메시지를 무한히 재시도하면 큐 전체가 막힙니다. DLQ로 옮기는 것은 ' +
        '시작일 뿐이고, 그 뒤에 누가 어떻게 볼지가 더 중요합니다.',
    ],
    [
      'Backpressure in Queue Consumers',
      'A consumer that pulls faster than its database can write will eventually fall over; ' +
        'backpressure means letting the slowest component set the pace.',
    ],
  ],
  sections: [
    [
      '순서 보장의 범위',
      'Kafka는 파티션 안에서만 순서를 보장합니다. 같은 주문의 이벤트가 순서대로 처리되어야 ' +
        '한다면 주문 ID를 메시지 키로 써서 같은 파티션으로 보내야 합니다. 컨슈머 그룹 안에서 ' +
        '하나의 파티션은 한 번에 하나의 컨슈머에게만 할당되므로, 파티션 수가 곧 병렬 처리의 ' +
        '상한이 됩니다.',
    ],
    [
      '멱등성 확보하기',
      '같은 메시지를 두 번 처리해도 결과가 같게 만드는 방법은 여러 가지입니다. 처리한 ' +
        '메시지 ID를 저장해 두고 중복을 건너뛰거나, `INSERT ... ON CONFLICT DO NOTHING`처럼 ' +
        '본래 멱등한 연산을 쓰거나, 상태 전이를 조건부 업데이트로 표현합니다. ' +
        '~~exactly-once를 지원하는 브로커를 쓰면 된다~~ 브로커의 exactly-once 기능도 외부 ' +
        '시스템에 대한 부수 효과까지 지켜 주지는 않습니다.',
    ],
    [
      'Outbox 테이블',
      '비즈니스 데이터를 저장하는 바로 그 트랜잭션에서 `outbox` 테이블에 발행할 이벤트를 ' +
        '함께 기록합니다. 별도의 릴레이 프로세스가 이 테이블을 읽어 브로커로 보내고, 성공하면 ' +
        '발행 완료로 표시합니다. 릴레이가 중간에 죽으면 같은 이벤트가 다시 나갈 수 있으니, ' +
        '결국 컨슈머의 멱등성과 짝을 이루는 패턴입니다.',
    ],
    [
      '재시도와 DLQ',
      '네트워크 오류나 타임아웃 같은 일시적인 오류는 지수 백오프로 재시도하고, 데이터 자체가 ' +
        '잘못된 영구적인 오류는 바로 DLQ로 보냅니다. DLQ에 쌓인 메시지 수에는 반드시 알림을 ' +
        '걸고, 원인을 고친 뒤 다시 흘려보낼 수 있는 도구를 미리 만들어 두어야 합니다.',
    ],
  ],
  code: [
    code(
      'sql',
      `
BEGIN;
INSERT INTO orders (id, customer_id, total) VALUES ($1, $2, $3);
INSERT INTO outbox (id, topic, key, payload)
VALUES (gen_random_uuid(), 'order.created', $1, $4);
COMMIT;

-- 릴레이: 아직 발행하지 않은 이벤트를 순서대로 가져온다
SELECT id, topic, key, payload
  FROM outbox
 WHERE published_at IS NULL
 ORDER BY created_at
 LIMIT 100
   FOR UPDATE SKIP LOCKED;
`,
    ),
    code(
      'ts',
      `
export async function handleOrderCreated(db: Db, message: Message): Promise<void> {
  await db.transaction(async (tx) => {
    // 이미 처리한 메시지라면 아무 일도 하지 않는다
    const inserted = await tx.query(
      'INSERT INTO processed_messages (id) VALUES ($1) ON CONFLICT DO NOTHING',
      [message.id],
    );
    if (inserted.rowCount === 0) return;

    const order = JSON.parse(message.value) as OrderCreated;
    await tx.query('UPDATE inventory SET reserved = reserved + $1 WHERE sku = $2', [
      order.quantity,
      order.sku,
    ]);
  });
}
`,
    ),
  ],
  table: table(`
| 전달 보장 | 의미 | 필요한 것 |
|---|---|---|
| At-most-once | 유실될 수 있지만 중복은 없음 | 처리 전에 오프셋 커밋 |
| At-least-once | 유실은 없지만 중복될 수 있음 | 멱등한 컨슈머 |
| Exactly-once | 유실도 중복도 없음 | 브로커와 저장소를 아우르는 트랜잭션 |
`),
  points: [
    '순서가 필요한 이벤트는 같은 키로 보낸다.',
    '컨슈머는 항상 중복을 견디게 만든다.',
    'DB 저장과 발행은 Outbox로 묶는다.',
    'DLQ에는 알림과 재처리 도구를 함께 준비한다.',
  ],
  links: [
    ['Apache Kafka documentation', 'https://kafka.apache.org/documentation/'],
    [
      'microservices.io: Transactional outbox',
      'https://microservices.io/patterns/data/transactional-outbox.html',
    ],
  ],
};

export const BACKEND_QUALITY: Topic[] = [testing, messaging];

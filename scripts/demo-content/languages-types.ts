// Demo posts about programming languages: TypeScript types and error handling.
import { code, table, type Topic } from './types.js';

const typescript: Topic = {
  id: 'typescript',
  category: 'Languages',
  lang: 'en',
  tags: ['typescript', 'types'],
  posts: [
    [
      'TypeScript Narrowing: typeof, in, and Type Predicates',
      'Narrowing is how TypeScript turns a wide type into a specific one inside a branch, and ' +
        'once you see the patterns it recognises, you stop reaching for `as`.',
    ],
    [
      'Discriminated Unions for State Machines',
      'A `status` field with literal types turns a bag of optional properties into a union ' +
        'the compiler can check exhaustively, and impossible states stop being representable.',
    ],
    [
      'satisfies 연산자는 언제 쓰나',
      '`satisfies`는 값이 어떤 타입을 만족하는지 검사하면서도, 추론된 구체적인 타입은 그대로 ' +
        '유지해 줍니다. 설정 객체나 라우트 테이블을 다룰 때 특히 유용합니다.',
      'typescript-satisfies',
    ],
    [
      'Branded Types for IDs',
      'A `UserId` and an `OrderId` are both strings, so TypeScript happily lets you pass one ' +
        'where the other is expected, unless you brand them.',
    ],
    [
      'strict モードで有効になるオプション一覧',
      '`"strict": true` は一つのオプションではなく、複数の厳格なチェックをまとめて有効にする' +
        'スイッチです。新しいプロジェクトでは必ず有効にしています。',
      'typescript-strict-options',
    ],
    [
      'Generics Without Tears',
      'Most generic functions need exactly one type parameter that links an input to an ' +
        'output; when a signature grows a third, it is usually trying to do too much.',
    ],
  ],
  sections: [
    [
      'Control flow narrowing',
      'TypeScript narrows types through `typeof` checks, `instanceof`, the `in` operator, ' +
        'equality with literals and truthiness. When none of these fit, write a *type ' +
        'predicate*, a function returning `value is Foo`. Since TypeScript 5.5, simple ' +
        'predicates such as `(x) => x !== undefined` passed to `filter` are inferred.',
    ],
    [
      'Exhaustiveness',
      'With a discriminated union, a `switch` on the tag narrows each case. Add a `default` ' +
        'branch that assigns the value to a variable of type `never`, and when someone adds a ' +
        'variant the compiler points at every switch that forgot it. ~~Use optional fields for ' +
        'every state.~~ Optional fields allow `loading: true` together with an `error`, which ' +
        'the UI never expects.',
    ],
    [
      'Checking without widening',
      '`const routes = { ... } satisfies Record<string, Route>` checks every entry against ' +
        '`Route` but keeps the inferred type, so `routes.home` is known to exist and the keys ' +
        'autocomplete. An annotation, `const routes: Record<string, Route>`, throws that ' +
        'information away, and `routes.typo` would compile.',
    ],
    [
      'Brands',
      'A branded type intersects a primitive with a unique marker, such as ' +
        "`string & { readonly __brand: 'UserId' }`. Values are created only by a function that " +
        'validates and casts, so the rest of the code cannot mix IDs up by accident. The brand ' +
        'exists only at compile time and costs nothing at runtime.',
    ],
    [
      'What strict turns on',
      '`strict` enables `strictNullChecks`, `noImplicitAny`, `strictFunctionTypes`, ' +
        '`strictBindCallApply`, `strictPropertyInitialization`, `noImplicitThis`, ' +
        '`alwaysStrict` and `useUnknownInCatchVariables`, plus newer checks as they are added. ' +
        'I also turn on `noUncheckedIndexedAccess`, which makes indexing return ' +
        '`T | undefined`: noisy at first, and it catches real bugs.',
    ],
  ],
  code: [
    code(
      'ts',
      `
type RemoteData<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: Error };

function render(state: RemoteData<string[]>): string {
  switch (state.status) {
    case 'idle':
      return 'Nothing yet';
    case 'loading':
      return 'Loading…';
    case 'success':
      return state.data.join(', ');
    case 'error':
      return \`Failed: \${state.error.message}\`;
    default: {
      const unreachable: never = state;
      return unreachable;
    }
  }
}
`,
    ),
    code(
      'ts',
      `
type Brand<T, B extends string> = T & { readonly __brand: B };
export type UserId = Brand<string, 'UserId'>;
export type OrderId = Brand<string, 'OrderId'>;

export function parseUserId(raw: string): UserId {
  if (!/^usr_[a-z0-9]{12}$/.test(raw)) {
    throw new Error(\`invalid user id: \${raw}\`);
  }
  return raw as UserId;
}

declare function cancelOrder(id: OrderId): Promise<void>;
const id = parseUserId('usr_8f2k1m9q0z3x');
// @ts-expect-error a UserId is not an OrderId
await cancelOrder(id);
`,
    ),
  ],
  table: table(`
| Technique | Use it for |
|---|---|
| \`typeof\` and \`instanceof\` | primitives and classes |
| \`in\` operator | objects with different keys |
| discriminant property | unions you control |
| type predicate | anything the compiler cannot see |
| \`satisfies\` | checking a value without widening it |
`),
  points: [
    'Model states as discriminated unions.',
    'Prefer narrowing over `as`.',
    'Brand IDs that are easy to mix up.',
    'Turn on `strict` and `noUncheckedIndexedAccess`.',
  ],
  links: [
    [
      'TypeScript Handbook: Narrowing',
      'https://www.typescriptlang.org/docs/handbook/2/narrowing.html',
    ],
    ['TSConfig reference: strict', 'https://www.typescriptlang.org/tsconfig/#strict'],
  ],
};

const errorHandling: Topic = {
  id: 'error-handling',
  category: 'Languages',
  lang: 'en',
  tags: ['error-handling', 'go'],
  posts: [
    [
      'Errors as Values: Go, Rust and TypeScript Compared',
      'Go returns `error`, Rust returns `Result`, and TypeScript mostly throws; comparing the ' +
        'three taught me more about error handling than any one of them alone.',
    ],
    [
      'Wrapping Errors with Context in Go',
      'An error that says `connection refused` with no hint of which call failed is nearly ' +
        'useless; `fmt.Errorf` with `%w` adds context and keeps the original inspectable.',
    ],
    [
      'A Result Type in TypeScript, Used Sparingly',
      'A `Result` type makes expected failures visible in function signatures, but wrapping ' +
        'every function in it produces code nobody on the team wants to read.',
    ],
    [
      '예외는 언제 던져야 할까',
      '예외는 호출자가 예상하지 못하는 상황을 위한 것입니다. 사용자가 잘못된 값을 입력하는 ' +
        '것처럼 흔한 일은 값으로 표현하는 편이 코드가 명확해집니다.',
      'when-to-throw-exceptions',
    ],
    [
      'Retries, Backoff and Jitter',
      'Retrying immediately in a tight loop turns a brief outage into a thundering herd; ' +
        'exponential backoff with jitter spreads the retries out and lets the service recover.',
    ],
    [
      'エラーメッセージの書き方',
      '良いエラーメッセージは、何が起きたか、なぜ起きたか、次に何をすればよいかを伝えます。' +
        'ログを読む未来の自分も、ユーザーの一人です。',
      'writing-error-messages',
    ],
  ],
  sections: [
    [
      'Expected and unexpected',
      'I split failures into two kinds. *Expected* failures, such as invalid input, a missing ' +
        'record or a declined payment, are part of the domain and should be values the caller ' +
        'must handle. *Unexpected* failures, such as a broken invariant or an unreachable ' +
        'database, can propagate to a boundary that logs them and returns a generic error.',
    ],
    [
      'Context, not noise',
      'Wrap an error when it crosses a layer, adding what that layer was trying to do: ' +
        '`fmt.Errorf("load invoice %d: %w", id, err)`. The final message reads like a path, ' +
        '`render report: load invoice 42: connection refused`, and callers can still use ' +
        '`errors.Is` and `errors.As` on the wrapped chain.',
    ],
    [
      'Retrying well',
      'Retry only idempotent operations, and only errors that are likely to be transient: ' +
        'timeouts, `503`, connection resets. Use exponential backoff with full jitter (a ' +
        'random delay between zero and the current cap) and a maximum number of attempts. ' +
        '~~Retry everything three times.~~ Retrying a `400` just sends the same bad request ' +
        'again.',
    ],
    [
      'Messages for humans',
      'A good message names the operation, the input that mattered and, when possible, the ' +
        'fix: `config /etc/app.yaml: line 12: unknown key "timout" (did you mean "timeout"?)`. ' +
        'Avoid apologising and avoid blaming; state the facts.',
    ],
  ],
  code: [
    code(
      'go',
      `
var ErrNotFound = errors.New("not found")

func (s *Store) Invoice(ctx context.Context, id int64) (*Invoice, error) {
	var inv Invoice
	err := s.db.QueryRowContext(ctx, "SELECT id, total FROM invoices WHERE id = $1", id).
		Scan(&inv.ID, &inv.Total)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("invoice %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("load invoice %d: %w", id, err)
	}
	return &inv, nil
}
`,
    ),
    code(
      'ts',
      `
type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export function parseAge(input: string): Result<number, 'not-a-number' | 'out-of-range'> {
  const age = Number(input);
  if (!Number.isInteger(age)) return { ok: false, error: 'not-a-number' };
  if (age < 0 || age > 150) return { ok: false, error: 'out-of-range' };
  return { ok: true, value: age };
}

export async function withRetry<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      if (attempt + 1 >= attempts || !isTransient(error)) throw error;
      const cap = Math.min(10_000, 100 * 2 ** attempt);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * cap)); // full jitter
    }
  }
}
`,
    ),
  ],
  table: table(`
| Language | Expected failures | Unexpected failures |
|---|---|---|
| Go | \`error\` return value | \`panic\`, rarely |
| Rust | \`Result<T, E>\` | \`panic!\` |
| TypeScript | unions or a \`Result\` type | \`throw\` |
| Java | checked exceptions | unchecked exceptions |
`),
  points: [
    'Model expected failures as values.',
    'Add context when an error crosses a layer.',
    'Retry only transient errors, with backoff and jitter.',
    'Write error messages that suggest the next step.',
  ],
  links: [
    ['Go blog: Working with Errors in Go 1.13', 'https://go.dev/blog/go1.13-errors'],
    [
      'AWS Architecture Blog: Exponential Backoff and Jitter',
      'https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/',
    ],
  ],
};

export const LANGUAGES_TYPES: Topic[] = [typescript, errorHandling];

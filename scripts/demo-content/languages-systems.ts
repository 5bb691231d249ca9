// Demo posts about systems languages: Rust ownership, async Rust and Go concurrency.
import { code, table, type Topic } from './types.js';

const rustOwnership: Topic = {
  id: 'rust-ownership',
  category: 'Languages',
  lang: 'ko',
  tags: ['rust', 'ownership'],
  posts: [
    [
      'Rust lifetimes 정리',
      '라이프타임은 값이 얼마나 오래 사는지를 정하는 것이 아니라, 참조들 사이의 관계를 ' +
        '컴파일러에게 알려 주는 표기입니다. 이 관점이 잡히면 에러 메시지가 훨씬 덜 무섭습니다.',
    ],
    [
      '소유권과 이동(move) 이해하기',
      'Rust에서 값에는 언제나 하나의 소유자가 있고, 소유자가 스코프를 벗어나면 값이 ' +
        '해제됩니다. 대입이나 함수 호출은 기본적으로 소유권을 옮깁니다.',
      'rust-ownership-and-moves',
    ],
    [
      '빌림 검사기와 싸우지 않는 법',
      '빌림 검사기와 싸우고 있다는 느낌이 든다면, 대개 데이터 구조가 소유 관계를 제대로 ' +
        '표현하지 못하고 있다는 신호입니다.',
      'not-fighting-the-borrow-checker',
    ],
    [
      'String vs &str: Which One to Accept',
      '함수가 문자열을 읽기만 한다면 `&str`을 받고, 저장해야 한다면 `String`을 받는 것이 ' +
        '기본 원칙입니다.',
    ],
    [
      'Rc, RefCell, Arc and Mutex at a Glance',
      '공유 소유권과 내부 가변성이 필요할 때 쓰는 스마트 포인터들은 이름이 비슷해 ' +
        '헷갈립니다. 스레드를 넘나드는지 여부로 나누면 정리가 쉽습니다.',
    ],
    [
      'Clone Is Not a Crime',
      'New Rust programmers are often told to avoid `.clone()`, but cloning a small value to ' +
        'keep the code simple is frequently the right trade-off.',
    ],
  ],
  sections: [
    [
      '세 가지 규칙',
      'Rust의 소유권 규칙은 간단합니다. 모든 값에는 소유자가 하나 있고, 소유자가 스코프를 ' +
        '벗어나면 값은 해제되며, 어느 시점에든 가변 참조 하나 또는 불변 참조 여러 개만 존재할 ' +
        '수 있습니다. 가비지 컬렉터 없이 메모리 안전성을 보장하는 비결이 바로 이 규칙들입니다.',
    ],
    [
      '라이프타임 생략 규칙',
      '대부분의 함수에서는 라이프타임을 쓰지 않아도 됩니다. 입력 참조가 하나면 출력 참조는 ' +
        '그것과 같은 라이프타임을 갖고, `&self` 메서드라면 출력은 `self`의 라이프타임을 ' +
        "따릅니다. 입력 참조가 여럿이고 어느 쪽에서 빌린 결과인지 모호할 때만 `'a` 같은 " +
        '표기가 필요합니다.',
    ],
    [
      '구조로 해결하기',
      '자기 자신을 참조하는 구조체나 서로를 가리키는 그래프는 참조로 표현하기 어렵습니다. ' +
        '이럴 때는 노드를 `Vec`에 넣고 인덱스로 가리키는 아레나 방식이 간단하고 빠릅니다. ' +
        '~~`unsafe`로 빌림 검사기를 끄면 된다~~ `unsafe`는 검사를 끄는 것이 아니라 책임을 ' +
        '프로그래머에게 넘기는 것입니다.',
    ],
    [
      '스마트 포인터 고르기',
      '단일 스레드에서 여러 소유자가 필요하면 `Rc<T>`, 여기에 변경까지 필요하면 ' +
        '`Rc<RefCell<T>>`를 씁니다. 스레드 간에 공유하려면 `Arc<T>`, 변경이 필요하면 ' +
        '`Arc<Mutex<T>>`입니다. `RefCell`은 빌림 규칙을 런타임에 검사하므로, 규칙을 어기면 ' +
        '컴파일 에러 대신 패닉이 납니다.',
    ],
  ],
  code: [
    code(
      'rust',
      `
// 반환값은 x와 y 중 더 짧게 사는 쪽만큼만 유효합니다.
fn longest<'a>(x: &'a str, y: &'a str) -> &'a str {
    if x.len() >= y.len() { x } else { y }
}

fn main() {
    let title = String::from("Rust lifetimes");
    let winner;
    {
        let subtitle = String::from("정리");
        winner = longest(&title, &subtitle);
        println!("{winner}");
    }
    // 이 블록 밖에서 winner를 쓰면 subtitle이 이미 해제되었으므로 컴파일 에러입니다.
}
`,
    ),
    code(
      'rust',
      `
use std::sync::{Arc, Mutex};
use std::thread;

fn main() {
    let counter = Arc::new(Mutex::new(0));
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let counter = Arc::clone(&counter);
            thread::spawn(move || {
                for _ in 0..1000 {
                    *counter.lock().unwrap() += 1;
                }
            })
        })
        .collect();
    for handle in handles {
        handle.join().unwrap();
    }
    println!("{}", *counter.lock().unwrap()); // 4000
}
`,
    ),
  ],
  table: table(`
| 타입 | 여러 소유자 | 스레드 간 공유 | 내부 가변성 |
|---|---|---|---|
| \`Box<T>\` | 아니요 | T에 따라 | 아니요 |
| \`Rc<T>\` | 예 | 아니요 | 아니요 |
| \`RefCell<T>\` | 아니요 | 아니요 | 예 (런타임 검사) |
| \`Arc<T>\` | 예 | 예 | 아니요 |
| \`Mutex<T>\` | 아니요 | 예 | 예 (락) |
`),
  points: [
    '읽기만 하면 `&str`, 저장하면 `String`을 받는다.',
    '라이프타임은 참조 사이의 관계를 표현하는 표기라고 생각한다.',
    '복잡한 참조 구조는 인덱스로 바꾼다.',
    '작은 값의 `clone()`을 두려워하지 않는다.',
  ],
  links: [
    [
      'The Rust Book: Understanding Ownership',
      'https://doc.rust-lang.org/book/ch04-00-understanding-ownership.html',
    ],
    [
      'The Rust Book: Validating References with Lifetimes',
      'https://doc.rust-lang.org/book/ch10-03-lifetime-syntax.html',
    ],
  ],
};

const rustAsync: Topic = {
  id: 'rust-async',
  category: 'Languages',
  lang: 'en',
  tags: ['rust', 'async'],
  posts: [
    [
      'Async Rust with Tokio: A Mental Model',
      'An async function in Rust compiles to a state machine that does nothing until polled, ' +
        'and Tokio is the runtime that polls thousands of them on a handful of threads.',
    ],
    [
      'Traits vs Generics vs dyn Trait',
      'Rust gives you two kinds of polymorphism, generics resolved at compile time and trait ' +
        'objects resolved at runtime, and choosing trades binary size, speed and flexibility.',
    ],
    [
      'Error Handling in Rust: thiserror and anyhow',
      'ライブラリでは `thiserror` で具体的なエラー型を定義し、アプリケーションでは `anyhow` で' +
        'まとめて扱う。この使い分けが Rust コミュニティの定番です。',
    ],
    [
      "Don't Block the Executor",
      'Calling a blocking function inside an async task stalls every other task scheduled on ' +
        'that worker thread, and the symptoms look like random latency spikes.',
    ],
    [
      'Iterators in Rust Are Zero-Cost (Mostly)',
      'Chains of `map`, `filter` and `sum` usually compile to the same machine code as a ' +
        'hand-written loop, which is what zero-cost abstraction means in practice.',
    ],
    [
      'Rust 的 trait 对象与动态分发',
      '`dyn Trait` 通过虚表在运行时调用方法，让不同类型可以放进同一个集合，' +
        '代价是无法内联，并且多了一次间接调用。',
      'rust-trait-objects-dynamic-dispatch',
    ],
  ],
  sections: [
    [
      'Futures are lazy',
      'Calling an `async fn` returns a future and runs none of its body. The runtime polls the ' +
        'future; when it reaches an `.await` on something that is not ready, it returns ' +
        '`Pending`, registers a waker, and the runtime moves on to other work. That is why a ' +
        'future you forget to `.await` silently does nothing.',
    ],
    [
      'Blocking inside async',
      "Tokio's worker threads expect tasks to yield often. CPU-heavy work or a blocking call " +
        'such as `std::fs::read` holds the thread and starves other tasks. Move such work to ' +
        '`tokio::task::spawn_blocking`, or use async equivalents like `tokio::fs`. ~~Just add ' +
        'more worker threads.~~ More threads only delay the problem.',
    ],
    [
      'Static vs dynamic dispatch',
      'A generic `fn area<T: Shape>(s: &T)` is monomorphised: the compiler generates a copy ' +
        'per concrete type, which enables inlining but grows the binary. ' +
        '`fn area(s: &dyn Shape)` compiles once and dispatches through a vtable. I default to ' +
        'generics and use `dyn` for heterogeneous collections and plugin boundaries.',
    ],
    [
      'Two crates for errors',
      '`thiserror` derives `Error` and `Display` for your own enum, which is what library ' +
        'users want to match on. `anyhow::Result` erases the type and lets you attach context ' +
        'with `.context("reading config")`, which is what an application wants. The `?` ' +
        'operator converts between them through `From`.',
    ],
  ],
  code: [
    code(
      'rust',
      `
use std::time::Duration;
use tokio::time::sleep;

async fn fetch(id: u64) -> String {
    sleep(Duration::from_millis(100 * id)).await; // stands in for network I/O
    format!("item {id}")
}

#[tokio::main]
async fn main() {
    let handles: Vec<_> = (1..=3).map(|id| tokio::spawn(fetch(id))).collect();
    for handle in handles {
        println!("{}", handle.await.unwrap());
    }
    // The three fetches overlap, so this takes about 300 ms rather than 600 ms.
}
`,
    ),
    code(
      'rust',
      `
use anyhow::Context;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum ConfigError {
    #[error("invalid port {0}")]
    InvalidPort(u32),
}

fn parse_port(raw: u32) -> Result<u16, ConfigError> {
    u16::try_from(raw).map_err(|_| ConfigError::InvalidPort(raw))
}

fn main() -> anyhow::Result<()> {
    let text = std::fs::read_to_string("port.txt").context("reading port.txt")?;
    let port = parse_port(text.trim().parse()?).context("parsing port")?;
    println!("listening on {port}");
    Ok(())
}
`,
    ),
  ],
  table: table(`
| | Generics (\`impl Trait\`) | Trait objects (\`dyn Trait\`) |
|---|---|---|
| Dispatch | static, inlinable | dynamic, through a vtable |
| Binary size | grows with each type | one copy |
| Mixed types in one \`Vec\` | no | yes |
| Requires dyn compatibility | no | yes |
`),
  points: [
    'Never block inside an async task; use `spawn_blocking`.',
    'Default to generics; use `dyn` for heterogeneous collections.',
    'Use `thiserror` in libraries and `anyhow` in applications.',
    'Trust iterators, then check with a profiler.',
  ],
  links: [
    ['Tokio tutorial', 'https://tokio.rs/tokio/tutorial'],
    ['Asynchronous Programming in Rust', 'https://rust-lang.github.io/async-book/'],
  ],
};

const goConcurrency: Topic = {
  id: 'go-concurrency',
  category: 'Languages',
  lang: 'en',
  tags: ['go', 'concurrency'],
  posts: [
    [
      'Goroutines, Channels and the Go Memory Model',
      'Goroutines are cheap enough to start by the thousand, but cheap is not free: every ' +
        'goroutine you start needs a clear way to stop.',
    ],
    [
      'Worker Pools in Go with errgroup',
      '`errgroup` turns the usual WaitGroup, error channel and cancellation boilerplate into a ' +
        'few lines, and `SetLimit` makes it a worker pool.',
    ],
    [
      'Go 的 select 与超时控制',
      '`select` 可以同时等待多个通道操作，配合 `context` 或 `time.After`，' +
        '就能为任何阻塞操作加上超时和取消。',
      'go-select-and-timeouts',
    ],
    [
      'Goroutine Leaks and How to Find Them',
      'A goroutine blocked forever on a channel nobody will ever write to is a memory leak ' +
        'that no garbage collector can fix.',
    ],
    [
      'Mutex or Channel? How I Choose',
      'Channels are for passing ownership of data and coordinating work; a mutex protects ' +
        'shared state. Both are idiomatic Go, and the wrong one makes code harder to follow.',
    ],
    [
      'Data Races and the -race Flag',
      "Go's race detector finds unsynchronised access to shared memory at runtime, and running " +
        'the tests with `-race` in CI has caught bugs that no review would have.',
    ],
  ],
  sections: [
    [
      'Every goroutine needs an exit',
      'Before writing `go f()`, decide how `f` will end: when its input channel is closed, ' +
        'when a context is cancelled, or when its work is done. A goroutine blocked on a send ' +
        'that nobody receives stays in memory forever; a goroutine profile taken over time ' +
        'reveals such leaks, and `goleak` can check for them in tests.',
    ],
    [
      'Bounded concurrency',
      'One goroutine per item is fine for ten items and a problem for a million, especially ' +
        'when each opens a connection. Limit concurrency with a semaphore channel, a fixed ' +
        'pool of workers reading from a jobs channel, or `errgroup.Group.SetLimit`, which also ' +
        'cancels the shared context on the first error.',
    ],
    [
      'Choosing the primitive',
      'Use a channel when one goroutine hands data or a signal to another, and a `sync.Mutex` ' +
        'when several goroutines read and update the same struct. ~~Channels are always more ' +
        'idiomatic.~~ A map guarded by a mutex is often clearer than a goroutine that owns the ' +
        'map and serves requests over channels.',
    ],
    [
      'The race detector',
      'Build or test with `-race` and the runtime instruments memory accesses, reporting any ' +
        'pair not ordered by synchronisation. It only finds races that actually happen during ' +
        'the run, so it needs tests that exercise concurrent paths, and the instrumented ' +
        'program uses several times more memory and CPU.',
    ],
  ],
  code: [
    code(
      'go',
      `
func fetchAll(ctx context.Context, urls []string) ([]int, error) {
	sizes := make([]int, len(urls))
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(8) // at most 8 requests in flight

	for i, url := range urls {
		g.Go(func() error {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
			if err != nil {
				return err
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return fmt.Errorf("get %s: %w", url, err)
			}
			defer resp.Body.Close()
			n, err := io.Copy(io.Discard, resp.Body)
			sizes[i] = int(n) // each goroutine writes its own index, so no lock is needed
			return err
		})
	}
	return sizes, g.Wait()
}
`,
    ),
    code(
      'go',
      `
func firstResult(ctx context.Context, replicas []string, query string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel() // also stops the slower replicas

	results := make(chan string, len(replicas)) // buffered so late senders never block
	for _, r := range replicas {
		go func() { results <- search(ctx, r, query) }()
	}
	select {
	case res := <-results:
		return res, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}
`,
    ),
  ],
  table: table(`
| Problem | Tool |
|---|---|
| Hand work to another goroutine | channel |
| Protect a shared map or struct | \`sync.Mutex\` or \`sync.RWMutex\` |
| Wait for N goroutines | \`sync.WaitGroup\` |
| Wait, limit, and cancel on the first error | \`errgroup\` |
| Initialise something exactly once | \`sync.Once\` |
| Timeouts and cancellation | \`context\` with \`select\` |
`),
  points: [
    'Decide how each goroutine exits before starting it.',
    'Bound concurrency when the input is unbounded.',
    'Buffer channels that late senders write to.',
    'Run the tests with `-race` in CI.',
  ],
  links: [
    ['The Go Memory Model', 'https://go.dev/ref/mem'],
    ['errgroup package', 'https://pkg.go.dev/golang.org/x/sync/errgroup'],
  ],
};

export const LANGUAGES_SYSTEMS: Topic[] = [rustOwnership, rustAsync, goConcurrency];

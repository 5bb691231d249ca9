// Demo posts about backend services: HTTP API design and Go servers.
import { code, table, type Topic } from './types.js';

const apiDesign: Topic = {
  id: 'api-design',
  category: 'Backend',
  lang: 'en',
  tags: ['api-design', 'http'],
  posts: [
    [
      'REST API Design Rules I Actually Follow',
      'Most API style guides are long lists of opinions; these are the handful of rules that ' +
        'have saved me from breaking changes and confused clients.',
    ],
    [
      'Idempotency Keys for Safe Retries',
      'Networks fail after the server has done the work but before the client hears back, so ' +
        'any endpoint that creates or charges something needs a way to be retried safely.',
    ],
    [
      'Pagination: Offset, Cursor and Page Token',
      'Offset pagination is easy to build and easy to break: insert a row while someone is ' +
        'paging, and they either see an item twice or miss one.',
    ],
    [
      'Error Responses with RFC 9457 Problem Details',
      'Instead of inventing yet another error envelope, return `application/problem+json`: ' +
        'RFC 9457 gives you `type`, `title`, `status` and `detail`, plus room for your own fields.',
    ],
    [
      'API のバージョニング戦略',
      'URL にバージョンを入れるか、ヘッダーで指定するか。どちらを選ぶにせよ、' +
        '一番大事なのは破壊的変更をできるだけ出さないことです。',
      'api-versioning-strategy',
    ],
    [
      'HTTP Caching Headers for APIs',
      '`Cache-Control`, `ETag` and `If-None-Match` are as useful for JSON APIs as for static ' +
        'files, and conditional requests save a lot of bandwidth for polling clients.',
    ],
  ],
  sections: [
    [
      'Nouns, verbs and status codes',
      'Resources are nouns (`/orders/123`), HTTP methods are the verbs, and status codes carry ' +
        'the outcome: `201` with a `Location` header for creation, `204` for success without a ' +
        'body, `409` for a conflict with the current state, `422` for a well-formed but invalid ' +
        'request. A client should be able to act on the status code alone and read the body ' +
        'for details.',
    ],
    [
      'Idempotency',
      '`GET`, `PUT` and `DELETE` are idempotent by definition; `POST` is not. For `POST` ' +
        'endpoints with side effects, accept an `Idempotency-Key` header, store the key with ' +
        'the response, and replay the stored response when the key arrives again. Keys need an ' +
        'expiry, and a reused key with a different body should be rejected, not replayed.',
    ],
    [
      'Cursors',
      'A cursor encodes the position of the last item returned, typically its sort key and id. ' +
        'The next request continues strictly after that position, so inserts and deletes ' +
        'elsewhere do not shift the pages. Keep the cursor opaque, for example base64 of a ' +
        'small JSON object, so you can change its contents later without breaking clients.',
    ],
    [
      'Evolving without versions',
      'Adding optional request fields and new response fields is backward compatible, as long ' +
        'as clients ignore unknown fields. Removing or renaming fields, changing types and ' +
        'tightening validation are breaking. ~~Bump the version for every change.~~ I keep one ' +
        'version as long as possible and announce removals with a `Deprecation` header first.',
    ],
    [
      'Conditional requests',
      'Return an `ETag` with each representation; when the client sends it back in ' +
        '`If-None-Match` and nothing changed, answer `304 Not Modified` without a body. For ' +
        'updates, `If-Match` gives you optimistic concurrency over HTTP: the server answers ' +
        '`412 Precondition Failed` if someone else changed the resource first.',
    ],
  ],
  code: [
    code(
      'ts',
      `
import type { NextFunction, Request, Response } from 'express';

const TTL_SECONDS = 24 * 60 * 60;

// A production version also locks the key while the first request is still running.
export function idempotent(store: KeyValueStore) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = req.header('Idempotency-Key');
    if (!key) return next();

    const saved = await store.get(\`idem:\${key}\`);
    if (saved) {
      const { status, body } = JSON.parse(saved);
      return res.status(status).json(body);
    }

    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const record = JSON.stringify({ status: res.statusCode, body });
      void store.set(\`idem:\${key}\`, record, TTL_SECONDS);
      return json(body);
    };
    next();
  };
}
`,
    ),
    code(
      'http',
      `
HTTP/1.1 422 Unprocessable Content
Content-Type: application/problem+json

{
  "type": "https://api.example.com/problems/invalid-quantity",
  "title": "Quantity must be positive",
  "status": 422,
  "detail": "Line 2 has quantity 0.",
  "instance": "/orders/8412"
}
`,
    ),
  ],
  table: table(`
| Situation | Status |
|---|---|
| Created a resource | \`201 Created\` with \`Location\` |
| Accepted for asynchronous processing | \`202 Accepted\` |
| Success, nothing to return | \`204 No Content\` |
| Validation failed | \`422 Unprocessable Content\` |
| Conflict with the current state | \`409 Conflict\` |
| Rate limited | \`429 Too Many Requests\` with \`Retry-After\` |
`),
  points: [
    'Let status codes carry the outcome.',
    'Make every side-effecting `POST` retryable with an idempotency key.',
    'Use opaque cursors for pagination.',
    'Never remove a field without a deprecation period.',
  ],
  links: [
    ['RFC 9110: HTTP Semantics', 'https://www.rfc-editor.org/rfc/rfc9110'],
    ['RFC 9457: Problem Details for HTTP APIs', 'https://www.rfc-editor.org/rfc/rfc9457'],
  ],
};

const goServices: Topic = {
  id: 'go-services',
  category: 'Backend',
  lang: 'en',
  tags: ['go', 'http'],
  posts: [
    [
      'Graceful Shutdown for Go HTTP Servers',
      'When Kubernetes sends `SIGTERM`, a Go server should stop accepting new connections, ' +
        'finish the requests in flight, and exit before the grace period runs out.',
    ],
    [
      'context.Context の正しい使い方',
      '`context.Context` はキャンセルとタイムアウトを伝えるための仕組みです。' +
        '値の受け渡しに使いすぎると、関数の依存関係が見えなくなります。',
      'go-context-usage',
    ],
    [
      'Structured Logging with log/slog',
      'Since Go 1.21 the standard library ships `log/slog`, and for most services it removes ' +
        'the need for a third-party logging package.',
    ],
    [
      'Timeouts Everywhere: Go net/http Edition',
      'The zero values of `http.Server` and `http.Client` have no timeouts at all, which is ' +
        'fine for a demo and a slow-motion outage in production.',
    ],
    [
      'Go 1.22 路由增强：告别第三方 Router？',
      'Go 1.22 起，标准库的 `http.ServeMux` 支持在模式里写 HTTP 方法和路径参数，' +
        '很多小服务已经不再需要第三方路由库。',
    ],
    [
      'Table-Driven Tests for Go Handlers with httptest',
      '`net/http/httptest` lets you test handlers without opening a port, and table-driven ' +
        'tests keep dozens of cases readable.',
    ],
  ],
  sections: [
    [
      'Shutting down in order',
      '`http.Server.Shutdown` closes the listeners and waits for active connections to become ' +
        'idle. Call it with a context whose deadline is shorter than the grace period, and only ' +
        'then close the database pool and other resources the handlers use. In Kubernetes, ' +
        'fail the readiness probe first so the load balancer stops sending new traffic.',
    ],
    [
      'Context rules',
      'Pass `ctx` as the first parameter, never store it in a struct, and derive a child with ' +
        '`context.WithTimeout` when you call something slow; always `defer cancel()`. Context ' +
        'values are for request-scoped data such as a trace id. ~~Put the database handle in ' +
        'the context.~~ Dependencies belong in struct fields, where the compiler can see them.',
    ],
    [
      'Timeouts',
      'For servers, set `ReadHeaderTimeout` at the very least, plus `ReadTimeout`, ' +
        '`WriteTimeout` and `IdleTimeout` as appropriate. For clients, set `http.Client.Timeout` ' +
        "or, better, a deadline on each request's context. Without them a slow or malicious " +
        'peer can hold goroutines and file descriptors indefinitely.',
    ],
    [
      'Routing in the standard library',
      'Since Go 1.22 a pattern can include a method and wildcards: ' +
        '`mux.HandleFunc("GET /posts/{id}", h)`, and then `r.PathValue("id")` inside the ' +
        'handler. The most specific pattern wins, and a request to a known path with the wrong ' +
        'method gets a `405` automatically.',
    ],
    [
      'Structured logs',
      '`slog` writes key-value pairs through a text or JSON handler. Create the logger once ' +
        'with `slog.New(slog.NewJSONHandler(os.Stdout, nil))`, attach request fields with ' +
        '`logger.With("request_id", id)`, and keep the message constant with the variable ' +
        'parts in attributes, so logs can be grouped and searched.',
    ],
  ],
  code: [
    code(
      'go',
      `
func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})

	srv := &http.Server{
		Addr:              ":8080",
		Handler:           mux,
		ReadHeaderTimeout: 5 * time.Second,
		IdleTimeout:       60 * time.Second,
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	go func() {
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			slog.Error("server failed", "err", err)
			os.Exit(1)
		}
	}()

	<-ctx.Done()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		slog.Error("shutdown incomplete", "err", err)
	}
}
`,
    ),
    code(
      'go',
      `
func TestGetPost(t *testing.T) {
	tests := []struct {
		name       string
		path       string
		wantStatus int
	}{
		{"existing post", "/posts/1", http.StatusOK},
		{"missing post", "/posts/999", http.StatusNotFound},
		{"bad id", "/posts/abc", http.StatusBadRequest},
	}
	srv := newServer(fakeStore{1: {ID: 1, Title: "Hello"}})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.path, nil))
			if rec.Code != tt.wantStatus {
				t.Errorf("status = %d, want %d", rec.Code, tt.wantStatus)
			}
		})
	}
}
`,
    ),
  ],
  points: [
    'Set `ReadHeaderTimeout` on every server.',
    'Give every outgoing call a deadline.',
    'Shut down the HTTP server before closing the resources it uses.',
    'Log with `slog`, constant messages and attributes.',
  ],
  links: [
    ['Go blog: Contexts and structs', 'https://go.dev/blog/context-and-structs'],
    ['Go blog: Routing enhancements for Go 1.22', 'https://go.dev/blog/routing-enhancements'],
  ],
};

export const BACKEND_SERVICES: Topic[] = [apiDesign, goServices];

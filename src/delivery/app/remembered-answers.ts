// Deliver: remembered answers — the whole answer to a plain GET or HEAD of a document's own URL,
// headers included, per encoding, so that a page asked for again costs two lookups: the same
// work as a server replaying fixed bytes.
import type { AppRequest, AppResponse, BufferedResponse } from './http.js';
import { encodingFor, type Encoding } from './negotiate.js';
import type { Resource } from './resource.js';

interface Answers {
  readonly get: Partial<Record<Encoding, BufferedResponse>>;
  readonly head: Partial<Record<Encoding, BufferedResponse>>;
}

/**
 * Answers by request target. Only a document's own path is a key — never a query, another
 * spelling or a path that is not found — so the site bounds how many there are.
 */
export class RememberedAnswers {
  readonly #answers = new Map<string, Answers>();

  /** The answer remembered for `request`, or undefined when it takes more than a lookup. */
  lookup(request: AppRequest): BufferedResponse | undefined {
    if (request.headers['if-none-match'] !== undefined) return undefined;
    const answers = this.#answers.get(request.url);
    if (!answers) return undefined;
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (request.method === 'GET') return answers.get[encoding];
    return request.method === 'HEAD' ? answers.head[encoding] : undefined;
  }

  /**
   * Remembers `answer`, given to a plain GET of a document at its own path, and the HEAD answer
   * beside it; each encoding's answer is remembered the first time a client asks for it.
   */
  remember(request: AppRequest, resource: Resource, answer: AppResponse): void {
    const { method, url, headers } = request;
    if (method !== 'GET' || headers['if-none-match'] !== undefined) return;
    if (resource.kind !== 'document' || resource.path !== url) return;
    if (answer.status !== 200 || !Buffer.isBuffer(answer.body)) return;
    let answers = this.#answers.get(url);
    if (!answers) {
      answers = { get: {}, head: {} };
      this.#answers.set(url, answers);
    }
    const encoding = encodingFor(headers['accept-encoding']);
    answers.get[encoding] = { status: answer.status, headers: answer.headers, body: answer.body };
    answers.head[encoding] = { status: answer.status, headers: answer.headers };
  }

  /** Takes the answers `from` remembered for `url`. */
  carryOver(from: RememberedAnswers, url: string): void {
    const answers = from.#answers.get(url);
    if (answers) this.#answers.set(url, answers);
  }

  clear(): void {
    this.#answers.clear();
  }

  /** How many targets have answers remembered. */
  get size(): number {
    return this.#answers.size;
  }
}

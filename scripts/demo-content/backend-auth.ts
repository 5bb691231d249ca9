// Demo posts about authentication and authorization in web backends.
import { code, table, type Topic } from './types.js';

const auth: Topic = {
  id: 'auth',
  category: 'Backend',
  lang: 'ja',
  tags: ['security', 'authentication'],
  posts: [
    [
      'セッションと JWT、どちらを使うべきか',
      'JWT は「ステートレスだから速い」と紹介されがちですが、ログアウトや権限の即時反映を' +
        '考えると、サーバー側セッションのほうが単純なことも多いです。',
      'sessions-vs-jwt',
    ],
    [
      'パスワードの保存方法: bcrypt から Argon2id へ',
      'パスワードは暗号化ではなく、遅いハッシュ関数でハッシュ化して保存します。' +
        '新しいシステムなら Argon2id が第一候補です。',
      'password-hashing-argon2id',
    ],
    [
      'OAuth 2.0 vs OpenID Connect',
      'OAuth 2.0 は「認可」のための仕組みで、ユーザーが誰かを伝えるものではありません。' +
        'ログインに使うなら、その上に乗った OpenID Connect を使います。',
    ],
    [
      'PKCE を使った認可コードフロー',
      'SPA やモバイルアプリのようにクライアントシークレットを安全に保管できないクライアント' +
        'では、PKCE 付きの認可コードフローを使うのが現在の推奨です。',
      'oauth-pkce-authorization-code-flow',
    ],
    [
      'SameSite Cookies and CSRF Protection',
      'Chrome で SameSite=Lax がデフォルトになってから CSRF のリスクは大きく減りましたが、' +
        'それだけに頼るのはまだ早いです。',
    ],
    [
      'Passkeys: パスワードのないログイン',
      'パスキーは公開鍵暗号を使った認証で、フィッシングに強く、' +
        'サーバーには漏れて困る秘密が何も保存されません。',
      'passkeys-passwordless-login',
    ],
    [
      'Rate Limiting Login Endpoints',
      'A login endpoint without rate limiting is an invitation to credential stuffing, and ' +
        'limiting by IP address alone is not enough.',
    ],
  ],
  sections: [
    [
      'セッションと JWT',
      'サーバー側セッションでは、ランダムなセッション ID だけを Cookie に入れ、中身は' +
        'サーバーに保存します。失効させたければ削除するだけです。JWT は署名付きのトークンに' +
        '情報を詰めるため、検証にストアが不要な反面、有効期限まで取り消しが難しくなります。' +
        'JWT を使うなら、アクセストークンの寿命を数分に短くし、' +
        'リフレッシュトークンと組み合わせるのが定石です。',
    ],
    [
      'パスワードのハッシュ化',
      'SHA-256 のような高速なハッシュ関数は、GPU で一秒間に何十億回も試せるため' +
        'パスワードには向きません。Argon2id、scrypt、bcrypt のように計算コストとメモリ量を' +
        '調整できる関数を使い、ユーザーごとに異なるソルトを付けます。' +
        '~~MD5 にソルトを付ければ十分~~ 速いハッシュはソルトを付けても総当たりに弱いままです。',
    ],
    [
      '認可コードフローと PKCE',
      'クライアントはランダムな `code_verifier` を作り、そのハッシュ値 `code_challenge` を' +
        '認可リクエストに付けます。トークンを取得するときに元の `code_verifier` を送ることで、' +
        '認可コードを盗んだ第三者がトークンと交換できないようにします。' +
        'Implicit フローは OAuth 2.0 のセキュリティ BCP で非推奨になりました。',
    ],
    [
      'Cookie の設定',
      'セッション Cookie には `HttpOnly`、`Secure`、`SameSite=Lax` を付け、`__Host-` ' +
        'プレフィックスを使うとドメインとパスも固定できます。状態を変更するリクエストは ' +
        '`POST` などに限定し、重要な操作では CSRF トークンや `Origin` ヘッダーの検証も' +
        '併用します。',
    ],
  ],
  code: [
    code(
      'ts',
      `
import { createHash, randomBytes } from 'node:crypto';

export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

// verifier はセッションに保存し、トークンリクエストのときに送る
const { challenge } = createPkcePair();
const url = new URL('https://auth.example.com/authorize');
url.searchParams.set('response_type', 'code');
url.searchParams.set('client_id', 'folio-web');
url.searchParams.set('code_challenge', challenge);
url.searchParams.set('code_challenge_method', 'S256');
`,
    ),
    code(
      'python',
      `
from argon2 import PasswordHasher
from argon2.exceptions import VerifyMismatchError

ph = PasswordHasher()  # Argon2id、パラメータはライブラリの推奨値


def register(password: str) -> str:
    return ph.hash(password)


def login(stored_hash: str, password: str) -> bool:
    try:
        ph.verify(stored_hash, password)
    except VerifyMismatchError:
        return False
    if ph.check_needs_rehash(stored_hash):
        ...  # 新しいパラメータでハッシュを作り直して保存する
    return True
`,
    ),
  ],
  table: table(`
| 方式 | 取り消し | サーバーの状態 | 向いている場面 |
|---|---|---|---|
| サーバー側セッション | 即時 | 必要 | 一般的な Web アプリ |
| 短命 JWT とリフレッシュトークン | 数分の遅れ | リフレッシュ用のみ | API、マイクロサービス |
| 長命 JWT | 困難 | 不要 | おすすめしない |
`),
  points: [
    'パスワードは Argon2id でハッシュ化する。',
    'ログインには素の OAuth 2.0 ではなく OpenID Connect を使う。',
    '公開クライアントでは PKCE を必ず使う。',
    'Cookie には HttpOnly・Secure・SameSite を付ける。',
  ],
  links: [
    [
      'OWASP Password Storage Cheat Sheet',
      'https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html',
    ],
    ['RFC 7636: Proof Key for Code Exchange', 'https://www.rfc-editor.org/rfc/rfc7636'],
  ],
};

export const BACKEND_AUTH: Topic[] = [auth];

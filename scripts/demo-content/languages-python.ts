// Demo posts about Python: typing, asyncio, tooling and parallelism.
import { code, table, type Topic } from './types.js';

const python: Topic = {
  id: 'python',
  category: 'Languages',
  lang: 'ja',
  tags: ['python', 'asyncio'],
  posts: [
    [
      'Python の型ヒントをどこまで書くか',
      '型ヒントは実行時には何もしませんが、エディタの補完と mypy や pyright のチェックによって、' +
        'リファクタリングの安心感が大きく変わります。',
      'python-type-hints',
    ],
    [
      'An Introduction to asyncio and async/await',
      'asyncio はシングルスレッドのイベントループの上で、I/O 待ちの間に別のタスクを進める' +
        'ことで並行性を実現します。CPU を使う処理が速くなるわけではありません。',
    ],
    [
      'uv で Python のプロジェクト管理を一本化する',
      'uv は Rust で書かれた Python のパッケージ・プロジェクト管理ツールで、pip、venv、' +
        'pyenv の役割をまとめて、しかも非常に高速にこなします。',
      'python-project-management-with-uv',
    ],
    [
      'dataclass vs Pydantic',
      'dataclass は内部のデータ構造に、Pydantic は外部から来るデータの検証に。' +
        '境界で検証して内側では信頼する、という分担がわかりやすいです。',
    ],
    [
      'Generators and Lazy Pipelines in Python',
      'Generators let you process a file bigger than memory one line at a time, and chaining ' +
        'them gives you Unix-style pipelines inside a single Python process.',
    ],
    [
      'GIL とマルチプロセス: Python の並列処理',
      'CPython の GIL のため、スレッドを増やしても CPU を使う処理は並列に実行されません。' +
        'Python 3.13 では GIL を無効にした実験的なビルドも登場しました。',
      'python-gil-and-multiprocessing',
    ],
  ],
  sections: [
    [
      '段階的に型を付ける',
      '既存のコードに一度に型を付ける必要はありません。まずは公開関数の引数と戻り値から' +
        '書き始め、`mypy --strict` は新しいモジュールから適用します。`list[int]` や ' +
        '`X | None` という書き方はそれぞれ Python 3.9 と 3.10 から使えるので、' +
        '`typing.List` などを import する必要はもうありません。',
    ],
    [
      'イベントループとタスク',
      '`async def` の関数を呼ぶとコルーチンオブジェクトが返るだけで、実行はされません。' +
        '`await` するか `asyncio.create_task` でタスクにして、初めてイベントループが実行します。' +
        '複数の処理を並行に待つなら `asyncio.gather` か、3.11 以降の `TaskGroup` を使います。' +
        '~~async にすれば何でも速くなる~~ ブロッキングする関数を呼ぶとループ全体が止まるので、' +
        '`asyncio.to_thread` で逃がします。',
    ],
    [
      '検証は境界で',
      'HTTP リクエストや設定ファイルのように外から来るデータは、Pydantic のモデルで型と値を' +
        '検証し、エラーをわかりやすく返します。内側では検証済みのデータを軽量な dataclass で' +
        '扱います。`@dataclass(frozen=True, slots=True)` にすると不変になり、' +
        'メモリ効率も良くなります。',
    ],
    [
      '並列処理の選択肢',
      'I/O 待ちが中心ならスレッドか asyncio、CPU を使う計算なら `multiprocessing` や ' +
        '`concurrent.futures.ProcessPoolExecutor` を使います。NumPy のように C 拡張の中で ' +
        'GIL を解放するライブラリは、スレッドでも並列に動きます。',
    ],
  ],
  code: [
    code(
      'python',
      `
import asyncio

import httpx


async def fetch_status(client: httpx.AsyncClient, url: str) -> tuple[str, int]:
    response = await client.get(url, timeout=5.0)
    return url, response.status_code


async def main(urls: list[str]) -> None:
    async with httpx.AsyncClient() as client:
        async with asyncio.TaskGroup() as tg:  # Python 3.11+
            tasks = [tg.create_task(fetch_status(client, url)) for url in urls]
    for task in tasks:
        url, status = task.result()
        print(f"{status} {url}")


asyncio.run(main(["https://example.com", "https://www.python.org"]))
`,
    ),
    code(
      'python',
      `
from dataclasses import dataclass
from datetime import date

from pydantic import BaseModel, Field


class SignupRequest(BaseModel):  # 外から来るデータは検証する
    email: str = Field(pattern=r"^[^@\\s]+@[^@\\s]+$")
    birthday: date


@dataclass(frozen=True, slots=True)
class User:  # 内側では検証済みのデータだけを扱う
    id: int
    email: str
    birthday: date


def to_user(user_id: int, req: SignupRequest) -> User:
    return User(id=user_id, email=req.email, birthday=req.birthday)
`,
    ),
  ],
  table: table(`
| 処理の種類 | 選択肢 |
|---|---|
| 大量の I/O 待ち | asyncio |
| 少数の I/O 待ち、既存の同期ライブラリ | スレッド |
| CPU を使う純 Python の計算 | マルチプロセス |
| 数値計算 | NumPy などの C 拡張 |
`),
  points: [
    '公開関数から型ヒントを書く。',
    'ブロッキング処理は `asyncio.to_thread` に逃がす。',
    '外部から来るデータは境界で検証する。',
    'CPU バウンドな処理はプロセスで並列化する。',
  ],
  links: [
    ['Python ドキュメント: asyncio', 'https://docs.python.org/ja/3/library/asyncio.html'],
    ['uv documentation', 'https://docs.astral.sh/uv/'],
  ],
};

export const LANGUAGES_PYTHON: Topic[] = [python];

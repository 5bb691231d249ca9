// Demo posts about frontend performance, application state and build tooling.
import { code, table, type Topic } from './types.js';

const webPerformance: Topic = {
  id: 'web-performance',
  category: 'Frontend',
  lang: 'ko',
  tags: ['performance', 'web-vitals'],
  posts: [
    [
      'Core Web Vitals 정리: LCP, INP, CLS',
      'Core Web Vitals는 로딩 속도(LCP), 반응성(INP), 시각적 안정성(CLS)을 측정하는 세 가지 ' +
        '지표입니다. 2024년 3월부터는 FID 대신 INP가 쓰이고 있습니다.',
    ],
    [
      'An LCP Improvement Checklist',
      'LCP가 느린 페이지의 대부분은 가장 큰 이미지가 늦게 발견되거나, 렌더링을 막는 리소스가 ' +
        '많거나, 서버 응답 자체가 느린 경우입니다.',
      'lcp-checklist',
    ],
    [
      '이미지 최적화: srcset, AVIF, lazy loading',
      '이미지는 대부분의 웹 페이지에서 가장 큰 비중을 차지하는 리소스입니다. ' +
        '포맷, 크기, 로딩 시점 세 가지만 챙겨도 효과가 큽니다.',
    ],
    [
      'Why Your Bundle Is Big',
      '번들 크기가 커지는 원인은 대개 몇 개의 의존성에 몰려 있습니다. ' +
        '분석 도구로 한 번만 들여다봐도 줄일 곳이 보입니다.',
    ],
    [
      'Font Loading Without Layout Shift',
      'Web fonts cause two visible problems, invisible text while they load and a jump when ' +
        'they swap in, and both can be reduced with a few lines of CSS.',
    ],
    [
      'INP를 낮추는 방법: 긴 작업 쪼개기',
      'INP가 나쁘다는 것은 클릭이나 입력 후 다음 화면이 그려지기까지 메인 스레드가 바빴다는 ' +
        '뜻입니다. 긴 작업을 쪼개서 브라우저에게 틈을 주는 것이 핵심입니다.',
      'improving-inp-long-tasks',
    ],
  ],
  sections: [
    [
      '세 가지 지표',
      'LCP(Largest Contentful Paint)는 화면에서 가장 큰 콘텐츠가 그려진 시점으로, 2.5초 ' +
        '이내가 "좋음"입니다. INP(Interaction to Next Paint)는 사용자 입력 후 다음 화면이 ' +
        '그려질 때까지의 지연으로, 200ms 이하가 목표입니다. CLS(Cumulative Layout Shift)는 ' +
        '예상치 못한 레이아웃 이동의 누적 점수로, 0.1 이하가 좋습니다.',
    ],
    [
      'LCP 이미지를 빨리 찾게 하기',
      'LCP 요소가 이미지라면 HTML에 바로 `<img>`로 넣고 `fetchpriority="high"`를 지정합니다. ' +
        '첫 화면의 이미지에 `loading="lazy"`를 붙이면 오히려 느려지니 주의하세요. ' +
        '~~모든 이미지에 lazy loading을 적용하자~~ lazy loading은 스크롤해야 보이는 ' +
        '이미지에만 씁니다.',
    ],
    [
      '레이아웃 이동 막기',
      '이미지와 동영상에는 항상 `width`와 `height` 속성을 지정해 브라우저가 공간을 미리 ' +
        '확보하게 합니다. 광고나 임베드처럼 크기를 모르는 요소는 최소 높이를 잡아 두고, ' +
        '웹 폰트는 `font-display`와 `size-adjust`로 대체 폰트와의 크기 차이를 줄입니다.',
    ],
    [
      '메인 스레드 비우기',
      '50ms가 넘는 작업을 긴 작업(long task)이라고 부릅니다. 이벤트 핸들러에서는 화면에 ' +
        '즉시 필요한 업데이트만 하고, 나머지는 `scheduler.yield()`나 `setTimeout`으로 미뤄 ' +
        '브라우저가 먼저 화면을 그리게 합니다. 무거운 계산은 Web Worker로 옮기는 것도 ' +
        '방법입니다.',
    ],
    [
      '실제 사용자 데이터로 보기',
      'Lighthouse 점수는 실험실 환경에서 한 번 측정한 값일 뿐입니다. 실제 사용자의 기기와 ' +
        '네트워크에서 측정한 필드 데이터를 함께 봐야 합니다. `web-vitals` 라이브러리로 ' +
        '지표를 수집해 분석 서버로 보내면 p75 값을 꾸준히 추적할 수 있습니다.',
    ],
  ],
  code: [
    code(
      'html',
      `
<link rel="preload" href="/fonts/inter-var.woff2" as="font" type="font/woff2" crossorigin />

<img
  src="/images/hero-1200.avif"
  srcset="/images/hero-800.avif 800w, /images/hero-1200.avif 1200w"
  sizes="(max-width: 800px) 100vw, 1200px"
  width="1200"
  height="630"
  fetchpriority="high"
  alt="대시보드 화면"
/>
`,
    ),
    code(
      'ts',
      `
import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';

function send(metric: Metric): void {
  const body = JSON.stringify({ name: metric.name, value: metric.value, id: metric.id });
  // 페이지를 떠날 때도 전송되도록 sendBeacon을 먼저 시도합니다.
  if (!navigator.sendBeacon('/analytics', body)) {
    void fetch('/analytics', { method: 'POST', body, keepalive: true });
  }
}

onCLS(send);
onINP(send);
onLCP(send);
`,
    ),
  ],
  table: table(`
| 지표 | 좋음 | 개선 필요 | 나쁨 |
|---|---|---|---|
| LCP | 2.5초 이하 | 4초 이하 | 4초 초과 |
| INP | 200ms 이하 | 500ms 이하 | 500ms 초과 |
| CLS | 0.1 이하 | 0.25 이하 | 0.25 초과 |
`),
  points: [
    'LCP 이미지에는 lazy loading을 쓰지 않는다.',
    '이미지에는 항상 크기를 지정한다.',
    '긴 작업은 쪼개서 메인 스레드를 양보한다.',
    '실험실 점수와 필드 데이터를 함께 본다.',
  ],
  links: [
    ['web.dev: Web Vitals', 'https://web.dev/articles/vitals'],
    ['web-vitals library', 'https://github.com/GoogleChrome/web-vitals'],
  ],
};

const stateAndForms: Topic = {
  id: 'state-forms',
  category: 'Frontend',
  lang: 'ja',
  tags: ['state-management', 'forms'],
  posts: [
    [
      'フロントエンドの状態管理をどう分けるか',
      '状態管理ライブラリを選ぶ前に、その状態がサーバーのデータなのか、URL に載せるべき' +
        'ものなのか、本当にクライアントだけのものなのかを分けて考えます。',
      'frontend-state-categories',
    ],
    [
      'URL を状態として使う',
      '検索条件やページ番号、タブの選択状態は URL のクエリパラメータに置くと、' +
        'リロードしても共有しても同じ画面が再現できます。',
      'url-as-state',
    ],
    [
      "Don't Mix Server State and Client State",
      'サーバーから取ってきたデータをグローバルストアにコピーした瞬間から、' +
        'キャッシュの整合性を自分で管理する羽目になります。',
    ],
    [
      'Designing Form Validation',
      'バリデーションはクライアントとサーバーの両方に必要ですが、ルールを二重に書くと' +
        'すぐにずれます。スキーマを共有するのが一番の近道です。',
      'form-validation-design',
    ],
    [
      'Sharing Types Between Forms and APIs with Zod',
      'Zod のスキーマから TypeScript の型を導出すれば、フォームの入力値と API のリクエストが' +
        '同じ定義から生まれます。',
      'zod-form-and-api-types',
    ],
    [
      'Optimistic UI: 楽観的更新の落とし穴',
      '「いいね」ボタンを押した瞬間に数字が増える楽観的更新は気持ちの良い体験ですが、' +
        '失敗したときのロールバックまで設計しておく必要があります。',
      'optimistic-ui-pitfalls',
    ],
  ],
  sections: [
    [
      '状態の四つの種類',
      'フロントエンドの状態は大きく四つに分けられます。サーバーのデータのキャッシュ、' +
        'URL で表せる画面の状態、フォームの入力途中の値、そしてモーダルの開閉のような純粋な ' +
        'UI の状態です。グローバルストアが本当に必要なのは最後の一部だけで、' +
        '多くはそれ以外の場所に置いたほうがシンプルになります。',
    ],
    [
      'サーバーの状態はキャッシュとして扱う',
      'サーバーから取得したデータは、いつ古くなるかわからない「キャッシュ」です。' +
        'TanStack Query や SWR のようなライブラリは、キャッシュキー、再検証、重複リクエストの' +
        '排除をまとめて面倒を見てくれます。~~取得したデータは Redux に入れる~~ ' +
        '取得したデータをストアにコピーするのはやめました。',
    ],
    [
      'バリデーションの置き場所',
      'クライアント側のバリデーションはユーザー体験のため、サーバー側のバリデーションは' +
        '安全のためにあります。どちらか片方では足りません。エラーメッセージはフィールドの' +
        'すぐ近くに表示し、`aria-describedby` で入力欄と結びつけると、' +
        'スクリーンリーダーでも読み上げられます。',
    ],
    [
      '楽観的更新とロールバック',
      '楽観的更新では、リクエストを送る前に画面を更新し、失敗したら元に戻します。' +
        'そのため、更新前の値を保存しておくこと、同じ対象への連続した操作の順序を守ること、' +
        '失敗をユーザーに伝えることが必要です。React 19 の `useOptimistic` は' +
        'このパターンを書きやすくしてくれます。',
    ],
  ],
  code: [
    code(
      'ts',
      `
import { z } from 'zod';

export const signupSchema = z.object({
  email: z.string().email('メールアドレスの形式が正しくありません'),
  password: z.string().min(12, '12 文字以上で入力してください'),
  plan: z.enum(['free', 'pro']),
});

export type Signup = z.infer<typeof signupSchema>;

// サーバー側でも同じスキーマで検証する
export function parseSignup(body: unknown): Signup {
  return signupSchema.parse(body);
}
`,
    ),
    code(
      'ts',
      `
export function readSearchState(): { page: number; q: string } {
  const params = new URLSearchParams(window.location.search);
  return { page: Number(params.get('page') ?? '1'), q: params.get('q') ?? '' };
}

export function updateSearchState(next: { page?: number; q?: string }): void {
  const url = new URL(window.location.href);
  if (next.q !== undefined) url.searchParams.set('q', next.q);
  if (next.page !== undefined) url.searchParams.set('page', String(next.page));
  window.history.pushState(null, '', url);
}
`,
    ),
  ],
  table: table(`
| 状態 | 置き場所 | 例 |
|---|---|---|
| サーバーのデータ | データ取得ライブラリのキャッシュ | 記事一覧、ユーザー情報 |
| 画面の状態 | URL | 検索語、ページ番号、タブ |
| 入力途中の値 | フォームのローカル状態 | 未送信のコメント |
| UI の状態 | コンポーネントの state | モーダルの開閉 |
`),
  points: [
    'まず状態の種類を分ける。',
    '共有したい画面の状態は URL に置く。',
    'サーバーのデータはキャッシュとして扱う。',
    'バリデーションのスキーマはクライアントとサーバーで共有する。',
  ],
  links: [
    ['TanStack Query', 'https://tanstack.com/query/latest'],
    ['Zod', 'https://zod.dev/'],
  ],
};

const bundlers: Topic = {
  id: 'bundlers',
  category: 'Frontend',
  lang: 'zh',
  tags: ['build-tools', 'vite'],
  posts: [
    [
      'Vite 为什么这么快',
      'Vite 在开发时不打包，而是利用浏览器原生的 ES 模块按需加载源码，依赖则用 esbuild 预构建。' +
        '这两点让冷启动时间几乎与项目大小无关。',
      'why-vite-is-fast',
    ],
    [
      'Why Tree Shaking Fails',
      '明明只用了一个函数，却把整个库都打进了包里。Tree shaking 失效通常和模块格式、' +
        '副作用声明有关。',
      'why-tree-shaking-fails',
    ],
    [
      '从 Webpack 迁移到 Vite 的记录',
      '把一个有三年历史的 Webpack 项目迁移到 Vite，大部分工作不是改配置，' +
        '而是清理那些依赖 Webpack 特有行为的代码。',
      'migrating-from-webpack-to-vite',
    ],
    [
      'esbuild, SWC and Babel: Choosing a Compiler',
      'Babel 用 JavaScript 编写，插件生态最丰富；esbuild 用 Go 编写，SWC 用 Rust 编写，' +
        '速度快得多，但它们都只擦除类型，不做类型检查。',
    ],
    [
      'Code Splitting and Dynamic import()',
      'Splitting the bundle at route boundaries with dynamic `import()` was the single change ' +
        'that most reduced our initial JavaScript, and it took one afternoon.',
    ],
  ],
  sections: [
    [
      '开发与生产的区别',
      '开发模式下，Vite 把每个源文件当作独立的 ES 模块提供给浏览器，修改一个文件只需要让这个' +
        '模块失效，所以热更新很快。生产构建仍然需要打包，因为大量细碎的请求在线上会很慢。' +
        '~~Vite 在生产环境也不打包~~ 生产构建使用 Rollup，新版本正在迁移到 Rolldown。',
    ],
    [
      '让 Tree Shaking 生效',
      'Tree shaking 依赖 ES 模块的静态结构，所以 CommonJS 格式的库通常无法被有效裁剪。' +
        '库作者应该在 `package.json` 中声明 `"sideEffects": false`（或列出有副作用的文件），' +
        '否则打包器为了安全只能保留看似无用的代码。',
    ],
    [
      '只擦除类型',
      'esbuild 和 SWC 编译 TypeScript 时只是删掉类型注解，不检查类型是否正确，' +
        '所以 CI 里仍然需要单独运行 `tsc --noEmit`。它们逐个文件编译，' +
        '依赖跨文件类型信息的写法需要开启 `isolatedModules` 来提前发现。',
    ],
    [
      '按需加载',
      '用动态 `import()` 按路由拆分代码后，首屏只加载当前页面需要的模块。拆得太碎也有问题：' +
        '请求数变多，公共依赖可能被重复打包。我一般只在路由和体积较大的组件' +
        '（编辑器、图表）处拆分。',
    ],
  ],
  code: [
    code(
      'ts',
      `
// vite.config.ts
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    sourcemap: true,
    rollupOptions: {
      output: {
        // 把体积大、更新少的依赖单独拆出来，提高缓存命中率
        manualChunks: {
          react: ['react', 'react-dom'],
          charts: ['echarts'],
        },
      },
    },
  },
});
`,
    ),
    code(
      'ts',
      `
type Page = { render(root: HTMLElement): void };

const routes = {
  '/': () => import('./pages/home.js'),
  '/editor': () => import('./pages/editor.js'), // the heavy editor loads only here
  '/settings': () => import('./pages/settings.js'),
} satisfies Record<string, () => Promise<Page>>;

export async function navigate(path: keyof typeof routes, root: HTMLElement): Promise<void> {
  const page = await routes[path]();
  page.render(root);
}
`,
    ),
  ],
  table: table(`
| 工具 | 实现语言 | 类型检查 | 主要用途 |
|---|---|---|---|
| Babel | JavaScript | 否 | 语法转换、插件生态 |
| esbuild | Go | 否 | 快速转译与打包 |
| SWC | Rust | 否 | 快速转译 |
| tsc | TypeScript | 是 | 类型检查、生成声明文件 |
`),
  points: [
    'CI 中单独运行 `tsc --noEmit`。',
    '发布库时声明 `sideEffects`。',
    '按路由拆分代码，但不要拆得太碎。',
  ],
  links: [
    ['Vite: Why Vite', 'https://vite.dev/guide/why'],
    ['esbuild', 'https://esbuild.github.io/'],
  ],
};

export const FRONTEND_TOOLING: Topic[] = [webPerformance, stateAndForms, bundlers];

// Demo posts about building user interfaces: React, CSS layout and accessibility.
import { code, table, type Topic } from './types.js';

const react: Topic = {
  id: 'react',
  category: 'Frontend',
  lang: 'en',
  tags: ['react', 'typescript'],
  posts: [
    [
      'React Server Components 入门',
      'React Server Components 让组件可以只在服务器上运行，直接读取数据库或文件，' +
        '而不把相关代码发送到浏览器。理解它的关键是分清哪些组件在服务器上，哪些在客户端。',
    ],
    [
      'useEffect Is Not a Lifecycle Method',
      'Most `useEffect` bugs I review come from treating it like `componentDidMount`; it is a ' +
        'way to synchronise with something outside React, and many effects should not exist.',
    ],
    [
      'Keys in Lists: Why Index Keys Bite',
      'Using the array index as a `key` works until the list is reordered or filtered, and ' +
        'then React happily keeps the state of one row attached to another.',
    ],
    [
      'When to Reach for useMemo and useCallback',
      'Memoisation in React is a performance tool with a cost, and sprinkling `useMemo` ' +
        'everywhere mostly makes code harder to read without making it faster.',
    ],
    [
      'React Suspense and Data Fetching',
      'Suspense を使うと、ローディング状態をコンポーネントごとに書く代わりに、' +
        '境界を宣言するだけで済むようになります。',
    ],
    [
      'Controlled vs Uncontrolled Inputs',
      'A controlled input keeps its value in React state and re-renders on every keystroke; ' +
        'an uncontrolled one lets the DOM hold it. Both are fine when chosen deliberately.',
    ],
  ],
  sections: [
    [
      'Rendering is just calling functions',
      'A render is React calling your component to get a description of the UI. It should be ' +
        'pure: same props and state, same output, no side effects. Side effects belong in ' +
        'event handlers first, and in effects only when they synchronise with an external ' +
        'system such as a subscription or a non-React widget.',
    ],
    [
      'You might not need an effect',
      'If a value can be computed from props or state, compute it during render instead of ' +
        'copying it into state with an effect. If something happens because the user clicked, ' +
        'put it in the click handler. ~~Fetch data in `useEffect`.~~ Fetching in effects ' +
        'works, but it causes waterfalls and race conditions; a framework loader or a data ' +
        'library handles both.',
    ],
    [
      'Stable identity',
      'React compares keys to match elements between renders, so a key must identify the ' +
        '*item*, not its position. Use a database id or another stable value. Delete the first ' +
        'row of a list keyed by index and every following row receives the state of its former ' +
        'neighbour, which is how inputs end up showing the wrong text.',
    ],
    [
      'Server and client boundaries',
      'Server Components run only on the server and can be `async`; they can read data ' +
        "directly but cannot use state or effects. A file starting with `'use client'` marks a " +
        'boundary: it and everything it imports become part of the client bundle. Pass ' +
        'serialisable props across the boundary and keep client components small, at the ' +
        'leaves of the tree.',
    ],
    [
      'Measure before memoising',
      'Open the React DevTools profiler and record the interaction that feels slow. If a ' +
        'component re-renders often but renders quickly, leave it alone. `React.memo`, ' +
        '`useMemo` and `useCallback` help when an expensive subtree receives props that are ' +
        'equal but not identical, and the React Compiler aims to make most of them unnecessary.',
    ],
  ],
  code: [
    code(
      'tsx',
      `
import { useEffect, useState } from 'react';

export function useUser(id: string): User | null {
  const [user, setUser] = useState<User | null>(null);

  useEffect(() => {
    let ignore = false;
    fetch(\`/api/users/\${id}\`)
      .then((res) => res.json())
      .then((data: User) => {
        // A slow response for a previous id must not overwrite the current one.
        if (!ignore) setUser(data);
      });
    return () => {
      ignore = true;
    };
  }, [id]);

  return user;
}
`,
    ),
    code(
      'tsx',
      `
// app/posts/page.tsx is a Server Component, so it can be async and query directly.
import { db } from '@/lib/db';
import { LikeButton } from './like-button'; // starts with 'use client'

export default async function PostsPage() {
  const posts = await db.post.findMany({ orderBy: { createdAt: 'desc' }, take: 20 });
  return (
    <ul>
      {posts.map((post) => (
        <li key={post.id}>
          {post.title} <LikeButton postId={post.id} />
        </li>
      ))}
    </ul>
  );
}
`,
    ),
  ],
  points: [
    'Compute derived values during render.',
    'Put user-triggered logic in event handlers.',
    'Use stable ids as keys.',
    'Profile before adding memoisation.',
  ],
  links: [
    [
      'react.dev: You Might Not Need an Effect',
      'https://react.dev/learn/you-might-not-need-an-effect',
    ],
    ['react.dev: Server Components', 'https://react.dev/reference/rsc/server-components'],
  ],
};

const css: Topic = {
  id: 'css',
  category: 'Frontend',
  lang: 'en',
  tags: ['css', 'layout'],
  posts: [
    [
      'CSS Grid vs Flexbox: A Practical Rule',
      'My rule of thumb: flexbox when the content decides the layout, grid when the layout ' +
        'decides where the content goes.',
    ],
    [
      'Container Queries Are Finally Here',
      'Media queries ask how wide the *viewport* is; container queries ask how wide the ' +
        "component's *container* is, which is what a reusable card actually needs to know.",
    ],
    [
      'CSS のカスケードレイヤー (@layer) 入門',
      '`@layer` を使うと、詳細度の競争をせずにスタイルの優先順位を宣言できます。' +
        'リセット、ライブラリ、アプリ固有のスタイルを層に分けるのが基本です。',
      'css-cascade-layers',
    ],
    [
      'Centering Things, the Modern Way',
      'Centering used to be a running joke; today `display: grid; place-items: center;` does ' +
        'it in two declarations, and there are a few other good options depending on context.',
    ],
    [
      'Fluid Typography with clamp()',
      '`clamp()` lets a font size grow with the viewport between a minimum and a maximum, ' +
        'replacing a stack of media queries with a single line.',
    ],
    [
      '다크 모드 구현: prefers-color-scheme과 CSS 변수',
      '다크 모드는 색을 하드코딩하지 않고 CSS 변수로 관리하는 것에서 시작합니다. ' +
        '시스템 설정을 따르면서 사용자가 직접 바꿀 수도 있게 만드는 방법을 정리했습니다.',
      'dark-mode-with-css-variables',
    ],
  ],
  sections: [
    [
      'One dimension or two',
      'Flexbox distributes space along one axis and lets items wrap; it shines for toolbars, ' +
        'button groups and anything sized by its content. Grid defines rows and columns first ' +
        'and places items into them, which suits page layouts and card grids where alignment ' +
        'across rows matters. They combine well: a grid of cards, each laid out with flexbox.',
    ],
    [
      'Querying the container',
      'Declare a containment context with `container-type: inline-size`, then use ' +
        '`@container (min-width: 30rem) { ... }` in the component styles. Container queries ' +
        'work in all current major browsers, and container query units such as `cqi` let ' +
        'sizes scale with the container instead of the viewport.',
    ],
    [
      'Taming the cascade',
      'Cascade layers are ordered by their first declaration, and a rule in a later layer ' +
        'beats any rule in an earlier one, whatever its specificity. Unlayered styles beat all ' +
        'layers. Declaring `@layer reset, vendor, app;` at the top of the main stylesheet ' +
        'makes the order explicit. ~~`!important` is the only way to override a library.~~ ' +
        'Put the library in a lower layer instead.',
    ],
    [
      'Variables for themes',
      'Custom properties cascade and can change at runtime, which makes them the natural tool ' +
        'for themes. Define semantic tokens such as `--color-bg` and `--color-text` on ' +
        '`:root`, override them inside `@media (prefers-color-scheme: dark)`, and let a ' +
        '`data-theme` attribute win when the user picks a theme explicitly.',
    ],
  ],
  code: [
    code(
      'css',
      `
@layer reset, components, utilities;

:root {
  --color-bg: #ffffff;
  --color-text: #1f2937;
  --step-0: clamp(1rem, 0.95rem + 0.25vw, 1.125rem);
}

@media (prefers-color-scheme: dark) {
  :root:not([data-theme='light']) {
    --color-bg: #0f172a;
    --color-text: #e2e8f0;
  }
}

@layer components {
  .cards {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
    gap: 1.5rem;
  }

  .card-wrapper {
    container-type: inline-size;
  }

  @container (min-width: 28rem) {
    .card {
      display: flex;
      gap: 1rem;
    }
  }
}
`,
    ),
  ],
  table: table(`
| Task | Tool |
|---|---|
| Navigation bar, toolbar | Flexbox |
| Page layout with a sidebar | Grid |
| Card that changes layout with its own width | Container query |
| Font size that scales smoothly | \`clamp()\` |
| Centering a single child | Grid with \`place-items: center\` |
`),
  points: [
    'Use flexbox for content-sized rows and grid for two-dimensional layouts.',
    'Give reusable components container queries instead of media queries.',
    'Keep colours in custom properties.',
    'Order your cascade layers explicitly.',
  ],
  links: [
    ['MDN: CSS grid layout', 'https://developer.mozilla.org/en-US/docs/Web/CSS/CSS_grid_layout'],
    [
      'MDN: Container queries',
      'https://developer.mozilla.org/en-US/docs/Web/CSS/CSS_containment/Container_queries',
    ],
  ],
};

const accessibility: Topic = {
  id: 'accessibility',
  category: 'Frontend',
  lang: 'en',
  tags: ['accessibility', 'html'],
  posts: [
    [
      'Accessibility Starts with Semantic HTML',
      'Before any ARIA attribute, the biggest accessibility win is using the element that ' +
        'already does the job: a `<button>` for actions, a link for navigation, a `<label>` ' +
        'for every input.',
    ],
    [
      'Keyboard Navigation Checklist',
      'Unplug the mouse and try to use your app for ten minutes; every place you get stuck is ' +
        'a bug for people who rely on the keyboard.',
    ],
    [
      'ARIA: 없는 것보다 나쁜 경우',
      'The first rule of ARIA is not to use ARIA when a native element will do, because a ' +
        'wrong `role` tells screen reader users something that is simply not true.',
      'when-aria-makes-it-worse',
    ],
    [
      'Focus Management in Single-Page Apps',
      'When a client-side router swaps the page content, the browser neither moves focus nor ' +
        'announces anything, so screen reader users may not notice that navigation happened.',
    ],
    [
      '色のコントラストとアクセシビリティ',
      '文字と背景のコントラスト比は、WCAG では通常の文字で 4.5:1 以上が求められます。' +
        'デザインの段階で確認しておくと、後からの修正が少なくて済みます。',
      'color-contrast-accessibility',
    ],
  ],
  sections: [
    [
      'Native elements do the work',
      'A `<button>` is focusable, activates with Enter and Space, and is announced as a ' +
        'button, all for free. A `<div onClick>` does none of that until you add `tabindex`, a ' +
        'role and key handlers, and even then it is easy to miss a case. Links navigate, ' +
        'buttons act: if it changes the URL, it is a link.',
    ],
    [
      'Visible focus',
      'Never remove focus outlines without replacing them. `:focus-visible` shows a clear ring ' +
        'for keyboard users without showing it on mouse clicks. Tab order should follow the ' +
        'visual order, which means avoiding positive `tabindex` values and keeping the DOM ' +
        'order sensible.',
    ],
    [
      'Route changes and dialogs',
      'After a client-side navigation, move focus to the main heading of the new page (with ' +
        '`tabindex="-1"` so it can receive focus) or announce the new title in a polite live ' +
        'region. Dialogs need the same care: move focus inside when they open and return it to ' +
        'the trigger when they close. The native `<dialog>` element with `showModal()` ' +
        'handles most of this.',
    ],
    [
      'Testing it',
      'Automated tools like axe catch many problems, such as missing labels, low contrast and ' +
        'invalid ARIA, but not whether the experience makes sense. That needs a person with a ' +
        'keyboard and a screen reader, VoiceOver on macOS or NVDA on Windows. ~~Accessibility ' +
        'is a final QA step.~~ It is a design constraint from the first sketch.',
    ],
  ],
  code: [
    code(
      'html',
      `
<button type="button" aria-expanded="false" aria-controls="filters">
  Filters
</button>
<div id="filters" hidden>
  <label for="q">Search</label>
  <input id="q" name="q" type="search" autocomplete="off" />
</div>
`,
    ),
    code(
      'ts',
      `
// After the router renders a new page, move focus to its heading.
export function focusMainHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  heading.setAttribute('tabindex', '-1');
  heading.focus();
}
`,
    ),
  ],
  points: [
    'Every input has a label.',
    'Everything clickable can be reached and used with the keyboard.',
    'Focus is always visible.',
    'Body text has a contrast ratio of at least 4.5:1.',
    'Dialogs move focus in when they open and back when they close.',
  ],
  links: [
    ['WAI-ARIA Authoring Practices Guide', 'https://www.w3.org/WAI/ARIA/apg/'],
    ['WCAG 2.2', 'https://www.w3.org/TR/WCAG22/'],
  ],
};

export const FRONTEND_UI: Topic[] = [react, css, accessibility];

// Site settings and language-specific boilerplate for the demo blog.
import type { Lang } from './types.js';

export const SITE = {
  title: 'Dev Notes',
  tagline: 'Sharing what I learn from building software.',
  owner: 'Jane Doe',
  initials: 'JD',
  url: 'https://blog.example.com',
  locale: 'en',
  timezone: 'Asia/Seoul',
  authorImage: '/images/avatar.svg',
  pageSize: 10,
  excerptLength: 200,
  links: [
    ['github', 'https://github.com/jane'],
    ['x', 'https://x.com/jane'],
    ['linkedin', 'https://www.linkedin.com/in/jane'],
  ],
  share: ['x', 'facebook', 'linkedin'],
} as const;

// Category names as used in front matter, with the localized titles shown on the site.
export const CATEGORIES: [name: string, title: string][] = [
  ['Algorithm', '알고리즘'],
  ['Databases', '데이터베이스'],
  ['Frontend', 'フロントエンド'],
  ['Backend', '后端开发'],
  ['DevOps', '运维'],
  ['Languages', 'プログラミング言語'],
  ['Networking', '네트워크'],
  ['Career', '职业成长'],
];

export interface Labels {
  points: string[];
  steps: string[];
  refs: string[];
  bare: string[];
  imageAlt: string;
  closings: string[];
}

// `bare` entries contain `{url}`, replaced by a bare link that GFM autolinks.
export const LABELS: Record<Lang, Labels> = {
  en: {
    points: ['Key points', 'Checklist', 'What to remember', 'Rules of thumb'],
    steps: ['Step by step', 'How I do it', 'The procedure'],
    refs: ['Further reading', 'References', 'Links'],
    bare: [
      'The official documentation is at {url} and is worth reading end to end.',
      'If you want the primary source, start here: {url}',
      'I keep {url} bookmarked for exactly this.',
    ],
    imageAlt: 'Author avatar',
    closings: [
      'If you spot a mistake, send me a message and I will fix it.',
      'That is all for now; I will update this post as I learn more.',
      '*Thanks for reading.* Questions and corrections are always welcome.',
      '**Update:** ~~A follow-up post is coming~~ The follow-up was folded into this post.',
    ],
  },
  ko: {
    points: ['요점 정리', '체크리스트', '기억할 것'],
    steps: ['진행 순서', '따라 하기'],
    refs: ['참고 자료', '더 읽을거리'],
    bare: ['공식 문서는 {url} 에서 볼 수 있습니다.', '자세한 내용은 {url} 를 참고하세요.'],
    imageAlt: '글쓴이 아바타',
    closings: [
      '틀린 내용이 있다면 알려 주세요. 바로 고치겠습니다.',
      '이 글은 나중의 나를 위해 남기는 메모이기도 합니다.',
      '**추가:** ~~다음 글에서 이어서 다룰 예정입니다~~ 내용을 이 글에 합쳤습니다.',
    ],
  },
  ja: {
    points: ['ポイント', 'チェックリスト', '覚えておくこと'],
    steps: ['手順', 'やり方'],
    refs: ['参考リンク', '参考資料'],
    bare: ['公式ドキュメントは {url} にあります。', '一次情報は {url} を参照してください。'],
    imageAlt: '筆者のアバター',
    closings: [
      '間違いがあれば指摘していただけると嬉しいです。',
      '今回はここまで。理解が深まったらまた追記します。',
      '**追記:** ~~続編を書く予定です~~ 続編の内容はこの記事に統合しました。',
    ],
  },
  zh: {
    points: ['要点', '检查清单', '值得记住的几点'],
    steps: ['操作步骤', '具体做法'],
    refs: ['参考资料', '延伸阅读'],
    bare: ['官方文档在 {url} ，建议完整读一遍。', '原始资料见 {url} 。'],
    imageAlt: '作者头像',
    closings: [
      '如有错误，欢迎指正。',
      '先写到这里，以后有新的理解再补充。',
      '**更新：** ~~后续会再写一篇~~ 后续内容已经合并到本文。',
    ],
  },
};

// Quotes used as occasional blockquotes; attributions are the commonly cited sources.
export const QUOTES: [text: string, source: string][] = [
  ['Premature optimization is the root of all evil.', 'Donald Knuth'],
  [
    'There are only two hard things in Computer Science: cache invalidation and naming things.',
    'Phil Karlton',
  ],
  ['Make it work, make it right, make it fast.', 'Kent Beck'],
  ['Simplicity is prerequisite for reliability.', 'Edsger W. Dijkstra'],
  [
    'Programs must be written for people to read, and only incidentally for machines to execute.',
    'Harold Abelson, *Structure and Interpretation of Computer Programs*',
  ],
  ["Don't communicate by sharing memory, share memory by communicating.", 'Go Proverbs'],
  ['Everything fails, all the time.', 'Werner Vogels'],
  [
    'Be conservative in what you do, be liberal in what you accept from others.',
    'Jon Postel, RFC 793',
  ],
  [
    "The cheapest, fastest, and most reliable components are those that aren't there.",
    'Gordon Bell',
  ],
  ['Adding manpower to a late software project makes it later.', 'Fred Brooks'],
  [
    "Measure. Don't tune for speed until you've measured, and even then don't unless one part " +
      'of the code overwhelms the rest.',
    'Rob Pike',
  ],
];

// Render: Japanese UI strings.
import type { Messages } from './messages.js';

export const ja: Messages = {
  skipToContent: '本文へスキップ',
  mainNavigation: 'メインメニュー',
  home: 'ホーム',
  pagination: 'ページ送り',
  previousPage: '前のページ',
  nextPage: '次のページ',
  pageOf: (n, last) => `${last} ページ中 ${n} ページ`,
  allPostsIn: (category) => `${category} のすべての記事`,
  postsTagged: (tag) => `タグ「${tag}」の記事`,
  category: 'カテゴリー',
  share: '共有',
  shareOn: (network) => `${network} で共有`,
  feed: 'RSS フィード',
  copyright: (owner) => `Copyright © ${owner} All rights reserved.`,
  noPosts: 'まだ記事がありません。',
  draft: '下書き',
  problemsBanner:
    'Folio は最新の変更を読み込めませんでした。読者には最後に正常だった版が表示されています。以下を直すとページが再読み込みされます:',
  warningsBanner:
    'この版は公開されていますが、以下の問題があります。この通知は Folio がフォルダーを監視している間だけ表示されます:',
  previewBanner:
    'プレビュー: 下書きが「下書き」の印付きで表示されています。公開サイトの読者には表示されません。',
  pageMoved: 'このページは次のアドレスに移動しました:',
  notFoundTitle: 'ページが見つかりません',
  notFoundText:
    'このアドレスにはページがありません。移動したか、リンクが間違っている可能性があります。',
  backHome: 'ホームへ戻る',
  previousPost: '前の記事',
  nextPost: '次の記事',
  copyCode: 'コピー',
  codeCopied: 'コピーしました',
  search: '検索',
  searchLabel: 'このサイトを検索',
  categories: 'カテゴリー',
  tags: 'タグ',
  archives: 'アーカイブ',
  postCount: (count) => `${count} 件`,
  updated: '更新',
  seriesTitle: (name) => `シリーズ: ${name}`,
  partOf: (part, parts) => `全${parts}回中の第${part}回`,
  relatedPosts: '関連記事',
  pinned: '固定',
  readingTime: (minutes) => `${minutes}分で読めます`,
  searchResultsFor: (query) => `「${query}」の検索結果`,
  postsFound: (count) => `${count} 件の記事が見つかりました`,
  noResults: (query) => `「${query}」に一致する記事はありません。`,
  searchTips: [
    'つづりを確かめてください。',
    '言葉を減らすか、より一般的な言葉で検索してください。',
    '下のカテゴリーから探してください。',
  ],
  searchPrompt: 'タイトル・タグ・本文から探す言葉を入力してください。',
  searchNeedsScript:
    'このサイトの検索はブラウザーで動き、JavaScript が必要です。有効にするか、下のカテゴリーから探してください。',
};

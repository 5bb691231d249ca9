// Render: Simplified Chinese UI strings.
import type { Messages } from './messages.js';

export const zhHans: Messages = {
  skipToContent: '跳到正文',
  mainNavigation: '主导航',
  home: '首页',
  pagination: '分页',
  previousPage: '上一页',
  nextPage: '下一页',
  pageOf: (n, last) => `第 ${n} 页，共 ${last} 页`,
  allPostsIn: (category) => `${category} 的全部文章`,
  postsTagged: (tag) => `标签为“${tag}”的文章`,
  category: '分类',
  share: '分享',
  shareOn: (network) => `分享到 ${network}`,
  feed: 'RSS 订阅',
  copyright: (owner) => `Copyright © ${owner} All rights reserved.`,
  noPosts: '还没有文章。',
  draft: '草稿',
  problemsBanner:
    'Folio 无法载入你最新的修改。读者看到的仍是上一个正常版本。修正以下问题后页面会自动重新载入：',
  warningsBanner: '这个版本已上线，但存在以下问题。此提示仅在 Folio 监视文件夹时显示：',
  previewBanner: '预览：草稿已显示并标为“草稿”。已发布站点的读者看不到它们。',
  pageMoved: '此页面已移至',
  notFoundTitle: '找不到页面',
  notFoundText: '这个地址没有页面。它可能已被移动，或者链接有误。',
  backHome: '返回首页',
  previousPost: '上一篇',
  nextPost: '下一篇',
  copyCode: '复制',
  codeCopied: '已复制',
};

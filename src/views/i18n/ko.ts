// Render: Korean UI strings.
import type { Messages } from './messages.js';

export const ko: Messages = {
  skipToContent: '본문으로 건너뛰기',
  mainNavigation: '주 메뉴',
  home: '홈',
  pagination: '페이지 이동',
  previousPage: '이전 페이지',
  nextPage: '다음 페이지',
  pageOf: (n, last) => `${last}페이지 중 ${n}페이지`,
  allPostsIn: (category) => `${category}의 모든 글`,
  postsTagged: (tag) => `${tag} 태그가 붙은 글`,
  category: '카테고리',
  share: '공유',
  shareOn: (network) => `${network}에 공유`,
  feed: 'RSS 피드',
  copyright: (owner) => `Copyright © ${owner} All rights reserved.`,
  noPosts: '아직 글이 없습니다.',
  draft: '초안',
  problemsBanner:
    'Folio가 마지막 변경을 읽지 못했습니다. 독자에게는 마지막으로 정상이던 버전이 보입니다. 아래를 고치면 페이지가 다시 로드됩니다:',
  warningsBanner:
    '이 버전은 게시되어 있지만 아래와 같은 문제가 있습니다. 이 알림은 Folio가 폴더를 지켜보는 동안에만 보입니다:',
  previewBanner:
    '미리 보기: 초안이 "초안" 표시와 함께 보입니다. 공개된 사이트의 독자에게는 보이지 않습니다.',
  pageMoved: '이 페이지는 다음 주소로 옮겨졌습니다:',
  notFoundTitle: '페이지를 찾을 수 없습니다',
  notFoundText: '이 주소에는 페이지가 없습니다. 옮겨졌거나 링크가 잘못되었을 수 있습니다.',
  backHome: '홈으로 가기',
  previousPost: '이전 글',
  nextPost: '다음 글',
  copyCode: '복사',
  codeCopied: '복사됨',
  search: '검색',
  searchLabel: '이 사이트 검색',
  categories: '카테고리',
  tags: '태그',
  archives: '아카이브',
  postCount: (count) => `글 ${count}개`,
  updated: '수정',
  searchResultsFor: (query) => `“${query}” 검색 결과`,
  postsFound: (count) => `글 ${count}개를 찾았습니다`,
  noResults: (query) => `“${query}”에 맞는 글이 없습니다.`,
  searchTips: [
    '맞춤법을 확인해 보세요.',
    '단어 수를 줄이거나 더 일반적인 단어로 검색해 보세요.',
    '아래 카테고리를 둘러보세요.',
  ],
  searchPrompt: '제목, 태그, 본문에서 찾을 단어를 입력하세요.',
  searchNeedsScript:
    '이 사이트의 검색은 브라우저에서 동작하며 JavaScript가 필요합니다. JavaScript를 켜거나 아래 카테고리를 둘러보세요.',
};

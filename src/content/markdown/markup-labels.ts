// Load: the words the Markdown renderer writes into a body — alert titles, the footnotes' heading
// and back links, the table of contents, the links beside headings — in each UI language. They
// belong to the body's HTML, which feeds carry too, so they are chosen where the body is
// rendered, not by the page around it.
import type { Locale } from '../../config/schema.js';

export const ALERT_TYPES = ['note', 'tip', 'important', 'warning', 'caution'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export interface MarkupLabels {
  readonly alerts: Readonly<Record<AlertType, string>>;
  readonly footnotes: string;
  readonly backToReference: (n: number) => string;
  /** The title of a table of contents. */
  readonly contents: string;
  /** The accessible name of the link beside a heading. */
  readonly linkToSection: (heading: string) => string;
}

export const MARKUP_LABELS: Readonly<Record<Locale, MarkupLabels>> = {
  en: {
    alerts: {
      note: 'Note',
      tip: 'Tip',
      important: 'Important',
      warning: 'Warning',
      caution: 'Caution',
    },
    footnotes: 'Footnotes',
    backToReference: (n) => `Back to reference ${n}`,
    contents: 'Contents',
    linkToSection: (heading) => `Link to the section “${heading}”`,
  },
  ko: {
    alerts: { note: '참고', tip: '팁', important: '중요', warning: '경고', caution: '주의' },
    footnotes: '각주',
    backToReference: (n) => `본문의 각주 ${n}(으)로 돌아가기`,
    contents: '목차',
    linkToSection: (heading) => `‘${heading}’ 절로 가는 링크`,
  },
  ja: {
    alerts: { note: '注記', tip: 'ヒント', important: '重要', warning: '警告', caution: '注意' },
    footnotes: '脚注',
    backToReference: (n) => `本文の脚注 ${n} に戻る`,
    contents: '目次',
    linkToSection: (heading) => `「${heading}」へのリンク`,
  },
  'zh-Hans': {
    alerts: { note: '注意', tip: '提示', important: '重要', warning: '警告', caution: '小心' },
    footnotes: '脚注',
    backToReference: (n) => `返回正文脚注 ${n}`,
    contents: '目录',
    linkToSection: (heading) => `“${heading}”一节的链接`,
  },
  'zh-Hant': {
    alerts: { note: '注意', tip: '提示', important: '重要', warning: '警告', caution: '小心' },
    footnotes: '註腳',
    backToReference: (n) => `返回內文註腳 ${n}`,
    contents: '目錄',
    linkToSection: (heading) => `「${heading}」一節的連結`,
  },
};

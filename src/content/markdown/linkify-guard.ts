// Load: a cheap look before linkify-it's scan for bare links in every run of text.
import type MarkdownIt from 'markdown-it';

type Linkify = MarkdownIt['linkify'];

// Every link linkify-it can find has a scheme (`:`, or `//` for a scheme-relative one), an `@`
// (an email address) or a dot followed by the next part of a domain name. Text with none of these
// holds no link, and needs no pass of its large regular expressions, which otherwise take about a
// tenth of a build.
const MAY_HOLD_LINK = /[:/@]|\.\S/;

/** Makes `linkify` answer "no link" at once for text that cannot hold one; it answers as before. */
export function skipTextWithoutLinks(linkify: Linkify): void {
  const test = linkify.test.bind(linkify);
  const pretest = linkify.pretest.bind(linkify);
  linkify.test = (text: string) => MAY_HOLD_LINK.test(text) && test(text);
  linkify.pretest = (text: string) => MAY_HOLD_LINK.test(text) && pretest(text);
}

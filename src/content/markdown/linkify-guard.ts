// Load: which bare links a body's text makes, and a cheap look before linkify-it's scan for them
// in every run of text.
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

/**
 * Makes `linkify` find the bare links GitHub's Markdown finds: an address with its scheme, one
 * beginning `www.`, an email address. linkify-it by default also takes any word that ends in a
 * top-level domain for an address, so that `client.Do(req)`, `spring.application.name` and
 * `Schema.org` became links to hosts that are no one's.
 */
export function linkLikeGitHub(linkify: Linkify): void {
  linkify.set({ fuzzyLink: false });
  let address: RegExp | undefined;
  linkify.add('www.', {
    validate(text, at, self) {
      // As GitHub: after a space, a line's start, or the marks of emphasis and a bracket, not
      // inside a word or a host (`foo.www.example.com`).
      const before = text[at - 'www.'.length - 1];
      if (before !== undefined && !/[\s*_~(]/.test(before)) return 0;
      // Made once from linkify-it's own parts: a host with its domain, then a path.
      address ??= new RegExp(`^${self.re.src_host_port_strict}${self.re.src_path}`, 'i');
      return address.exec(text.slice(at))?.[0].length ?? 0;
    },
    normalize(match) {
      match.url = `http://${match.url}`;
    },
  });
}

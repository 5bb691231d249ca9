// Load: an image with a line of emphasis under it, alone in their paragraph, as a figure with that
// line as its caption — how Jekyll's Chirpy theme captions an image (`_A caption_` on the next
// line), how many blogs write one by hand, and what Folio's import makes of Hugo's `figure`.
import type MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

export function useImageCaptions(markdown: MarkdownIt): void {
  markdown.core.ruler.push('image_captions', (state) => {
    const { tokens } = state;
    for (let i = 1; i + 1 < tokens.length; i++) {
      const open = tokens[i - 1];
      const inline = tokens[i];
      const close = tokens[i + 1];
      if (open?.type !== 'paragraph_open' || inline?.type !== 'inline' || !close) continue;
      // A paragraph of a tight list shows no tags of its own.
      if (open.hidden) continue;
      const children = inline.children ?? [];
      const caption = captionAt(children);
      if (caption === undefined) continue;
      open.tag = 'figure';
      open.attrJoin('class', 'image-figure');
      close.tag = 'figure';
      const html = (content: string): Token => {
        const token = new state.Token('html_inline', '', 0);
        token.content = content;
        return token;
      };
      inline.children = [
        ...children.slice(0, caption.breakAt),
        html('\n<figcaption>'),
        ...children.slice(caption.breakAt + 2, -1),
        html('</figcaption>'),
      ];
    }
  });
}

/**
 * Where the line break after the image is, when `children` are an image (or a linked image), a
 * line break, and emphasis that runs to the end: the caption is what the emphasis holds.
 */
function captionAt(children: readonly Token[]): { breakAt: number } | undefined {
  const linked = children[0]?.type === 'link_open';
  const image = children[linked ? 1 : 0];
  if (image?.type !== 'image') return undefined;
  if (linked && children[2]?.type !== 'link_close') return undefined;
  const breakAt = linked ? 3 : 1;
  const lineBreak = children[breakAt]?.type;
  if (lineBreak !== 'softbreak' && lineBreak !== 'hardbreak') return undefined;
  const first = children[breakAt + 1];
  const last = children[children.length - 1];
  if (first?.type !== 'em_open' || last?.type !== 'em_close') return undefined;
  // One emphasis, not two side by side (`*a* and *b*`): the first closes at the very end.
  let depth = 0;
  for (let j = breakAt + 1; j < children.length; j++) {
    const type = children[j]?.type;
    if (type === 'em_open') depth++;
    else if (type === 'em_close' && --depth === 0 && j !== children.length - 1) return undefined;
  }
  if (breakAt + 3 > children.length - 1) return undefined;
  return { breakAt };
}

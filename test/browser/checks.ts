// Checks that run inside a loaded page: layout, images, headings, focus and axe-core.
// The functions handed to page.evaluate run in the browser: they may use only their arguments
// and the page's globals. The project compiles without the DOM library, so the few DOM shapes
// they touch are declared here.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { AXE_PATH } from './support.js';

interface Box {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly width: number;
  readonly height: number;
}

interface DomElement {
  readonly tagName: string;
  readonly id: string;
  readonly textContent: string | null;
  readonly scrollWidth: number;
  readonly clientWidth: number;
  readonly children: ArrayLike<DomElement>;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): Box;
  closest(selector: string): DomElement | null;
}

interface DomImage extends DomElement {
  readonly complete: boolean;
  readonly naturalWidth: number;
  readonly alt: string;
  readonly currentSrc: string;
  loading: string;
  decode(): Promise<void>;
}

interface DomStyle {
  readonly display: string;
  readonly visibility: string;
  readonly outlineStyle: string;
  readonly outlineWidth: string;
  readonly boxShadow: string;
  readonly overflowX: string;
}

interface DomWindow {
  readonly innerWidth: number;
  readonly document: {
    readonly documentElement: DomElement;
    readonly activeElement: DomElement | null;
    querySelectorAll(selector: string): ArrayLike<DomElement>;
  };
  getComputedStyle(element: DomElement): DomStyle;
}

/** One element that breaks a rule, named so that a failure message points at it. */
export interface Finding {
  readonly element: string;
  readonly detail: string;
}

export interface LayoutReport {
  readonly scrollWidth: number;
  readonly innerWidth: number;
  /** Text boxes that reach outside the viewport horizontally. */
  readonly outside: readonly Finding[];
  /** Text boxes whose content is wider than the box. */
  readonly clipped: readonly Finding[];
  /** Sibling boxes that intersect. */
  readonly overlaps: readonly Finding[];
}

/** Text the reader must be able to read whole: headings, entries, tags, bylines, pager, footer. */
export const TEXT_SELECTORS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  '.site-title a',
  '.tagline',
  '.site-nav a',
  '.page-subtitle',
  '.entry-title a',
  '.entry-excerpt',
  '.tags li',
  '.tags a',
  '.byline',
  '.byline > *',
  '.post-category',
  '.post-neighbours a',
  '.pager li',
  '.pager li > *',
  '.share a',
  '.site-footer a',
  '.copyright',
] as const;

/** Containers whose children are laid out side by side or one under another, never on top. */
export const LIST_SELECTORS = [
  '.site-header',
  '.site-nav ul',
  'main',
  'article.entry',
  'article.post > header',
  '.tags',
  '.byline',
  '.pager ul',
  '.share ul',
  '.post-neighbours ul',
  '.site-footer',
  '.profile-links',
] as const;

/** Measures the page's width, the text boxes found by `text`, and the children of `lists`. */
export function measureLayout(
  page: Page,
  selectors: { text: readonly string[]; lists: readonly string[] } = {
    text: TEXT_SELECTORS,
    lists: LIST_SELECTORS,
  },
): Promise<LayoutReport> {
  return page.evaluate(
    ({ textSelectors, listSelectors }) => {
      const win = globalThis as unknown as DomWindow;
      const doc = win.document;
      const viewport = win.innerWidth;
      const describe = (el: DomElement): string => {
        const cls = el.getAttribute('class');
        const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
        const short = text.length > 60 ? `${text.slice(0, 57)}...` : text;
        return `<${el.tagName.toLowerCase()}${cls ? ` class="${cls}"` : ''}> "${short}"`;
      };
      const shown = (el: DomElement): boolean => {
        const style = win.getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return (
          style.display !== 'none' &&
          style.visibility !== 'hidden' &&
          box.width > 0 &&
          box.height > 0
        );
      };
      const round = (n: number): number => Math.round(n * 10) / 10;
      const outside: Finding[] = [];
      const clipped: Finding[] = [];
      const overlaps: Finding[] = [];
      const seen = new Set<DomElement>();
      for (const selector of textSelectors) {
        for (const el of Array.from(doc.querySelectorAll(selector))) {
          if (seen.has(el) || !shown(el)) continue;
          seen.add(el);
          const box = el.getBoundingClientRect();
          if (box.left < -1 || box.right > viewport + 1) {
            outside.push({
              element: describe(el),
              detail: `spans x ${round(box.left)}..${round(box.right)}, viewport is 0..${viewport}`,
            });
          }
          if (el.scrollWidth > el.clientWidth + 1) {
            clipped.push({
              element: describe(el),
              detail: `scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}`,
            });
          }
        }
      }
      for (const selector of listSelectors) {
        for (const list of Array.from(doc.querySelectorAll(selector))) {
          const items = Array.from(list.children).filter(shown);
          const boxes = items.map((item) => item.getBoundingClientRect());
          for (let i = 0; i < items.length; i++) {
            for (let j = i + 1; j < items.length; j++) {
              const a = boxes[i];
              const b = boxes[j];
              const itemA = items[i];
              const itemB = items[j];
              if (!a || !b || !itemA || !itemB) continue;
              const dx = Math.min(a.right, b.right) - Math.max(a.left, b.left);
              const dy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
              if (dx > 1 && dy > 1) {
                overlaps.push({
                  element: `${describe(itemA)} and ${describe(itemB)} in ${selector}`,
                  detail: `intersect by ${round(dx)} x ${round(dy)} px`,
                });
              }
            }
          }
        }
      }
      return {
        scrollWidth: doc.documentElement.scrollWidth,
        innerWidth: viewport,
        outside,
        clipped,
        overlaps,
      };
    },
    { textSelectors: [...selectors.text], listSelectors: [...selectors.lists] },
  );
}

function list(findings: readonly Finding[]): string {
  return findings.map((f) => `\n  ${f.element}: ${f.detail}`).join('');
}

export function assertNoHorizontalScroll(report: LayoutReport): void {
  assert.ok(
    report.scrollWidth <= report.innerWidth,
    `the page scrolls horizontally: scrollWidth ${report.scrollWidth} > innerWidth ${report.innerWidth}`,
  );
}

export function assertTextFits(report: LayoutReport): void {
  const problems = [
    report.outside.length > 0 ? `outside the viewport:${list(report.outside)}` : '',
    report.clipped.length > 0 ? `wider than their box:${list(report.clipped)}` : '',
    report.overlaps.length > 0 ? `overlapping:${list(report.overlaps)}` : '',
  ].filter(Boolean);
  assert.deepEqual(problems, [], problems.join('\n'));
}

export interface ScrollBox {
  readonly element: string;
  readonly left: number;
  readonly right: number;
  readonly scrollWidth: number;
  readonly clientWidth: number;
  readonly overflowX: string;
}

/** The boxes found by `selector`, with how wide their content is and how they overflow. */
export function scrollBoxes(page: Page, selector: string): Promise<ScrollBox[]> {
  return page.evaluate((sel) => {
    const win = globalThis as unknown as DomWindow;
    return Array.from(win.document.querySelectorAll(sel)).map((el) => {
      const box = el.getBoundingClientRect();
      return {
        element: `<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 40)}..."`,
        left: box.left,
        right: box.right,
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        overflowX: win.getComputedStyle(el).overflowX,
      };
    });
  }, selector);
}

export interface ImageState {
  readonly src: string;
  readonly loaded: boolean;
  readonly alt: string;
}

/**
 * Every image of the page, each loaded as it would be once a reader scrolled to it: one below the
 * fold waits for that (`loading="lazy"`), and is loaded now.
 */
export function imageStates(page: Page): Promise<ImageState[]> {
  return page.evaluate(async () => {
    const doc = (globalThis as unknown as DomWindow).document;
    const images = Array.from(doc.querySelectorAll('img') as ArrayLike<DomImage>);
    for (const img of images) img.loading = 'eager';
    // A broken image rejects; it is reported below as not loaded.
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    return images.map((img) => ({
      src: img.currentSrc || (img.getAttribute('src') ?? ''),
      loaded: img.complete && img.naturalWidth > 0,
      alt: (img.getAttribute('alt') ?? '').trim(),
    }));
  });
}

export function assertImagesLoadedWithAlt(images: readonly ImageState[]): void {
  const broken = images.filter((img) => !img.loaded).map((img) => img.src);
  assert.deepEqual(broken, [], `images that did not load: ${broken.join(', ')}`);
  const unlabelled = images.filter((img) => img.alt === '').map((img) => img.src);
  assert.deepEqual(unlabelled, [], `images without alt text: ${unlabelled.join(', ')}`);
}

export interface Heading {
  readonly level: number;
  readonly text: string;
}

export function headings(page: Page): Promise<Heading[]> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as DomWindow).document;
    return Array.from(doc.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((h) => ({
      level: Number(h.tagName.slice(1)),
      text: (h.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80),
    }));
  });
}

/** Exactly one h1, first, and no level skipped going down. */
export function assertOutline(outline: readonly Heading[]): void {
  const shown = outline.map((h) => `${'  '.repeat(h.level - 1)}h${h.level} ${h.text}`).join('\n');
  assert.equal(
    outline.filter((h) => h.level === 1).length,
    1,
    `expected exactly one h1 in:\n${shown}`,
  );
  assert.equal(outline[0]?.level, 1, `the first heading is not the h1:\n${shown}`);
  outline.forEach((h, i) => {
    const previous = outline[i - 1];
    if (previous && h.level > previous.level + 1) {
      assert.fail(
        `h${previous.level} "${previous.text}" is followed by h${h.level} "${h.text}", skipping a level:\n${shown}`,
      );
    }
  });
}

export interface FocusState {
  readonly tag: string;
  readonly text: string;
  readonly href: string | null;
  readonly inMain: boolean;
  readonly inPager: boolean;
  readonly outlineStyle: string;
  readonly outlineWidth: string;
  readonly boxShadow: string;
}

export function focusState(page: Page): Promise<FocusState | null> {
  return page.evaluate(() => {
    const win = globalThis as unknown as DomWindow;
    const el = win.document.activeElement;
    if (!el) return null;
    const style = win.getComputedStyle(el);
    return {
      tag: el.tagName.toLowerCase(),
      text: (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
      href: el.getAttribute('href'),
      inMain: el.closest('main') !== null,
      inPager: el.closest('nav.pager') !== null,
      outlineStyle: style.outlineStyle,
      outlineWidth: style.outlineWidth,
      boxShadow: style.boxShadow,
    };
  });
}

/** A focus indicator the eye can see: an outline of some width, or a box shadow. */
export function hasVisibleFocus(state: FocusState): boolean {
  const outline = state.outlineStyle !== 'none' && state.outlineWidth !== '0px';
  return outline || (state.boxShadow !== '' && state.boxShadow !== 'none');
}

export interface AxeViolation {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly nodes: readonly { readonly target: string; readonly summary: string }[];
}

interface AxeGlobal {
  readonly axe: {
    run(
      context: unknown,
      options: { resultTypes: string[] },
    ): Promise<{
      violations: {
        id: string;
        impact?: string | null;
        help: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    }>;
  };
}

/** Injects axe-core into the page and runs every default rule, colour contrast included. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    const { axe, document } = globalThis as unknown as AxeGlobal & DomWindow;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' '),
      })),
    }));
  });
}

export function assertNoAxeViolations(violations: readonly AxeViolation[]): void {
  const text = violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}${v.nodes
          .slice(0, 8)
          .map((n) => `\n  ${n.target}: ${n.summary}`)
          .join('')}${v.nodes.length > 8 ? `\n  … and ${v.nodes.length - 8} more` : ''}`,
    )
    .join('\n');
  assert.equal(violations.length, 0, `axe-core violations:\n${text}`);
}

// Render: HTML templates as tagged template literals that escape every interpolated value.

/** A piece of markup that is already safe to emit as it is. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What a template may interpolate: text is escaped, `Html` is kept, lists are joined. */
export type Interpolation =
  Html | string | number | null | undefined | false | readonly Interpolation[];

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * `html\`<a href="${url}">${title}</a>\`` escapes `url` and `title`; nested `html` results,
 * `raw()` markup and arrays of them pass through. `null`, `undefined` and `false` print nothing.
 */
export function html(strings: TemplateStringsArray, ...values: readonly Interpolation[]): Html {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) {
    out += serialize(values[i]) + (strings[i + 1] ?? '');
  }
  return new Html(out);
}

/** Marks trusted markup, such as the author's rendered Markdown, as safe to emit unchanged. */
export function raw(markup: string): Html {
  return new Html(markup);
}

function serialize(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.value;
  if (typeof value === 'string') return escapeHtml(value);
  if (typeof value === 'number') return String(value);
  return value.map(serialize).join('');
}

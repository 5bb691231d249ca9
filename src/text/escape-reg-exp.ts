// Text: a string as a regular expression that matches it and nothing else.

/** `text` with every character a regular expression reads as syntax escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

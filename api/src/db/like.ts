/**
 * A LIKE pattern that finds `text` anywhere: its own `%`, `_` and `\` are escaped, so that a search for "50%"
 * finds that text, not everything.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** A LIKE pattern that finds values starting with `text` (an index range), its own `%`, `_` and `\` escaped. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

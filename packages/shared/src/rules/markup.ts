const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe to place in HTML or XML, as element content or inside a quoted attribute.
 * - `&`, `<`, `>`, `"` and `'` become references; nothing else changes
 * - the same references mean the same characters in HTML and in XML (`&#39;`, not HTML's-only `&apos;` or
 *   XML's-only forms), so pages, mails, SVG pictures and sitemaps share this one function
 */
export function escapeMarkup(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}

import { describe, expect, it } from 'vitest';
import { escapeMarkup } from './markup';

describe('escapeMarkup', () => {
  it.each([
    ['plain text', 'plain text'],
    ['a & b', 'a &amp; b'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    [`"quoted" and 'single'`, '&quot;quoted&quot; and &#39;single&#39;'],
    ['&amp; stays text', '&amp;amp; stays text'],
    ['₹1,499 · Café', '₹1,499 · Café'],
  ])('%s', (input, output) => {
    expect(escapeMarkup(input)).toBe(output);
  });
});

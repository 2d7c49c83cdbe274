/**
 * The shop's own pages that India's Consumer Protection (E-Commerce) Rules, 2020 ask every online seller for: the
 * terms, privacy, shipping and returns policies, and a contact page naming the grievance officer. Staff write them
 * in the back office (Settings → Shop pages); until then each says, in the shop's voice, what it will hold.
 */
export const SHOP_PAGES = ['terms', 'privacy', 'shipping', 'returns', 'contact'] as const;
export type ShopPageSlug = (typeof SHOP_PAGES)[number];

export const SHOP_PAGE_TITLES: Record<ShopPageSlug, string> = {
  terms: 'Terms of use',
  privacy: 'Privacy policy',
  shipping: 'Shipping policy',
  returns: 'Returns & refunds',
  contact: 'Contact us',
};

/** The longest page text staff may save (characters). */
export const MAX_SHOP_PAGE_LENGTH = 20_000;

export const isShopPage = (slug: string): slug is ShopPageSlug =>
  (SHOP_PAGES as readonly string[]).includes(slug);

/**
 * A page's text as paragraphs: blank lines separate them, a line starting with "## " is a heading, lines starting
 * with "- " are list items. Plain text only (nothing is read as markup).
 */
export type PageBlock = { kind: 'heading' | 'paragraph'; text: string } | { kind: 'list'; items: string[] };

export function pageBlocks(body: string): PageBlock[] {
  const blocks: PageBlock[] = [];
  for (const chunk of body.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    if (lines.every((l) => l.startsWith('- '))) {
      blocks.push({ kind: 'list', items: lines.map((l) => l.slice(2).trim()) });
      continue;
    }
    for (const [i, line] of lines.entries()) {
      if (line.startsWith('## ')) blocks.push({ kind: 'heading', text: line.slice(3).trim() });
      else {
        blocks.push({ kind: 'paragraph', text: lines.slice(i).join(' ') });
        break;
      }
    }
  }
  return blocks;
}

import type { Product } from '@voltcart/shared';
import { optionsLabel } from '@voltcart/shared';

/** One combination a card's Add to Cart may put in the cart: a switched-on variant, or the product itself. */
export interface VariantChoice {
  colorId: string | null;
  colorName: string | null;
  colorSlug: string | null;
  memorySize: number | null;
  sku: string | null;
  /** Unit price and MSRP (rupees) of this combination. */
  price: number;
  msrp: number;
  stock: number;
  /** Sellable now: the product's switch on and units left. */
  sellable: boolean;
  /** This colour's first picture, else the product's thumbnail. */
  thumbnail: string;
  /** "Crimson Red · 1 TB"; '' for a product without options. */
  label: string;
}

/** The list's colour and memory filters, as the card's Add to Cart reads them. */
export interface CardFilters {
  colorSlugs: readonly string[];
  memory: readonly number[];
}

/**
 * Every combination a shopper can choose on a card, in the product's order.
 * - the switched-on variants (the API sends shoppers no others)
 * - a product without variants (an API before variants): the product itself, without options
 */
export function variantChoices(product: Product): VariantChoice[] {
  const colors = new Map((product.colors ?? []).map((c) => [c._id, c]));
  const variants = (product.variants ?? []).filter((v) => v.enabled);
  if (variants.length === 0) {
    return [
      {
        colorId: null,
        colorName: null,
        colorSlug: null,
        memorySize: null,
        sku: product.sku,
        price: product.finalPrice,
        msrp: product.originalPrice,
        stock: product.stock,
        sellable: product.inStock && product.stock > 0,
        thumbnail: product.thumbnail,
        label: '',
      },
    ];
  }
  return variants.map((v) => {
    const color = v.colorId ? colors.get(v.colorId) : undefined;
    return {
      colorId: v.colorId,
      colorName: color?.name ?? null,
      colorSlug: color?.slug ?? null,
      memorySize: v.memorySize,
      sku: v.sku,
      price: v.price,
      msrp: Math.max(v.originalPrice, v.price),
      stock: v.stock,
      sellable: product.inStock && v.stock > 0,
      thumbnail: (v.colorId && product.colorImages?.[v.colorId]?.[0]) || product.thumbnail,
      label: optionsLabel(color?.name, v.memorySize),
    };
  });
}

const matches = (c: VariantChoice, f: CardFilters) =>
  (f.colorSlugs.length === 0 || (c.colorSlug !== null && f.colorSlugs.includes(c.colorSlug))) &&
  (f.memory.length === 0 || (c.memorySize !== null && f.memory.includes(c.memorySize)));

/**
 * What a card's Add to Cart does; it never picks for the shopper between combinations they could tell apart.
 * - `add`: the only sellable combination, or the only sellable one matching the list's colour and memory
 *   filters: added as it is (the card says which)
 * - `choose`: several could be meant: the chooser opens with every combination, the first sellable one
 *   matching the filters (else the first sellable one) chosen
 * - `none`: nothing is sellable any more (the list was older than the stock)
 */
export function cardAction(
  choices: readonly VariantChoice[],
  filters: CardFilters = { colorSlugs: [], memory: [] },
):
  | { kind: 'add'; choice: VariantChoice }
  | { kind: 'choose'; preselected: VariantChoice }
  | { kind: 'none' } {
  const sellable = choices.filter((c) => c.sellable);
  if (sellable.length === 0) return { kind: 'none' };
  if (sellable.length === 1) return { kind: 'add', choice: sellable[0]! };
  const matching = sellable.filter((c) => matches(c, filters));
  if (matching.length === 1) return { kind: 'add', choice: matching[0]! };
  return { kind: 'choose', preselected: matching[0] ?? sellable[0]! };
}

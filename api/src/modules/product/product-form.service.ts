import {
  fieldLabel,
  finalPricePaise,
  isBlank,
  lowestOptionPricePaise,
  type Product,
  type ProductBody,
  productBody,
  slugify,
  stockCount,
  toPaise,
  toRupees,
} from '@voltcart/shared';
import { badRequest } from '../../errors';
import type * as repo from './product.repository';
import { PRODUCT_MESSAGES as M } from './product.service';

export type Form = Record<string, unknown>;
/** Text fields where an empty value sent on update means "clear it". */
const CLEARABLE = [
  'sku',
  'brand',
  'videoUrl',
  'shortDescription',
  'longDescription',
  'categoryId',
  'hsnCode',
  'gstRate',
  'weightGrams',
] as const;
const FIELDS = [
  'name',
  'sku',
  'brand',
  'originalPrice',
  'discountPercentage',
  'categoryId',
  'colors',
  'memorySizes',
  'memoryPriceAdj',
  'stock',
  'inStock',
  'status',
  'topSelling',
  'videoUrl',
  'shortDescription',
  'longDescription',
  'hsnCode',
  'gstRate',
  'weightGrams',
] as const;

/** Field-specific wording for list fields, whose zod union errors are too vague to show. */
const LIST_HINT: Record<string, string> = {
  colors: 'colors must be a JSON list of colour ids or {"_id", "priceAdj"} objects',
  memorySizes: 'memorySizes must be a JSON list of sizes in GB, e.g. [128, 256]',
  memoryPriceAdj: 'memoryPriceAdj must be a JSON list of rupee amounts, e.g. [0, 5000]',
};

function parseProduct(input: Form): ProductBody {
  const r = productBody.safeParse(input);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  let msg = issue.message;
  if (
    field in LIST_HINT &&
    (issue.code === 'invalid_union' || /^Invalid/.test(msg) || issue.path.length > 1)
  ) {
    // Name the entry at fault when zod points into the list.
    const at = typeof issue.path[1] === 'number' ? ` (entry ${issue.path[1] + 1}: ${msg})` : '';
    throw badRequest(`${LIST_HINT[field]}${at}`);
  }
  if (issue.code === 'invalid_type' && input[field] === undefined) msg = 'is required';
  // Named as the product form labels it ("Video URL must start with…"), for the staff who read it.
  throw badRequest(field ? `${fieldLabel(productBody, issue.path) ?? field} ${msg}` : msg);
}

/** What a create or update asks for, after validation, in database units (paise). */
export interface Plan {
  values: Partial<repo.ProductValues>;
  /** Update only: the stock the client loaded; `values.stock` is written only while the stock is still this. */
  expectedStock?: number;
  colors?: { colorId: number; pricePaise: number }[];
  memory?: { sizeGb: number; pricePaise: number }[];
}

function plan(p: ProductBody, sent: Set<string>): Plan {
  const values: Partial<repo.ProductValues> = {};
  if (sent.has('name')) {
    values.name = p.name;
    values.slug = slugify(p.name);
    if (!values.slug) throw badRequest(M.emptySlug);
  }
  if (sent.has('sku')) values.sku = p.sku ? p.sku : null;
  if (sent.has('brand')) values.brand = p.brand ?? '';
  if (sent.has('originalPrice') || sent.has('discountPercentage')) {
    // The column keeps 2 decimals: round first so that the stored discount gives the stored final price.
    const discount = Math.round(p.discountPercentage * 100) / 100;
    const original = toPaise(p.originalPrice);
    values.original_price = original;
    values.discount_percentage = discount;
    values.final_price = finalPricePaise(original, discount);
  }
  if (sent.has('categoryId')) values.category_id = p.categoryId ? Number(p.categoryId) : null;
  if (sent.has('stock')) values.stock = p.stock;
  if (sent.has('inStock')) values.in_stock = p.inStock === false ? 0 : 1;
  if (sent.has('status')) values.status = p.status === false ? 0 : 1;
  if (sent.has('topSelling')) values.top_selling = p.topSelling ? 1 : 0;
  if (sent.has('videoUrl')) values.video_url = p.videoUrl ?? '';
  if (sent.has('shortDescription')) values.short_description = p.shortDescription || null;
  if (sent.has('longDescription')) values.long_description = p.longDescription || null;
  // Empty: the product's category's HSN code or rate applies.
  if (sent.has('hsnCode')) values.hsn_code = p.hsnCode || null;
  if (sent.has('gstRate'))
    values.gst_rate_bp = p.gstRate === '' || p.gstRate === undefined ? null : Math.round(p.gstRate * 100);
  if (sent.has('weightGrams')) values.weight_grams = p.weightGrams || null;

  const out: Plan = { values };
  if (sent.has('colors')) {
    const seen = new Set<number>();
    out.colors = [];
    for (const c of p.colors ?? []) {
      const colorId = Number(c.colorId);
      if (seen.has(colorId)) continue;
      seen.add(colorId);
      out.colors.push({ colorId, pricePaise: toPaise(c.priceAdj) });
    }
  }
  if (sent.has('memorySizes') || sent.has('memoryPriceAdj')) {
    const sizes = p.memorySizes ?? [];
    if (new Set(sizes).size !== sizes.length)
      throw badRequest('memorySizes must not list the same size twice');
    out.memory = sizes.map((sizeGb, i) => ({ sizeGb, pricePaise: toPaise(p.memoryPriceAdj?.[i] ?? 0) }));
  }
  return out;
}

/**
 * The unit-price rule's other half (packages/shared pricing: prices are never clamped): a product is
 * refused when its cheapest choice of options would cost less than ₹0.
 * - the cheapest choice: the final price with the lowest colour and the lowest memory adjustment
 * - the message names the option list(s) whose negative adjustments do it, and what that choice would cost
 */
function refuseBelowZero(finalPaise: number, colorPaise: number[], memoryPaise: number[]): void {
  const lowest = toRupees(lowestOptionPricePaise(finalPaise, colorPaise, memoryPaise));
  if (lowest >= 0) return;
  const fields = [
    ...(Math.min(0, ...colorPaise) < 0 ? ['colors'] : []),
    ...(Math.min(0, ...memoryPaise) < 0 ? ['memoryPriceAdj'] : []),
  ];
  const what = fields.length > 1 ? 'price adjustments' : 'a price adjustment';
  throw badRequest(
    `${fields.join(' and ')}: ${what} may not bring the price below ₹0 (the cheapest choice would cost ₹${lowest}).`,
  );
}

/** Reads a create form: `name` and `originalPrice` are required, everything else has a default. */
export function createInput(form: Form): Plan {
  for (const f of ['name', 'originalPrice'] as const)
    if (isBlank(form[f])) throw badRequest(`${fieldLabel(productBody, [f]) ?? f} is required`);
  const input: Form = {};
  for (const f of FIELDS) if (!isBlank(form[f])) input[f] = form[f];
  const p = parseProduct(input);
  // Every column is written on create, defaults included.
  const out = plan(p, new Set(FIELDS));
  refuseBelowZero(
    out.values.final_price!,
    (out.colors ?? []).map((c) => c.pricePaise),
    (out.memory ?? []).map((m) => m.pricePaise),
  );
  return out;
}

/**
 * Reads an update form: only the fields sent change. The rest of the product is merged in before
 * validation so that the rules (price, discount, memory lists) are checked on the result.
 * An empty text field sent on purpose clears it; other empty fields are ignored (forms send every input).
 * A stock change is compare-and-set: `stock` comes with `expectedStock` (the stock the client loaded), and
 * neither goes without the other. A client that writes back the stock it loaded (an older back office sends
 * every field) is refused rather than allowed to bring back units sold since.
 */
export function updateInput(form: Form, current: Product): Plan {
  const sent = new Set<string>();
  const input: Form = {
    name: current.name,
    originalPrice: current.originalPrice,
    discountPercentage: current.discountPercentage,
    stock: current.stock,
    memorySizes: current.memorySizes,
  };
  for (const f of FIELDS) {
    const v = form[f];
    if (v === undefined) continue;
    if (isBlank(v) && !(CLEARABLE as readonly string[]).includes(f)) continue;
    sent.add(f);
    input[f] = v;
  }
  // Adjustments alone apply to the current sizes (already in `input`).
  if (sent.has('memoryPriceAdj')) sent.add('memorySizes');
  else if (sent.has('memorySizes')) {
    // New sizes without adjustments keep the adjustment each size had before.
    const before = new Map(current.memorySizes.map((s, i) => [s, current.memoryPriceAdj[i] ?? 0]));
    const sizes = parseProduct(input).memorySizes ?? [];
    input.memoryPriceAdj = sizes.map((s) => before.get(s) ?? 0);
    sent.add('memoryPriceAdj');
  }
  const out = plan(parseProduct(input), sent);
  const expected = form.expectedStock;
  if (sent.has('stock') && isBlank(expected)) throw badRequest(M.expectedStockNeeded);
  if (!sent.has('stock') && !isBlank(expected)) throw badRequest(M.expectedStockAlone);
  if (!isBlank(expected)) {
    const r = stockCount.safeParse(expected);
    if (!r.success) throw badRequest(`expectedStock ${r.error.issues[0]!.message}`);
    out.expectedStock = r.data;
  }
  // The product as it will be: what changes, and the rest as it is.
  refuseBelowZero(
    out.values.final_price ?? finalPricePaise(toPaise(current.originalPrice), current.discountPercentage),
    out.colors ? out.colors.map((c) => c.pricePaise) : current.colors.map((c) => toPaise(c.priceAdj)),
    out.memory ? out.memory.map((m) => m.pricePaise) : current.memoryPriceAdj.map(toPaise),
  );
  return out;
}

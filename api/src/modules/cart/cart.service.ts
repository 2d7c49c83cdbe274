import {
  type CartLine,
  type LocalCartLine,
  toRupees,
  unitOriginalPaise,
  unitPricePaise,
} from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../errors';
import { transaction, withRetry } from '../../lib/transaction';
import * as repo from './cart.repository';

/** Most units of one line (product + options) a cart may hold; the request schema has the same bound. */
const CART_MAX_QTY = 99;

export const CART_MESSAGES = {
  loaded: 'OK',
  updated: 'Cart updated.',
  removed: 'Item removed from your cart.',
  cleared: 'Your cart is now empty.',
  saved: 'Your cart has been saved.',
  lineNotFound: 'Cart line not found.',
} as const;

function toCartLine(r: repo.CartLineRow): CartLine {
  const figures = {
    pricePaise: r.final_price_paise,
    originalPaise: r.original_price_paise,
    colorAdjPaise: r.color_adj_paise,
    memoryAdjPaise: r.memory_adj_paise,
    overridePaise: r.override_paise,
  };
  return {
    _id: String(r.id),
    product_id: {
      _id: String(r.product_id),
      name: r.name,
      slug: r.slug,
      thumbnail: r.thumbnail,
      finalPrice: toRupees(r.final_price_paise),
      originalPrice: toRupees(r.original_price_paise),
      stock: r.stock,
      inStock: r.in_stock,
      status: r.status,
    },
    productId: String(r.product_id),
    colorId: r.color_id ? String(r.color_id) : null,
    color: r.color_id
      ? {
          _id: String(r.color_id),
          name: r.color_name ?? '',
          hexcode: r.color_hexcode ?? '',
          priceAdj: toRupees(r.color_adj_paise),
        }
      : null,
    memorySize: r.memory_size,
    variantId: r.variant_id === null ? null : String(r.variant_id),
    sku: r.sku,
    qty: r.qty,
    unitPrice: toRupees(unitPricePaise(figures)),
    unitOriginalPrice: toRupees(unitOriginalPaise(figures)),
  };
}

export async function getCart(db: Db, userId: number): Promise<CartLine[]> {
  return (await repo.readCartLines(db, userId)).map(toCartLine);
}

interface Stocked {
  name: string;
  stock: number;
  in_stock: number;
  status: number;
}

/** Units that can be sold now: the merchant's switches on, else none. */
const available = (p: Stocked) => (p.status && p.in_stock ? p.stock : 0);

/**
 * Whether a line may hold `qty` units.
 * - the product must still be offered (status on), else 409
 * - with no sellable stock (Stock switch off or 0 units): 409 'X is out of stock.'
 * - more than the stock: 409 'Only N left in stock for X.'
 * - more than 99: 409
 */
function checkQty(p: Stocked, qty: number): void {
  if (!p.status) throw conflict(`${p.name} is no longer available.`, 'unavailable');
  const n = available(p);
  if (n <= 0) throw new AppError(409, 'out_of_stock', `${p.name} is out of stock.`, { available: 0 });
  if (qty > n)
    throw new AppError(409, 'insufficient_stock', `Only ${n} left in stock for ${p.name}.`, { available: n });
  if (qty > CART_MAX_QTY)
    throw conflict(`You can have at most ${CART_MAX_QTY} of ${p.name} in your cart.`, 'qty_limit');
}

type Options = { colors: Map<number, number[]>; memory: Map<number, number[]> };
type VariantRow = Awaited<ReturnType<typeof repo.findVariants>>[number];
const variantKey = (productId: number, colorId: number, memorySize: number) =>
  `${productId}:${colorId}:${memorySize}`;

async function loadVariants(db: Db, productIds: number[]): Promise<Map<string, VariantRow>> {
  const rows = await repo.findVariants(db, productIds);
  return new Map(
    rows.map((v) => [variantKey(Number(v.product_id), Number(v.color_id), Number(v.memory_size)), v]),
  );
}

/** A line's product with its variant's units: a combination not sold, or switched off, has none to sell. */
const withVariant = (p: Stocked, v: VariantRow | undefined): Stocked => ({
  ...p,
  stock: v?.enabled ? Number(v.stock) : 0,
});

const notSold = (name: string) =>
  conflict(
    `${name} is not sold in this colour and memory size. Choose one of the combinations shown.`,
    'option_unavailable',
  );

async function loadOptions(db: Db, productIds: number[]): Promise<Options> {
  const [colors, memory] = await Promise.all([
    repo.findProductColors(db, productIds),
    repo.findProductMemory(db, productIds),
  ]);
  const group = (rows: { product_id: number; v: number }[]) => {
    const m = new Map<number, number[]>();
    for (const r of rows) m.set(r.product_id, [...(m.get(r.product_id) ?? []), r.v]);
    return m;
  };
  return {
    colors: group(colors.map((r) => ({ product_id: Number(r.product_id), v: Number(r.color_id) }))),
    memory: group(memory.map((r) => ({ product_id: Number(r.product_id), v: Number(r.size_gb) }))),
  };
}

/**
 * The options a line gets (the first colour and first memory size unless others are chosen):
 * - a product without colours (or memory sizes) stores none (0), whatever was sent; the storefront
 *   shows fallback choices for such products, which are not real options
 * - nothing sent: the first by position
 * - something the product does not offer: refused (400) when `strict`, else the first (a stale guest cart)
 */
function resolveOptions(
  product: { id: number; name: string },
  opts: Options,
  colorId: string | null,
  memorySize: number | null,
  strict: boolean,
): { color_id: number; memory_size: number } {
  const pick = (offered: number[] | undefined, wanted: number | null, message: string) => {
    if (!offered?.length) return 0;
    if (wanted === null) return offered[0]!;
    if (offered.includes(wanted)) return wanted;
    if (strict) throw badRequest(message, 'invalid_option');
    return offered[0]!;
  };
  return {
    color_id: pick(
      opts.colors.get(product.id),
      colorId === null ? null : Number(colorId),
      `This colour is not available for ${product.name}. Choose one of the colours shown.`,
    ),
    memory_size: pick(
      opts.memory.get(product.id),
      memorySize,
      `${memorySize} GB is not available for ${product.name}. Choose one of the memory sizes shown.`,
    ),
  };
}

/**
 * Adds `qty` units of a product with its options: to the identical line when there is one, else as a
 * new line. Unknown or withdrawn products are 404; the line total is checked against stock and 99.
 */
export async function addToCart(
  db: Db,
  userId: number,
  input: {
    productId: string;
    qty: number;
    colorId: string | null;
    memorySize: number | null;
    variantId?: string | null;
    sku?: string;
  },
): Promise<{ cart: CartLine[]; msg: string }> {
  const productId = Number(input.productId);
  const name = await transaction(db, async (trx) => {
    if (!(await repo.lockCartOwner(trx, userId)))
      throw unauthorized('Your session is not valid. Please log in again.');
    let { colorId, memorySize } = input;
    if (input.variantId || input.sku) {
      // The variant names its own colour and memory size.
      const chosen = await repo.findVariant(
        trx,
        input.variantId ? { id: Number(input.variantId) } : { sku: input.sku! },
      );
      if (!chosen || Number(chosen.product_id) !== productId)
        throw badRequest(
          `${input.variantId ? 'variantId' : 'sku'} is not a variant of this product.`,
          'invalid_option',
        );
      colorId = chosen.color_id ? String(chosen.color_id) : null;
      memorySize = chosen.memory_size || null;
    }
    const [p] = await repo.findProducts(trx, [productId]);
    if (!p?.status) throw notFound('Product');
    const product = { id: Number(p.id), name: p.name };
    const [opts, variants] = await Promise.all([
      loadOptions(trx, [product.id]),
      loadVariants(trx, [product.id]),
    ]);
    const key = {
      user_id: userId,
      product_id: product.id,
      ...resolveOptions(product, opts, colorId, memorySize, true),
    };
    const variant = variants.get(variantKey(product.id, key.color_id, key.memory_size));
    if (!variant?.enabled) throw notSold(p.name);
    const existing = await repo.findLineByKey(trx, key);
    const qty = (existing?.qty ?? 0) + input.qty;
    checkQty(withVariant(p, variant), qty);
    await repo.upsertLines(trx, [{ ...key, qty }]);
    return p.name;
  });
  return { cart: await getCart(db, userId), msg: `${name} added to your cart.` };
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * Merges the guest (local) cart into the server cart at login, in one transaction.
 * - identical lines (product + colour + memory size) are summed, with the server's own quantity
 * - each line is capped at the stock and at 99 (the message says which were reduced)
 * - products that no longer exist or are withdrawn are skipped; out-of-stock ones are not added
 * - options the product no longer offers fall back to its first ones, as a line with none chosen gets
 */
export async function mergeGuestCart(
  db: Db,
  userId: number,
  lines: LocalCartLine[],
): Promise<{ cart: CartLine[]; msg: string }> {
  const notes = await transaction(db, async (trx) => {
    if (!(await repo.lockCartOwner(trx, userId)))
      throw unauthorized('Your session is not valid. Please log in again.');
    if (lines.length === 0) return [];
    const ids = [...new Set(lines.map((l) => Number(l.productId)))];
    const [products, opts, existing, variants] = await Promise.all([
      repo.findProducts(trx, ids),
      loadOptions(trx, ids),
      repo.listLineKeys(trx, userId),
      loadVariants(trx, ids),
    ]);
    const byId = new Map(products.map((p) => [Number(p.id), p]));
    const keyOf = (k: { product_id: number; color_id: number; memory_size: number }) =>
      `${k.product_id}:${k.color_id}:${k.memory_size}`;

    let skipped = 0;
    const wanted = new Map<
      string,
      { product_id: number; color_id: number; memory_size: number; qty: number }
    >();
    for (const l of lines) {
      const p = byId.get(Number(l.productId));
      if (!p?.status) {
        skipped++;
        continue;
      }
      const k = {
        product_id: Number(p.id),
        ...resolveOptions({ id: Number(p.id), name: p.name }, opts, l.colorId, l.memorySize, false),
      };
      const prev = wanted.get(keyOf(k));
      wanted.set(keyOf(k), { ...k, qty: (prev?.qty ?? 0) + l.qty });
    }

    const onServer = new Map(existing.map((e) => [keyOf(e), Number(e.qty)]));
    const outOfStock = new Set<string>();
    const reduced = new Set<string>();
    const writes: Parameters<typeof repo.upsertLines>[1] = [];
    for (const [key, w] of wanted) {
      const p = withVariant(byId.get(w.product_id)!, variants.get(key));
      const cap = Math.min(available(p), CART_MAX_QTY);
      if (cap <= 0) {
        outOfStock.add(p.name);
        continue;
      }
      const total = (onServer.get(key) ?? 0) + w.qty;
      if (total > cap) reduced.add(p.name);
      writes.push({ user_id: userId, ...w, qty: Math.min(total, cap) });
    }
    await repo.upsertLines(trx, writes);

    const out: string[] = [];
    if (skipped)
      out.push(
        `${skipped} ${plural(skipped, 'item is', 'items are')} no longer available and ${plural(skipped, 'was', 'were')} left out.`,
      );
    if (outOfStock.size)
      out.push(
        `${list([...outOfStock])} ${plural(outOfStock.size, 'is', 'are')} out of stock and not added.`,
      );
    if (reduced.size) out.push(`The quantity of ${list([...reduced])} was reduced to what is in stock.`);
    return out;
  });
  return { cart: await getCart(db, userId), msg: [CART_MESSAGES.saved, ...notes].join(' ') };
}

/** Sets a line's quantity; someone else's line is not found. */
export async function updateLine(db: Db, userId: number, lineId: number, qty: number): Promise<CartLine[]> {
  const line = await repo.findOwnLine(db, userId, lineId);
  if (!line) throw new AppError(404, 'not_found', CART_MESSAGES.lineNotFound);
  if (line.status && !line.enabled) throw notSold(line.name);
  checkQty({ ...line, stock: Number(line.stock ?? 0) }, qty);
  await withRetry(() => repo.setLineQty(db, userId, lineId, qty));
  return getCart(db, userId);
}

export async function removeLine(db: Db, userId: number, lineId: number): Promise<CartLine[]> {
  if ((await withRetry(() => repo.deleteLine(db, userId, lineId))) === 0)
    throw new AppError(404, 'not_found', CART_MESSAGES.lineNotFound);
  return getCart(db, userId);
}

export async function emptyCart(db: Db, userId: number): Promise<void> {
  await withRetry(() => repo.clearCart(db, userId));
}

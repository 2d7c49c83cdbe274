import {
  type Product,
  suggestVariantSku,
  toPaise,
  toRupees,
  type Variant,
  type VariantCreateBody,
  type VariantUpdateBody,
} from '@voltcart/shared';
import type { Deps } from '../../app-env';
import type { Db } from '../../db/connection';
import { isDuplicateKey } from '../../db/errors';
import { AppError, badRequest, notFound } from '../../errors';
import { transaction } from '../../lib/transaction';
import { type Actor, recordAudit } from '../audit/audit.service';
import { resortVariantAlerts } from '../stock/low-stock.service';
import { recordStock, type StockContext } from '../stock/stock-ledger.service';
import * as vrepo from './product-variant.repository';

/**
 * Variants: one per colour × memory size combination that is sold.
 * - a product without colours (or memory sizes) has variants with none of that kind (stored as 0, shown as null)
 * - a product with no options has exactly one variant
 * - the product's `stock` is the units of its switched-on variants; `finalPrice` their lowest price
 *   (refreshFigures after every change)
 * - stock is never dropped silently: removing an option, or a variant, that holds units is refused (409 with the
 *   units); the merchant sets the stock to 0 first
 * - every write locks the product row first, then its variants (the order checkout takes them in too)
 */

export const VARIANT_MESSAGES = {
  created: 'Variant created.',
  updated: 'Variant updated.',
  deleted: 'Variant deleted.',
  stockSaved: (n: number) => `Stock saved for ${n} ${n === 1 ? 'variant' : 'variants'}.`,
  expectedStockNeeded:
    'expectedStock is required with stock: send the stock you loaded, so that units sold meanwhile are not brought back.',
  expectedStockAlone: 'expectedStock goes with stock: send the new stock as well, or neither.',
  nothingToChange: 'Send at least one field to change.',
  stockOnVariants: (n: number) =>
    `This product has ${n} variants: its stock is the sum of theirs. Edit the stock of each variant instead (Variants).`,
} as const;
const M = VARIANT_MESSAGES;

export function toVariant(v: vrepo.PricedVariantRow): Variant {
  return {
    _id: String(v.id),
    sku: v.sku,
    colorId: v.color_id ? String(v.color_id) : null,
    memorySize: v.memory_size || null,
    stock: v.stock,
    price: toRupees(v.price),
    originalPrice: toRupees(v.original),
    priceOverride: v.price_override === null ? null : toRupees(v.price_override),
    enabled: Boolean(v.enabled),
    position: v.position,
    weightGrams: v.weight_grams ?? null,
    lowStockThreshold: v.low_stock_threshold ?? null,
  };
}

/** A variant as shoppers see it: without the shop's stock-keeping (its low-stock threshold). */
export function toShopperVariant(v: vrepo.PricedVariantRow): Variant {
  const { lowStockThreshold: _staffOnly, ...shown } = toVariant(v);
  return shown;
}

const duplicateSku = (sku: string) =>
  new AppError(409, 'duplicate_sku', `A variant with the SKU "${sku}" already exists. Choose another SKU.`, {
    sku,
  });

/** Suggested SKUs that are taken already get the product id appended, so that a create never fails on them. */
async function freeSkus(db: Db, productId: number, skus: string[]): Promise<string[]> {
  if (!skus.length) return [];
  const taken = new Set(
    (await db.selectFrom('product_variants').select('sku').where('sku', 'in', skus).execute()).map((r) =>
      r.sku.toUpperCase(),
    ),
  );
  return skus.map((s) => (taken.has(s.toUpperCase()) ? `${s}-${productId}` : s));
}

/**
 * Makes the variants follow the product's options after they were saved (create, or an update of colours or
 * memory sizes), inside the caller's transaction:
 * - every combination gets a variant; new ones start with 0 units (`firstStock` for a product's very first one),
 *   switched on, with a suggested SKU
 * - a kind of option with a single value (or none) that is replaced or removed moves its variants along: variants
 *   without a colour take the first colour when colours are added, the one colour's variants take the new one
 *   when it is swapped (the same for memory sizes), so the units a product had stay with it
 * - variants of a combination no longer offered are deleted, unless they hold units: 409 `in_use` saying how
 *   many (nothing is saved)
 * - positions follow the option order
 */
export async function syncVariants(
  trx: Db,
  productId: number,
  firstStock = 0,
  adminId: number | null = null,
): Promise<void> {
  const product = await vrepo.lockProductRow(trx, productId);
  if (!product) throw notFound('Product');
  const { colors, memory } = await vrepo.productOptions(trx, productId);
  const existing = await vrepo.listVariants(trx, productId, true);
  const key = (c: number, m: number) => `${c}:${m}`;
  const wanted: { color: number; memory: number }[] = [];
  for (const c of colors.length ? colors.map((x) => x.id) : [0])
    for (const m of memory.length ? memory : [0]) wanted.push({ color: c, memory: m });
  const wantedKeys = new Set(wanted.map((w) => key(w.color, w.memory)));

  const taken = new Map<string, vrepo.PricedVariantRow>();
  for (const v of existing)
    if (wantedKeys.has(key(v.color_id, v.memory_size))) taken.set(key(v.color_id, v.memory_size), v);
  const moves: { v: vrepo.PricedVariantRow; color: number; memory: number }[] = [];
  const drop: vrepo.PricedVariantRow[] = [];
  // A kind of option that had one value only (or none), replaced: its variants take the new first value (or none).
  const oldColors = new Set(existing.map((v) => v.color_id));
  const oldMemory = new Set(existing.map((v) => v.memory_size));
  const newColor = colors.length ? colors[0]!.id : 0;
  const newMemory = memory.length ? memory[0]! : 0;
  for (const v of existing) {
    if (taken.get(key(v.color_id, v.memory_size)) === v) continue;
    const colorGone = !wanted.some((w) => w.color === v.color_id);
    const memoryGone = !wanted.some((w) => w.memory === v.memory_size);
    const color = colorGone && oldColors.size === 1 ? newColor : v.color_id;
    const mem = memoryGone && oldMemory.size === 1 ? newMemory : v.memory_size;
    if (wantedKeys.has(key(color, mem)) && !taken.has(key(color, mem))) {
      taken.set(key(color, mem), v);
      moves.push({ v, color, memory: mem });
    } else drop.push(v);
  }
  const lost = drop.filter((v) => v.stock > 0);
  if (lost.length) {
    const units = lost.reduce((s, v) => s + v.stock, 0);
    throw new AppError(
      409,
      'in_use',
      `This would delete ${lost.length === 1 ? 'a variant' : `${lost.length} variants`} holding ${units} ${
        units === 1 ? 'unit' : 'units'
      } (${lost.map((v) => v.sku).join(', ')}). Set their stock to 0 first, or keep the option.`,
      { units, skus: lost.map((v) => v.sku) },
    );
  }
  await vrepo.deleteVariants(
    trx,
    drop.map((v) => v.id),
  );
  for (const m of moves) await vrepo.updateVariant(trx, m.v.id, { color_id: m.color, memory_size: m.memory });

  const colorSlug = new Map(colors.map((c) => [c.id, c.slug]));
  const missing = wanted.filter((w) => !taken.has(key(w.color, w.memory)));
  const skus = await freeSkus(
    trx,
    productId,
    missing.map((w, i) =>
      i === 0 && existing.length === 0 && product.sku
        ? product.sku
        : suggestVariantSku(product, colorSlug.get(w.color) ?? null, w.memory || null),
    ),
  );
  const first = existing.length === 0;
  try {
    await vrepo.insertVariants(
      trx,
      missing.map((w, i) => ({
        product_id: productId,
        sku: skus[i]!,
        color_id: w.color,
        memory_size: w.memory,
        stock: first && i === 0 ? firstStock : 0,
        position: wanted.indexOf(w),
      })),
    );
  } catch (e) {
    if (isDuplicateKey(e)) throw duplicateSku(skus.find(Boolean) ?? '');
    throw e;
  }
  if (first && skus.length)
    await recordStock(trx, [{ sku: skus[0]!, delta: firstStock }], {
      reason: 'created',
      actor: adminId === null ? 'system' : 'admin',
      adminId,
    });
  // Positions follow the option order.
  for (const [k, v] of taken) {
    const at = wanted.findIndex((w) => key(w.color, w.memory) === k);
    if (v.position !== at) await vrepo.updateVariant(trx, v.id, { position: at });
  }
  await vrepo.refreshFigures(trx, productId);
}

/**
 * A product-level stock write (the product form's stock and the back office's inline adjust), already compare-and-set
 * checked by the caller under the product row's lock:
 * - one variant: the write is that variant's stock
 * - several: refused, 409 `stock_on_variants` (each variant's stock is edited on its own)
 */
export async function writeProductStock(
  trx: Db,
  productId: number,
  stock: number,
  adminId: number | null,
): Promise<void> {
  const variants = await vrepo.listVariants(trx, productId, true);
  if (variants.length !== 1) throw stockOnVariants(variants.length);
  const v = variants[0]!;
  await vrepo.updateVariant(trx, v.id, { stock });
  await recordStock(trx, [{ variantId: v.id, delta: stock - v.stock }], staffEdit(adminId));
}

/**
 * Gives variants to products that have none (rows written straight into the tables, as older tools and the
 * tests' fixtures do), like the migration did: colours × memory sizes, the product's stock to the first.
 */
export async function ensureVariants(db: Db): Promise<void> {
  for (const id of await vrepo.productsWithoutVariants(db)) {
    await transaction(db, async (trx) => {
      const row = await vrepo.lockProductRow(trx, id);
      if (row) await syncVariants(trx, id, Number(row.stock));
    });
  }
}

/** The ledger context of a count typed in the back office. */
const staffEdit = (adminId: number | null): StockContext => ({
  reason: 'staff_edit',
  actor: adminId === null ? 'system' : 'admin',
  adminId,
});

export const stockOnVariants = (n: number) => new AppError(409, 'stock_on_variants', M.stockOnVariants(n));

// ---------------------------------------------------------------- admin calls

type GetProduct = (db: Db, id: number) => Promise<Product>;

export async function listVariants(db: Db, productId: number, getProduct: GetProduct): Promise<Variant[]> {
  await getProduct(db, productId);
  return (await vrepo.listVariants(db, productId)).map(toVariant);
}

/** Checks a combination against the product's options (400 naming the field when it has no such option). */
async function checkCombination(
  db: Db,
  productId: number,
  colorId: number,
  memorySize: number,
): Promise<void> {
  const { colors, memory } = await vrepo.productOptions(db, productId);
  if (colors.length ? !colors.some((c) => c.id === colorId) : colorId !== 0)
    throw badRequest(
      colors.length
        ? `colorId: this product has no such colour (it has ${colors.map((c) => `${c.name} (${c.id})`).join(', ')}). Add the colour to the product first.`
        : 'colorId: this product has no colours. Add the colour to the product first.',
      'invalid_option',
    );
  if (memory.length ? !memory.includes(memorySize) : memorySize !== 0)
    throw badRequest(
      memory.length
        ? `memorySize: this product has no ${memorySize} GB option (it has ${memory.map((m) => `${m} GB`).join(', ')}).`
        : 'memorySize: this product has no memory sizes. Add the size to the product first.',
      'invalid_option',
    );
}

async function priceAtLeastZero(trx: Db, id: number): Promise<void> {
  const [v] = await vrepo.findVariants(trx, [id]);
  if (v && v.price < 0)
    throw badRequest(
      `priceOverride: the price would be ₹${toRupees(v.price)}; it must not be below ₹0.`,
      'invalid_input',
    );
}

/** A new variant for a combination the product offers but does not sell yet. */
export async function createVariant(
  { db, search }: Pick<Deps, 'db' | 'search'>,
  actor: Actor,
  productId: number,
  body: VariantCreateBody,
  getProduct: GetProduct,
): Promise<{ variant: Variant; product: Product }> {
  const colorId = body.colorId ? Number(body.colorId) : 0;
  const memorySize = body.memorySize ?? 0;
  const id = await transaction(db, async (trx) => {
    const product = await vrepo.lockProductRow(trx, productId);
    if (!product) throw notFound('Product');
    await checkCombination(trx, productId, colorId, memorySize);
    const existing = await vrepo.listVariants(trx, productId, true);
    const same = existing.find((v) => v.color_id === colorId && v.memory_size === memorySize);
    if (same)
      throw new AppError(
        409,
        'conflict',
        `This combination is sold already as ${same.sku}: edit that variant instead.`,
        { sku: same.sku },
      );
    const { colors } = await vrepo.productOptions(trx, productId);
    const sku =
      body.sku ??
      (
        await freeSkus(trx, productId, [
          suggestVariantSku(product, colors.find((c) => c.id === colorId)?.slug ?? null, memorySize || null),
        ])
      )[0]!;
    if (await vrepo.findVariantBySku(trx, sku)) throw duplicateSku(sku);
    let id: number;
    try {
      id = await vrepo.insertVariants(trx, [
        {
          product_id: productId,
          sku,
          color_id: colorId,
          memory_size: memorySize,
          stock: body.stock,
          price_override:
            body.priceOverride === undefined || body.priceOverride === null
              ? null
              : toPaise(body.priceOverride),
          enabled: body.enabled === false ? 0 : 1,
          position: body.position ?? existing.length,
          weight_grams: body.weightGrams || null,
        },
      ]);
    } catch (e) {
      if (isDuplicateKey(e)) throw duplicateSku(sku);
      throw e;
    }
    await priceAtLeastZero(trx, id);
    await recordStock(trx, [{ variantId: id, delta: body.stock }], {
      reason: 'created',
      actor: 'admin',
      adminId: actor.id,
    });
    await vrepo.refreshFigures(trx, productId);
    // Variant SKUs are search terms: indexed in the same transaction.
    await search.indexProducts(trx, [productId]);
    const [made] = await vrepo.findVariants(trx, [id]);
    await recordAudit(trx, {
      actor,
      action: 'variant.create',
      kind: 'product',
      objectId: productId,
      summary: `Added variant ${sku}`,
      before: null,
      after: { ...variantAuditFields(made!), colorId: colorId || null, memorySize: memorySize || null },
    });
    return id;
  });
  const [row] = await vrepo.findVariants(db, [id]);
  return { variant: toVariant(row!), product: await getProduct(db, productId) };
}

/** Changes a variant; a stock change is compare-and-set (409 `stock_changed` with the variant as it is now). */
export async function updateVariant(
  { db, search }: Pick<Deps, 'db' | 'search'>,
  actor: Actor,
  productId: number,
  variantId: number,
  body: VariantUpdateBody,
  getProduct: GetProduct,
): Promise<{ variant: Variant; product: Product }> {
  if (body.stock !== undefined && body.expectedStock === undefined) throw badRequest(M.expectedStockNeeded);
  if (body.stock === undefined && body.expectedStock !== undefined) throw badRequest(M.expectedStockAlone);
  const values: Parameters<typeof vrepo.updateVariant>[2] = {};
  if (body.sku !== undefined) values.sku = body.sku;
  if (body.stock !== undefined) values.stock = body.stock;
  if (body.priceOverride !== undefined)
    values.price_override = body.priceOverride === null ? null : toPaise(body.priceOverride);
  if (body.enabled !== undefined) values.enabled = body.enabled ? 1 : 0;
  if (body.position !== undefined) values.position = body.position;
  if (body.weightGrams !== undefined) values.weight_grams = body.weightGrams || null;
  if (body.lowStockThreshold !== undefined) values.low_stock_threshold = body.lowStockThreshold;
  if (Object.keys(values).length === 0) throw badRequest(M.nothingToChange);
  await transaction(db, async (trx) => {
    if (!(await vrepo.lockProductRow(trx, productId))) throw notFound('Product');
    const v = (await vrepo.listVariants(trx, productId, true)).find((x) => x.id === variantId);
    if (!v) throw notFound('Variant');
    if (body.expectedStock !== undefined && v.stock !== body.expectedStock)
      throw variantStockChanged(v, body.expectedStock);
    if (values.sku !== undefined && values.sku.toUpperCase() !== v.sku.toUpperCase()) {
      if (await vrepo.findVariantBySku(trx, values.sku)) throw duplicateSku(values.sku);
    }
    try {
      await vrepo.updateVariant(trx, variantId, values);
    } catch (e) {
      if (isDuplicateKey(e)) throw duplicateSku(values.sku ?? v.sku);
      throw e;
    }
    await priceAtLeastZero(trx, variantId);
    // The units first: a fall to the new threshold is a crossing (mailed); then a threshold change alone sorts the
    // variant's alert again without a mail, as no unit moved.
    if (values.stock !== undefined)
      await recordStock(trx, [{ variantId, delta: values.stock - v.stock }], staffEdit(actor.id));
    if (values.low_stock_threshold !== undefined && values.low_stock_threshold !== v.low_stock_threshold)
      await resortVariantAlerts(trx, [variantId]);
    await vrepo.refreshFigures(trx, productId);
    // Variant SKUs are search terms: indexed in the same transaction.
    await search.indexProducts(trx, [productId]);
    const [after] = await vrepo.findVariants(trx, [variantId]);
    await recordAudit(trx, {
      actor,
      action: 'variant.update',
      kind: 'product',
      objectId: productId,
      summary: `Saved variant ${after!.sku}`,
      before: variantAuditFields(v),
      after: variantAuditFields(after!),
    });
  });
  const [row] = await vrepo.findVariants(db, [variantId]);
  return { variant: toVariant(row!), product: await getProduct(db, productId) };
}

/** What the history keeps of a variant (prices in rupees). */
const variantAuditFields = (v: {
  sku: string;
  stock: number;
  price_override: number | null;
  enabled: number;
  position: number;
  weight_grams?: number | null;
  low_stock_threshold?: number | null;
}) => ({
  sku: v.sku,
  stock: v.stock,
  priceOverride: v.price_override === null ? null : toRupees(v.price_override),
  enabled: Boolean(v.enabled),
  position: v.position,
  weightGrams: v.weight_grams ?? null,
  lowStockThreshold: v.low_stock_threshold ?? null,
});

function variantStockChanged(v: vrepo.PricedVariantRow, expectedStock: number): AppError {
  return new AppError(
    409,
    'stock_changed',
    `Stock of ${v.sku} changed from ${expectedStock} to ${v.stock} while you were editing. Nothing was saved: check the stock and save again.`,
    { expectedStock, currentStock: v.stock, variant: toVariant(v) },
  );
}

/** Deletes a variant that holds no units (409 `in_use` with the units otherwise). */
export async function deleteVariant(
  { db, search }: Pick<Deps, 'db' | 'search'>,
  actor: Actor,
  productId: number,
  variantId: number,
  getProduct: GetProduct,
): Promise<Product> {
  await transaction(db, async (trx) => {
    if (!(await vrepo.lockProductRow(trx, productId))) throw notFound('Product');
    const v = (await vrepo.listVariants(trx, productId, true)).find((x) => x.id === variantId);
    if (!v) throw notFound('Variant');
    if (v.stock > 0)
      throw new AppError(
        409,
        'in_use',
        `${v.sku} holds ${v.stock} ${v.stock === 1 ? 'unit' : 'units'}: set its stock to 0 first, or switch it off.`,
        { units: v.stock },
      );
    await vrepo.deleteVariants(trx, [variantId]);
    await vrepo.refreshFigures(trx, productId);
    // Variant SKUs are search terms: indexed in the same transaction.
    await search.indexProducts(trx, [productId]);
    await recordAudit(trx, {
      actor,
      action: 'variant.delete',
      kind: 'product',
      objectId: productId,
      summary: `Deleted variant ${v.sku}`,
      before: { ...variantAuditFields(v), colorId: v.color_id || null, memorySize: v.memory_size || null },
      after: null,
    });
  });
  return getProduct(db, productId);
}

/** Many variants' stock at once: every change compare-and-set, all saved or none. */
export async function setVariantStock(
  db: Db,
  actor: Actor,
  productId: number,
  changes: { variantId: string; stock: number; expectedStock: number }[],
  getProduct: GetProduct,
): Promise<{ variants: Variant[]; product: Product }> {
  const ids = changes.map((c) => Number(c.variantId));
  if (new Set(ids).size !== ids.length) throw badRequest('changes: list each variant once.');
  await transaction(db, async (trx) => {
    if (!(await vrepo.lockProductRow(trx, productId))) throw notFound('Product');
    const byId = new Map((await vrepo.listVariants(trx, productId, true)).map((v) => [v.id, v]));
    for (const c of changes) {
      const v = byId.get(Number(c.variantId));
      if (!v) throw badRequest(`changes: variant ${c.variantId} is not a variant of this product.`);
      if (v.stock !== c.expectedStock) throw variantStockChanged(v, c.expectedStock);
    }
    for (const c of changes) await vrepo.updateVariant(trx, Number(c.variantId), { stock: c.stock });
    await recordStock(
      trx,
      changes.map((c) => ({ variantId: Number(c.variantId), delta: c.stock - c.expectedStock })),
      staffEdit(actor.id),
    );
    await vrepo.refreshFigures(trx, productId);
    const skuOf = (c: { variantId: string }) => byId.get(Number(c.variantId))!.sku;
    await recordAudit(trx, {
      actor,
      action: 'product.stock',
      kind: 'product',
      objectId: productId,
      summary: changes.map((c) => `${skuOf(c)}: ${c.expectedStock} → ${c.stock}`).join(', '),
      before: Object.fromEntries(changes.map((c) => [skuOf(c), c.expectedStock])),
      after: Object.fromEntries(changes.map((c) => [skuOf(c), c.stock])),
    });
  });
  return {
    variants: (await vrepo.findVariants(db, ids)).map(toVariant),
    product: await getProduct(db, productId),
  };
}

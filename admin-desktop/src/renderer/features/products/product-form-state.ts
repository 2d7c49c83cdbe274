import { finalPrice, HSN_PATTERN, MAX_WEIGHT_GRAMS, type Product, slugify } from '@voltcart/shared';
import type { TextKey } from '../../lib/form-binding';
import type { ProductBody } from './product-save';

interface MemoryRow {
  gb: string;
  adj: string;
}

export interface FormState {
  name: string;
  sku: string;
  brand: string;
  originalPrice: string;
  discountPercentage: string;
  categoryId: string;
  colors: { _id: string; priceAdj: string }[];
  stock: string;
  memory: MemoryRow[];
  videoUrl: string;
  shortDescription: string;
  longDescription: string;
  /** The product's own HSN code and GST rate (percent); empty: its category's. */
  hsnCode?: string;
  gstRate?: string;
  /** The packed parcel's weight in grams; empty: not weighed. */
  weightGrams?: string;
}

/**
 * What each section of the form gets: the values, a setter of one field, and the props of a text box bound to a
 * text field (named as the field).
 */
export interface ProductFields {
  f: FormState;
  set: <K extends keyof FormState>(k: K, v: FormState[K]) => void;
  bind: (k: TextKey<FormState>) => { name: string; value: string; onValue: (v: string) => void };
}

export const EMPTY: FormState = {
  name: '',
  sku: '',
  brand: '',
  originalPrice: '',
  discountPercentage: '0',
  categoryId: '',
  colors: [],
  stock: '0',
  memory: [],
  videoUrl: '',
  shortDescription: '',
  longDescription: '',
  hsnCode: '',
  gstRate: '',
  weightGrams: '',
};

export function fromProduct(p: Product): FormState {
  return {
    name: p.name,
    sku: p.sku ?? '',
    brand: p.brand ?? '',
    originalPrice: String(p.originalPrice),
    discountPercentage: String(p.discountPercentage),
    categoryId: p.categoryId ?? '',
    colors: p.colors.map((c) => ({ _id: c._id, priceAdj: String(c.priceAdj ?? 0) })),
    stock: String(p.stock),
    memory: p.memorySizes.map((gb, i) => ({ gb: String(gb), adj: String(p.memoryPriceAdj[i] ?? 0) })),
    videoUrl: p.videoUrl ?? '',
    shortDescription: p.shortDescription ?? '',
    longDescription: p.longDescription ?? '',
    hsnCode: p.tax?.hsnCode ?? '',
    gstRate: p.tax?.gstRate === null || p.tax?.gstRate === undefined ? '' : String(p.tax.gstRate),
    weightGrams: p.weightGrams ? String(p.weightGrams) : '',
  };
}

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

/**
 * Checks what the form can check before sending (name required; prices and counts are numbers) and
 * builds the request; the API checks everything again.
 * - the slug and final price are sent too (as first-release clients send them), from the shared rules; the API
 *   derives both itself
 * - every field is in it: a create sends them all; an update sends only those that differ from the loaded
 *   product's (productChanges), an emptied one (or no category: '') as empty, which clears it
 */
export function toProductInput(f: FormState): { input?: ProductBody; error?: string } {
  if (!f.name.trim()) return { error: 'Please enter the product name.' };
  const originalPrice = num(f.originalPrice);
  if (!Number.isFinite(originalPrice) || originalPrice < 0)
    return { error: 'Please enter the original price in rupees.' };
  const discount = f.discountPercentage.trim() === '' ? 0 : num(f.discountPercentage);
  if (!Number.isFinite(discount) || discount < 0 || discount > 100) {
    return { error: 'The discount percentage must be between 0 and 100.' };
  }
  const stock = f.stock.trim() === '' ? 0 : num(f.stock);
  if (!Number.isInteger(stock) || stock < 0)
    return { error: 'The stock quantity must be a whole number, 0 or more.' };
  const colors = [];
  for (const c of f.colors) {
    const adj = c.priceAdj.trim() === '' ? 0 : num(c.priceAdj);
    if (!Number.isFinite(adj)) return { error: 'Every colour price adjustment must be a number of rupees.' };
    colors.push({ _id: c._id, priceAdj: adj });
  }
  const memorySizes: number[] = [];
  const memoryPriceAdj: number[] = [];
  for (const m of f.memory) {
    if (m.gb.trim() === '' && m.adj.trim() === '') continue;
    const gb = num(m.gb);
    const adj = m.adj.trim() === '' ? 0 : num(m.adj);
    if (!Number.isInteger(gb) || gb <= 0) return { error: 'Every memory option needs a size in whole GB.' };
    if (memorySizes.includes(gb)) return { error: `The memory size ${gb} GB is listed twice.` };
    if (!Number.isFinite(adj)) return { error: 'Every memory price adjustment must be a number of rupees.' };
    memorySizes.push(gb);
    memoryPriceAdj.push(adj);
  }
  const hsnCode = (f.hsnCode ?? '').trim();
  if (hsnCode && !HSN_PATTERN.test(hsnCode)) return { error: 'The HSN code must be 4, 6 or 8 digits.' };
  const weight = (f.weightGrams ?? '').trim() === '' ? '' : num(f.weightGrams ?? '');
  if (weight !== '' && !(Number.isInteger(weight) && weight > 0 && weight <= MAX_WEIGHT_GRAMS))
    return { error: 'The weight must be a whole number of grams, more than 0 and at most 100,000 (100 kg).' };
  return {
    input: {
      name: f.name.trim(),
      slug: slugify(f.name.trim()),
      sku: f.sku.trim(),
      brand: f.brand.trim(),
      originalPrice,
      discountPercentage: discount,
      finalPrice: finalPrice(originalPrice, discount),
      categoryId: f.categoryId,
      colors,
      memorySizes,
      memoryPriceAdj,
      stock,
      videoUrl: f.videoUrl.trim(),
      shortDescription: f.shortDescription.trim(),
      longDescription: f.longDescription.trim(),
      hsnCode,
      gstRate: f.gstRate ? Number(f.gstRate) : '',
      weightGrams: weight,
    },
  };
}

import { errorMessage } from '@voltcart/api-client/errors';
import type { CartLine, LocalCartLine } from '@voltcart/shared';
import { cartGoods } from '@voltcart/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { api } from '../lib/api';
import { notify } from './notifications-store';
import { rawLocalStorage } from './raw-storage';
import { isLoggedIn } from './session-store';

/** The cart's localStorage key (kept as first released, so carts saved by earlier versions still load). */
export const CART_KEY = 'cart';

/** One cart line: a product with its chosen colour and memory size; unit prices include their adjustments. */
export interface CartItem {
  productId: string;
  name: string;
  thumbnail: string;
  colorId: string | null;
  colorName: string | null;
  memorySize: number | null;
  /** The variant's SKU (known for lines added on a product page or read from the server cart). */
  sku?: string | null;
  qty: number;
  unitPrice: number;
  unitOriginalPrice: number;
  /** The server line's id, known once the line exists in a logged-in shopper's server cart. */
  lineId?: string | null;
  /** A logged-in change the server has not confirmed yet (e.g. the page was left mid-request). */
  pending?: boolean;
  /** The server says the product is no longer offered (switched off, or its category is): it cannot be ordered. */
  unavailable?: boolean;
}

export type NewCartItem = Omit<CartItem, 'qty' | 'lineId'> & { qty?: number };

interface CartData {
  items: CartItem[];
  count: number;
  finalTotal: number;
  originalTotal: number;
  /** The discount code the shopper applied (kept with the cart, guests too; checked again at checkout). */
  discountCode?: string | null;
}

interface CartState extends CartData {
  /** Server cart calls queued or on their way (not stored): checkout waits for them. */
  syncing: number;
  /**
   * Adds the item (+qty if the same product with the same options is already there); `exact` makes the line
   * hold exactly qty units instead (Buy now: the quantity chosen, not added to an earlier one).
   */
  addItem: (item: NewCartItem, opts?: { exact?: boolean }) => Promise<void>;
  inc: (key: string) => Promise<void>;
  /** −1, never below 1 (removing a line is its own action). */
  dec: (key: string) => Promise<void>;
  remove: (key: string) => Promise<void>;
  /** Clears items, totals and the stored copy; `server` also clears a logged-in shopper's server cart. */
  empty: (opts?: { server?: boolean }) => Promise<void>;
  /** Rebuilds the local cart from a server reply. */
  setFromServer: (lines: CartLine[]) => void;
  /**
   * Reloads the logged-in shopper's server cart. Local changes the server never confirmed (a request
   * cut off by leaving the page) are sent again first, as quantities, so they are neither lost nor doubled.
   */
  loadFromServer: () => Promise<void>;
  /** On login/register: the guest cart is merged into the server cart and rebuilt from the reply. */
  mergeIntoServer: () => Promise<void>;
  /** Keeps (or, with null, removes) the discount code. */
  setDiscountCode: (code: string | null) => void;
}

/** Lines are the same when product, colour and memory size are the same. */
export const lineKey = (i: Pick<CartItem, 'productId' | 'colorId' | 'memorySize'>) =>
  `${i.productId}|${i.colorId ?? ''}|${i.memorySize ?? ''}`;

function withTotals(items: CartItem[]): CartData {
  return { items, ...cartGoods(items) };
}

export function fromServerLine(line: CartLine): CartItem {
  const p = line.product_id;
  return {
    productId: String(line.productId ?? p?._id),
    name: p?.name ?? 'Product',
    thumbnail: p?.thumbnail ?? '',
    colorId: line.colorId ?? null,
    colorName: line.color?.name ?? null,
    memorySize: line.memorySize ?? null,
    ...(line.sku ? { sku: line.sku } : {}),
    qty: line.qty,
    unitPrice: line.unitPrice ?? p?.finalPrice ?? 0,
    unitOriginalPrice: line.unitOriginalPrice ?? p?.originalPrice ?? 0,
    lineId: line._id,
    ...(p?.status === false ? { unavailable: true } : {}),
  };
}

function sanitize(raw: unknown): CartItem[] {
  if (!Array.isArray(raw)) return [];
  const out: CartItem[] = [];
  for (const r of raw as Partial<CartItem>[]) {
    if (!r || typeof r.productId !== 'string' || !r.productId) continue;
    const qty = Math.floor(Number(r.qty));
    const unitPrice = Number(r.unitPrice);
    const unitOriginalPrice = Number(r.unitOriginalPrice ?? r.unitPrice);
    if (!(qty >= 1) || !Number.isFinite(unitPrice)) continue;
    out.push({
      productId: r.productId,
      name: typeof r.name === 'string' ? r.name : 'Product',
      thumbnail: typeof r.thumbnail === 'string' ? r.thumbnail : '',
      colorId: typeof r.colorId === 'string' ? r.colorId : null,
      colorName: typeof r.colorName === 'string' ? r.colorName : null,
      memorySize: typeof r.memorySize === 'number' ? r.memorySize : null,
      ...(typeof r.sku === 'string' ? { sku: r.sku } : {}),
      qty: Math.min(qty, 99),
      unitPrice,
      unitOriginalPrice: Number.isFinite(unitOriginalPrice) ? unitOriginalPrice : unitPrice,
      lineId: typeof r.lineId === 'string' ? r.lineId : null,
      ...(r.pending === true ? { pending: true } : {}),
    });
  }
  return out;
}

/** The server cart calls (a logged-in shopper's); each answers with the whole cart. */
const serverCart = {
  get: async () => (await api.cart.get()).cart,
  add: async (body: LocalCartLine) => (await api.cart.add({ body })).cart,
  moveToDb: async (cart: LocalCartLine[]) => (await api.cart.moveToDb({ body: { cart } })).cart,
  setQty: async (lineId: string, qty: number) =>
    (await api.cart.setQty({ params: { lineId }, body: { qty } })).cart,
  removeLine: async (lineId: string) => (await api.cart.removeLine({ params: { lineId } })).cart,
  clear: async () => (await api.cart.clear()).cart,
};

// Each server call answers with the whole cart. Calls run one after another (a reload of the cart issued
// while a merge or a change is on its way reads the result of that change), and only the reply to the
// latest call is applied, so an early reply never overwrites the result of a later change.
let serverSeq = 0;
let serverQueue: Promise<unknown> = Promise.resolve();

export const useCart = create<CartState>()(
  persist(
    (set, get) => {
      const sync = (call: () => Promise<CartLine[]>, opts: { quiet?: boolean } = {}): Promise<void> => {
        const mine = ++serverSeq;
        set((s) => ({ syncing: s.syncing + 1 }));
        const run = serverQueue
          .then(() => send(call, mine, opts.quiet ?? false))
          .finally(() => set((s) => ({ syncing: s.syncing - 1 })));
        serverQueue = run.catch(() => undefined);
        return run;
      };

      const send = async (call: () => Promise<CartLine[]>, mine: number, quiet: boolean) => {
        try {
          const lines = await call();
          if (mine === serverSeq) get().setFromServer(lines);
        } catch (e) {
          if (!quiet) notify.error(errorMessage(e, 'Your cart could not be updated. Please try again.'));
          // Undo the optimistic local change by reloading what the server holds.
          if (mine === serverSeq && isLoggedIn()) {
            try {
              const lines = await serverCart.get();
              if (mine === serverSeq) get().setFromServer(lines);
            } catch {
              // offline: keep the local copy
            }
          }
        }
      };

      const setQty = async (key: string, qty: number) => {
        const item = get().items.find((i) => lineKey(i) === key);
        if (!item) return;
        const next = Math.max(1, Math.min(99, qty));
        if (next === item.qty) return;
        const pending = isLoggedIn();
        set(withTotals(get().items.map((i) => (lineKey(i) === key ? { ...i, qty: next, pending } : i))));
        if (!pending) return;
        if (item.lineId) await sync(() => serverCart.setQty(item.lineId!, next));
        else if (next > item.qty)
          await sync(() => serverCart.add({ ...toServerItem(item), qty: next - item.qty }));
        else await sync(() => serverCart.get(), { quiet: true });
      };

      return {
        syncing: 0,
        discountCode: null,
        setDiscountCode: (code) => set({ discountCode: code?.trim() ? code.trim() : null }),
        items: [],
        count: 0,
        finalTotal: 0,
        originalTotal: 0,
        addItem: async (input, { exact = false } = {}) => {
          const qty = Math.max(1, Math.floor(input.qty ?? 1));
          const key = lineKey(input);
          const existing = get().items.find((i) => lineKey(i) === key);
          if (existing && exact) return setQty(key, qty);
          const pending = isLoggedIn();
          const items = existing
            ? get().items.map((i) => (i === existing ? { ...i, qty: Math.min(99, i.qty + qty), pending } : i))
            : [...get().items, { ...input, qty, lineId: null, pending }];
          set(withTotals(items));
          if (pending) {
            await sync(() =>
              serverCart.add({
                productId: input.productId,
                qty,
                colorId: input.colorId,
                memorySize: input.memorySize,
              }),
            );
          }
        },
        inc: (key) => {
          const item = get().items.find((i) => lineKey(i) === key);
          return item ? setQty(key, item.qty + 1) : Promise.resolve();
        },
        dec: (key) => {
          const item = get().items.find((i) => lineKey(i) === key);
          return item && item.qty > 1 ? setQty(key, item.qty - 1) : Promise.resolve();
        },
        remove: async (key) => {
          const item = get().items.find((i) => lineKey(i) === key);
          if (!item) return;
          set(withTotals(get().items.filter((i) => i !== item)));
          if (isLoggedIn() && item.lineId) await sync(() => serverCart.removeLine(item.lineId!));
        },
        empty: async ({ server = false } = {}) => {
          serverSeq++;
          set({ ...withTotals([]), discountCode: null });
          useCart.persist.clearStorage();
          if (server && isLoggedIn()) {
            try {
              await serverCart.clear();
            } catch {
              // the order is placed; a server cart left behind is reloaded and can be emptied later
            }
          }
        },
        setFromServer: (lines) => set(withTotals(lines.map(fromServerLine))),
        loadFromServer: async () => {
          if (!isLoggedIn()) return;
          const unconfirmed = get().items.filter((i) => i.pending);
          await sync(
            async () => {
              const cart = serverCart;
              let lines = await cart.get();
              for (const item of unconfirmed) {
                const line = lines.find((l) => lineKey(fromServerLine(l)) === lineKey(item));
                if (!line) lines = await cart.add({ ...toServerItem(item) });
                else if (line.qty !== item.qty) lines = await cart.setQty(line._id, item.qty);
              }
              return lines;
            },
            { quiet: true },
          );
        },
        mergeIntoServer: async () => {
          if (!isLoggedIn()) return;
          const guest = get().items.map(toServerItem);
          await sync(() => serverCart.moveToDb(guest));
        },
      };
    },
    {
      name: CART_KEY,
      storage: rawLocalStorage<CartData>(),
      partialize: (s) => ({
        items: s.items,
        count: s.count,
        finalTotal: s.finalTotal,
        originalTotal: s.originalTotal,
        discountCode: s.discountCode ?? null,
      }),
      merge: (persisted, current) => {
        const code = (persisted as Partial<CartData> | null)?.discountCode;
        return {
          ...current,
          ...withTotals(sanitize((persisted as Partial<CartData> | null)?.items)),
          discountCode: typeof code === 'string' && code.length <= 64 ? code : null,
        };
      },
    },
  ),
);

/**
 * Resolves once no server cart call is queued or on its way (at once when none is), so that what
 * happens next (placing an order, which is made from the server cart) sees every local change.
 */
export function whenCartSynced(): Promise<void> {
  if (useCart.getState().syncing === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = useCart.subscribe((s) => {
      if (s.syncing > 0) return;
      stop();
      resolve();
    });
  });
}

function toServerItem(i: CartItem): LocalCartLine {
  return { productId: i.productId, qty: i.qty, colorId: i.colorId, memorySize: i.memorySize };
}

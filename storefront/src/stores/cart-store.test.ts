import type { CartLine } from '@voltcart/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const cartApi = vi.hoisted(() => ({
  get: vi.fn(),
  add: vi.fn(),
  moveToDb: vi.fn(),
  setQty: vi.fn(),
  removeLine: vi.fn(),
  clear: vi.fn(),
}));
vi.mock('../lib/api', async () => (await import('../testing/api-mock')).apiMock({ cart: cartApi }));

import { CART_KEY, fromServerLine, lineKey, type NewCartItem, useCart } from './cart-store';
import { useNotifications } from './notifications-store';
import { useSession } from './session-store';

const phone: NewCartItem = {
  productId: '7',
  name: 'Galaxy S24',
  thumbnail: 'a.webp',
  colorId: '2',
  colorName: 'Black',
  memorySize: 128,
  unitPrice: 70000,
  unitOriginalPrice: 80000,
};
const cable: NewCartItem = {
  ...phone,
  productId: '9',
  name: 'Cable',
  colorId: null,
  colorName: null,
  memorySize: null,
  unitPrice: 499.5,
  unitOriginalPrice: 699,
};

function serverLine(id: string, item: NewCartItem, qty: number): CartLine {
  return {
    _id: id,
    productId: item.productId,
    product_id: {
      _id: item.productId,
      name: item.name,
      slug: 'x',
      thumbnail: item.thumbnail,
      finalPrice: item.unitPrice,
      originalPrice: item.unitOriginalPrice,
      stock: 5,
      inStock: true,
      status: true,
    },
    colorId: item.colorId,
    color: item.colorId
      ? { _id: item.colorId, name: item.colorName ?? '', hexcode: '#000', priceAdj: 0 }
      : null,
    memorySize: item.memorySize,
    qty,
    unitPrice: item.unitPrice,
    unitOriginalPrice: item.unitOriginalPrice,
  };
}

const stored = () => JSON.parse(localStorage.getItem(CART_KEY) ?? 'null');

beforeEach(() => {
  localStorage.clear();
  useCart.setState({ items: [], count: 0, finalTotal: 0, originalTotal: 0 });
  useSession.setState({ data: null, userToken: null });
  useNotifications.setState({ notes: [] });
  for (const fn of Object.values(cartApi)) fn.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('guest cart', () => {
  it('adds a new line with qty 1 and adds 1 when the same product and options are added again', async () => {
    await useCart.getState().addItem(phone);
    await useCart.getState().addItem(phone);
    const s = useCart.getState();
    expect(s.items).toHaveLength(1);
    expect(s.items[0]!.qty).toBe(2);
    expect(s).toMatchObject({ count: 2, finalTotal: 140000, originalTotal: 160000 });
  });

  it('keeps the same product with another colour or memory size as a separate line', async () => {
    await useCart.getState().addItem(phone);
    await useCart.getState().addItem({ ...phone, memorySize: 256, unitPrice: 75000 });
    await useCart.getState().addItem({ ...phone, colorId: '3', colorName: 'Blue' });
    expect(useCart.getState().items.map(lineKey)).toEqual(['7|2|128', '7|2|256', '7|3|128']);
  });

  it('sums totals in paise (no floating-point drift)', async () => {
    await useCart.getState().addItem(cable);
    await useCart.getState().addItem(cable);
    await useCart.getState().addItem(cable);
    expect(useCart.getState().finalTotal).toBe(1498.5);
  });

  it('increments, decrements but never below 1, and removes', async () => {
    await useCart.getState().addItem(phone);
    const key = lineKey(phone);
    await useCart.getState().inc(key);
    expect(useCart.getState().items[0]!.qty).toBe(2);
    await useCart.getState().dec(key);
    await useCart.getState().dec(key);
    await useCart.getState().dec(key);
    expect(useCart.getState().items[0]!.qty).toBe(1);
    await useCart.getState().remove(key);
    expect(useCart.getState().items).toEqual([]);
    expect(useCart.getState().finalTotal).toBe(0);
  });

  it('never calls the server for a guest', async () => {
    await useCart.getState().addItem(phone);
    await useCart.getState().inc(lineKey(phone));
    await useCart.getState().remove(lineKey(phone));
    for (const fn of Object.values(cartApi)) expect(fn).not.toHaveBeenCalled();
  });

  it('is stored under "cart" as {items, count, finalTotal, originalTotal} on every change', async () => {
    await useCart.getState().addItem(phone);
    expect(stored()).toMatchObject({ count: 1, finalTotal: 70000, originalTotal: 80000 });
    expect(stored().items[0]).toMatchObject({ productId: '7', colorId: '2', memorySize: 128, qty: 1 });
  });

  it('empty clears items, totals and the stored copy', async () => {
    await useCart.getState().addItem(phone);
    await useCart.getState().empty();
    expect(useCart.getState()).toMatchObject({ items: [], count: 0, finalTotal: 0 });
    expect(localStorage.getItem(CART_KEY)).toBeNull();
  });

  it('restores from local storage, dropping malformed lines and recomputing totals', async () => {
    localStorage.setItem(
      CART_KEY,
      JSON.stringify({
        items: [
          { ...phone, qty: 2 },
          { productId: 5, qty: 1 },
          { ...cable, qty: 0 },
          { ...cable, qty: 'x' },
        ],
        finalTotal: 1,
        originalTotal: 1,
      }),
    );
    await useCart.persist.rehydrate();
    const s = useCart.getState();
    expect(s.items).toHaveLength(1);
    expect(s).toMatchObject({ count: 2, finalTotal: 140000, originalTotal: 160000 });
  });

  it('survives unreadable stored data', async () => {
    localStorage.setItem(CART_KEY, '{not json');
    await useCart.persist.rehydrate();
    expect(useCart.getState().items).toEqual([]);
  });
});

describe('logged-in cart', () => {
  beforeEach(() => {
    useSession.setState({
      data: { _id: '1', name: 'A', email: 'a@x.in', shipping_address: [], emailVerified: true },
      userToken: 't',
    });
  });

  it('sends an added item with its options and rebuilds the cart from the reply', async () => {
    cartApi.add.mockResolvedValue([serverLine('11', phone, 3)]);
    const adding = useCart.getState().addItem(phone);
    expect(useCart.getState().items[0]).toMatchObject({ qty: 1, pending: true });
    await adding;
    expect(cartApi.add).toHaveBeenCalledWith({ productId: '7', qty: 1, colorId: '2', memorySize: 128 });
    expect(useCart.getState().items).toEqual([{ ...phone, qty: 3, lineId: '11' }]);
  });

  it('on reload, re-sends changes the server never confirmed, as quantities (no doubling)', async () => {
    // Stored before the page was left: a new line and a changed quantity, both unconfirmed, and a confirmed line.
    localStorage.setItem(
      CART_KEY,
      JSON.stringify({
        items: [
          { ...phone, qty: 2, lineId: null, pending: true },
          { ...cable, qty: 3, lineId: '12', pending: true },
          { ...phone, memorySize: 256, qty: 1, lineId: '13' },
        ],
      }),
    );
    await useCart.persist.rehydrate();
    // The server got the quantity change but not the new line.
    const cable3 = serverLine('12', cable, 3);
    const other = serverLine('13', { ...phone, memorySize: 256 }, 1);
    cartApi.get.mockResolvedValue([cable3, other]);
    cartApi.add.mockResolvedValue([cable3, other, serverLine('14', phone, 2)]);
    await useCart.getState().loadFromServer();
    expect(cartApi.add).toHaveBeenCalledWith({ productId: '7', qty: 2, colorId: '2', memorySize: 128 });
    expect(cartApi.setQty).not.toHaveBeenCalled();
    expect(useCart.getState().items.map((i) => [i.lineId, i.qty, i.pending])).toEqual([
      ['12', 3, undefined],
      ['13', 1, undefined],
      ['14', 2, undefined],
    ]);
  });

  it('changes quantity and removes through the line id', async () => {
    useCart.getState().setFromServer([serverLine('11', phone, 2)]);
    cartApi.setQty.mockResolvedValue([serverLine('11', phone, 3)]);
    await useCart.getState().inc(lineKey(phone));
    expect(cartApi.setQty).toHaveBeenCalledWith('11', 3);
    cartApi.removeLine.mockResolvedValue([]);
    await useCart.getState().remove(lineKey(phone));
    expect(cartApi.removeLine).toHaveBeenCalledWith('11');
    expect(useCart.getState().items).toEqual([]);
  });

  it('sends changes one after another and applies the reply to the latest', async () => {
    useCart.getState().setFromServer([serverLine('11', phone, 1)]);
    let first!: (v: CartLine[]) => void;
    cartApi.setQty
      .mockReturnValueOnce(new Promise((r) => (first = r)))
      .mockResolvedValueOnce([serverLine('11', phone, 3)]);
    const a = useCart.getState().inc(lineKey(phone));
    const b = useCart.getState().inc(lineKey(phone));
    // The first call is on its way (the client loads on first use); the second waits for its reply.
    await vi.waitFor(() => expect(cartApi.setQty).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(cartApi.setQty).toHaveBeenCalledTimes(1);
    first([serverLine('11', phone, 2)]);
    await Promise.all([a, b]);
    expect(cartApi.setQty.mock.calls).toEqual([
      ['11', 2],
      ['11', 3],
    ]);
    expect(useCart.getState().items[0]!.qty).toBe(3);
  });

  it('a cart reload issued while the guest cart is being merged reads the merged cart', async () => {
    const session = useSession.getState();
    useSession.setState({ data: null, userToken: null });
    await useCart.getState().addItem(phone);
    useSession.setState({ data: session.data, userToken: session.userToken });
    let merged!: (v: CartLine[]) => void;
    let serverHolds: CartLine[] = [];
    cartApi.moveToDb.mockReturnValue(
      new Promise<CartLine[]>((r) => {
        merged = (v) => {
          serverHolds = v;
          r(v);
        };
      }),
    );
    cartApi.get.mockImplementation(async () => serverHolds);
    const merge = useCart.getState().mergeIntoServer();
    const reload = useCart.getState().loadFromServer();
    merged([serverLine('40', phone, 2)]);
    await Promise.all([merge, reload]);
    expect(useCart.getState().items.map((i) => [i.lineId, i.qty])).toEqual([['40', 2]]);
  });

  it('shows the server message and reloads the server cart when a change is refused', async () => {
    useCart.getState().setFromServer([serverLine('11', phone, 2)]);
    cartApi.setQty.mockRejectedValue(new Error('Only 2 left of Galaxy S24.'));
    cartApi.get.mockResolvedValue([serverLine('11', phone, 2)]);
    await useCart.getState().inc(lineKey(phone));
    expect(useNotifications.getState().notes.map((n) => n.msg)).toEqual(['Only 2 left of Galaxy S24.']);
    expect(useCart.getState().items[0]!.qty).toBe(2);
  });

  it('merges the guest cart into the server cart and rebuilds from the reply', async () => {
    useSession.setState({ data: null, userToken: null });
    await useCart.getState().addItem(phone);
    await useCart.getState().addItem(cable);
    useSession.setState({
      data: { _id: '1', name: 'A', email: 'a@x.in', shipping_address: [], emailVerified: true },
      userToken: 't',
    });
    cartApi.moveToDb.mockResolvedValue([serverLine('20', phone, 2), serverLine('21', cable, 1)]);
    await useCart.getState().mergeIntoServer();
    expect(cartApi.moveToDb).toHaveBeenCalledWith([
      { productId: '7', qty: 1, colorId: '2', memorySize: 128 },
      { productId: '9', qty: 1, colorId: null, memorySize: null },
    ]);
    expect(useCart.getState().items.map((i) => [i.lineId, i.qty])).toEqual([
      ['20', 2],
      ['21', 1],
    ]);
  });

  it('empty with server: true also clears the server cart', async () => {
    cartApi.clear.mockResolvedValue([]);
    useCart.getState().setFromServer([serverLine('11', phone, 2)]);
    await useCart.getState().empty({ server: true });
    expect(cartApi.clear).toHaveBeenCalled();
    expect(useCart.getState().items).toEqual([]);
  });
});

describe('fromServerLine', () => {
  it('reads the embedded product when the line lacks unit prices', () => {
    const line = serverLine('5', cable, 2) as Partial<CartLine> & CartLine;
    delete (line as Partial<CartLine>).unitPrice;
    expect(fromServerLine(line)).toMatchObject({ productId: '9', unitPrice: 499.5, qty: 2, lineId: '5' });
  });

  it('marks a line whose product is no longer offered (switched off, or its category is) unavailable', () => {
    const line = serverLine('5', cable, 1);
    expect(fromServerLine(line).unavailable).toBeUndefined();
    const off = { ...line, product_id: { ...line.product_id, status: false } };
    expect(fromServerLine(off).unavailable).toBe(true);
  });
});

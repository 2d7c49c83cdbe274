/**
 * A stand-in for lib/api.ts (the contract client) made of plain mock functions, one per call, taking the call's
 * arguments in order (`user.login(email, password)`, `cart.setQty(lineId, qty)`) and answering with what the
 * page reads (`cart.get()` → the lines). Tests mock '../lib/api' with it:
 *
 *   vi.mock('../../lib/api', async () => (await import('../../testing/api-mock')).apiMock(m));
 *
 * Only the calls a test's `m` has are there; calling another fails the way a missing function does.
 */
// biome-ignore lint/suspicious/noExplicitAny: the mocks' own types are the tests' business
type Calls = Record<string, Record<string, (...args: any[]) => any>>;
interface Input {
  params?: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: bodies of every route
  body?: any;
  query?: Record<string, unknown>;
}

export function apiMock(m: Calls) {
  const fn = (group: string, name: string) => {
    const f = m[group]?.[name];
    if (!f) throw new TypeError(`api.${group}.${name} is not mocked`);
    return f;
  };
  return {
    api: {
      user: {
        me: async () => ({ user: await fn('user', 'me')() }),
        login: async ({ body }: Input) => fn('user', 'login')(body.email, body.password),
        register: async ({ body }: Input) => fn('user', 'register')(body.name, body.email, body.password),
        logout: async () => fn('user', 'logout')(),
      },
      cart: {
        get: async () => ({ cart: await fn('cart', 'get')() }),
        add: async ({ body }: Input) => ({ cart: await fn('cart', 'add')(body) }),
        moveToDb: async ({ body }: Input) => ({ cart: await fn('cart', 'moveToDb')(body.cart) }),
        setQty: async ({ params, body }: Input) => ({
          cart: await fn('cart', 'setQty')(params?.lineId, body.qty),
        }),
        removeLine: async ({ params }: Input) => ({ cart: await fn('cart', 'removeLine')(params?.lineId) }),
        clear: async () => ({ cart: await fn('cart', 'clear')() }),
      },
      order: {
        place: async ({ body }: Input) => fn('order', 'place')(body),
        success: async ({ body }: Input) => fn('order', 'success')(body.order_id, body.razorpay_response),
        paymentFailed: async ({ body }: Input) => fn('order', 'paymentFailed')(body.order_id, body.reason),
        simulatorSign: async ({ body }: Input) => ({
          razorpay_response: await fn('order', 'simulatorSign')(body.order_id),
        }),
        get: async ({ params }: Input) => fn('order', 'get')(params?.orderId),
        payNow: async ({ params }: Input) => fn('order', 'payNow')(params?.orderId),
        cancel: async ({ params }: Input) => fn('order', 'cancel')(params?.orderId),
      },
      product: {
        get: async ({ params }: Input) => ({ product: await fn('catalog', 'product')(params?.id) }),
        list: async ({ query }: Input) => fn('catalog', 'products')(query),
        bestSellers: async () => ({ products: await fn('catalog', 'bestSellers')() }),
      },
      category: { list: async () => ({ categories: await fn('catalog', 'categories')() }) },
      color: { list: async () => ({ colors: await fn('catalog', 'colors')() }) },
      settings: { get: async () => ({ settings: await fn('settings', 'get')() }) },
    },
  };
}

/**
 * A stand-in for lib/api.ts (the contract client) made of plain mock functions, one per call, taking the call's
 * arguments in order (`user.login(email, password)`, `cart.setQty(lineId, qty)`) and answering with what the
 * page reads (`cart.get()` → the lines). Tests mock '../lib/api' with it:
 *
 *   vi.mock('../../lib/api', async () => (await import('../../testing/api-mock')).apiMock(m));
 *
 * Only the calls a test's `m` has are there; calling another fails the way a missing function does.
 */
import type { Api } from '../lib/api';

// biome-ignore lint/suspicious/noExplicitAny: the mocks' own types are the tests' business
type Calls = Record<string, Record<string, (...args: any[]) => any>>;
interface Input {
  params?: Record<string, string | number>;
  // biome-ignore lint/suspicious/noExplicitAny: bodies of every route
  body?: any;
  query?: Record<string, unknown>;
}

/** Some of the client's calls, each with the client's own signature (a renamed or reshaped call fails to compile). */
type MockedApi = { [G in keyof Api]?: Partial<Api[G]> };

/** The reply around a mock's fields, as the API sends it. */
const reply = <T extends object>(fields: T) => ({ flag: 1 as const, msg: 'OK', ...fields });

export function apiMock(m: Calls): { api: MockedApi } {
  const fn = (group: string, name: string) => {
    const f = m[group]?.[name];
    if (!f) throw new TypeError(`api.${group}.${name} is not mocked`);
    return f;
  };
  return {
    api: {
      user: {
        me: async () => reply({ user: await fn('user', 'me')() }),
        login: async ({ body }: Input) => fn('user', 'login')(body.email, body.password),
        register: async ({ body }: Input) => fn('user', 'register')(body.name, body.email, body.password),
        logout: async () => fn('user', 'logout')(),
      },
      cart: {
        get: async () => reply({ cart: await fn('cart', 'get')() }),
        add: async ({ body }: Input) => reply({ cart: await fn('cart', 'add')(body) }),
        moveToDb: async ({ body }: Input) => reply({ cart: await fn('cart', 'moveToDb')(body.cart) }),
        setQty: async ({ params, body }: Input) =>
          reply({
            cart: await fn('cart', 'setQty')(params?.lineId, body.qty),
          }),
        removeLine: async ({ params }: Input) =>
          reply({ cart: await fn('cart', 'removeLine')(params?.lineId) }),
        clear: async () => reply({ cart: await fn('cart', 'clear')() }),
        quote: async ({ body }: Input) => reply(await fn('cart', 'quote')(body)),
      },
      order: {
        place: async ({ body }: Input) => fn('order', 'place')(body),
        success: async ({ body }: Input) => fn('order', 'success')(body.order_id, body.razorpay_response),
        paymentFailed: async ({ body }: Input) => fn('order', 'paymentFailed')(body.order_id, body.reason),
        simulatorSign: async ({ body }: Input) =>
          reply({
            razorpay_response: await fn('order', 'simulatorSign')(body.order_id),
          }),
        get: async ({ params }: Input) => fn('order', 'get')(params?.orderId),
        payNow: async ({ params }: Input) => fn('order', 'payNow')(params?.orderId),
        cancel: async ({ params }: Input) => fn('order', 'cancel')(params?.orderId),
      },
      product: {
        get: async ({ params }: Input) => reply({ product: await fn('catalog', 'product')(params?.id) }),
        list: async ({ query }: Input) => fn('catalog', 'products')(query),
        bestSellers: async () =>
          reply({ products: await fn('catalog', 'bestSellers')(), basis: 'sales' as const }),
      },
      category: { list: async () => reply({ categories: await fn('catalog', 'categories')() }) },
      color: { list: async () => reply({ colors: await fn('catalog', 'colors')() }) },
      settings: { get: async () => reply({ settings: await fn('settings', 'get')() }) },
      stockAlert: {
        create: async ({ body }: Input) =>
          reply({ ...(await fn('stockAlert', 'create')(body)), waiting: true as const }),
      },
      review: {
        list: async ({ params, query }: Input) => reply(await fn('review', 'list')(params?.id, query)),
        mine: async ({ params }: Input) => reply(await fn('review', 'mine')(params?.productId)),
        related: async ({ params }: Input) => reply({ products: await fn('review', 'related')(params?.id) }),
        helpful: async ({ params }: Input) =>
          reply({ helpful: await fn('review', 'helpful')(params?.reviewId) }),
      },
    },
  };
}

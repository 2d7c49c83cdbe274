import { contract, wishlistAddBody, wishlistMergeBody, wishlistQuery } from '@voltcart/shared';
import { resource } from '../../lib/routes';
import { idParam } from '../../lib/validate';
import * as wishlists from './wishlist.service';

const M = wishlists.WISHLIST_MESSAGES;
const api = contract.wishlist;

export function wishlistRoutes() {
  const { app, on } = resource('/wishlist');
  const me = (c: { var: { principal?: { id: number } } }) => c.var.principal!.id;

  on(api.list, { query: wishlistQuery }, async (c, { query }) => ({
    msg: M.loaded,
    ...(await wishlists.listWishlist(c.var.db, me(c), query.page)),
  }));

  on(api.ids, async (c) => ({ msg: M.loaded, ids: await wishlists.wishlistIdsOf(c.var.db, me(c)) }));

  on(api.add, { body: wishlistAddBody }, async (c, input) => {
    const productId = idParam(c, 'productId', 'Product');
    const options = await input.body();
    return { msg: M.added, ids: await wishlists.addToWishlist(c.var.db, me(c), productId, options) };
  });

  on(api.remove, async (c) => ({
    msg: M.removed,
    ids: await wishlists.removeFromWishlist(c.var.db, me(c), idParam(c, 'productId', 'Product')),
  }));

  on(api.merge, { body: wishlistMergeBody }, async (c, input) => {
    const { items } = await input.body();
    return { msg: M.merged, ids: await wishlists.mergeWishlist(c.var.db, me(c), items) };
  });

  return app;
}

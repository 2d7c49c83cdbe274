import {
  contract,
  imageMatchBody,
  productBody,
  productListQuery,
  productStatusBody,
  productUpdateBody,
  suggestQuery,
  variantCreateBody,
  variantStockBody,
  variantUpdateBody,
} from '@voltcart/shared';
import { isAdmin } from '../../lib/access';
import { uploadedFile, uploadedFiles } from '../../lib/images';
import { cached, catalogDb, resource } from '../../lib/routes';
import { idParam } from '../../lib/validate';
import { actorOf } from '../audit/audit.service';
import { suggest } from '../search/search.service';
import { releaseStockAlerts } from '../stock-alert/stock-alert.service';
import * as products from './product.service';
import { createInput } from './product-form.service';
import { addImages, removeImage } from './product-gallery.service';
import { bestSellers, listProducts } from './product-list.service';
import { matchImageNames } from './product-match.service';
import * as variants from './product-variant.service';
import { createProduct, updateProduct } from './product-write.service';

const M = products.PRODUCT_MESSAGES;
const V = variants.VARIANT_MESSAGES;
const api = contract.product;
const vapi = contract.variant;
/** The back office's view of a product (variants switched off included). */
const adminProduct = (db: Parameters<typeof products.getProduct>[0], id: number) =>
  products.getProduct(db, id, { admin: true });

export function productRoutes() {
  const { app, on } = resource('/product');

  // Shopper reads are answered from the catalogue cache (lib/cache.ts); every admin write below invalidates it.
  on(api.list, { query: productListQuery }, async (c, { query }) =>
    cached(c, api.list, () =>
      listProducts({ db: catalogDb(c), search: c.var.search }, query, { admin: isAdmin(c) }),
    ),
  );

  // Registered before /:id so that "best-sellers" is not read as a slug.
  on(api.bestSellers, async (c) => cached(c, api.bestSellers, () => bestSellers(c.var.readDb)));

  // Suggestions while typing (modules/search); before /:id too, and cached like every catalogue read.
  on(api.suggest, { query: suggestQuery }, async (c, { query }) =>
    cached(c, api.suggest, () => suggest({ db: c.var.readDb, search: c.var.search }, query.q)),
  );

  on(api.get, async (c, { params }) =>
    cached(c, api.get, async () => ({
      product: await products.getProduct(catalogDb(c), params.id!, { admin: isAdmin(c) }),
    })),
  );

  // The service reads the form itself: it checks the form's required fields first and, on update, checks the
  // product as it will be once the fields sent are applied (with the same schemas).
  on(api.create, { body: productBody }, async (c, input) => {
    const form = await input.raw();
    const plan = createInput(form);
    const { product, uploads } = await createProduct(c.var, actorOf(c), plan, {
      thumbnail: uploadedFile(form.thumbnail),
      images: uploadedFiles(form.images),
    });
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: M.created, product, uploads };
  });

  on(api.update, { body: productUpdateBody }, async (c, input) => {
    const id = idParam(c, 'id', 'Product');
    const form = await input.raw();
    const { product, uploads } = await updateProduct(c.var, actorOf(c), id, form, {
      thumbnail: uploadedFile(form.thumbnail),
      images: uploadedFiles(form.images),
    });
    await c.var.catalogCache.invalidate(c.var.db);
    // Units may have come back: the addresses waiting for them are mailed (after the save committed).
    await releaseStockAlerts(c.var);
    return { msg: M.updated, product, uploads };
  });

  on(api.toggle, { body: productStatusBody }, async (c, input) => {
    const id = idParam(c, 'id', 'Product');
    const { flag } = await input.body();
    const { product, msg } = await products.toggleProduct(c.var.db, actorOf(c), id, flag);
    await c.var.catalogCache.invalidate(c.var.db);
    await releaseStockAlerts(c.var);
    return { msg, product };
  });

  on(api.remove, async (c) => {
    await products.deleteProduct(c.var, actorOf(c), idParam(c, 'id', 'Product'));
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: M.deleted };
  });

  on(api.addImages, async (c, input) => {
    const id = idParam(c, 'id', 'Product');
    const form = await input.raw();
    const files = uploadedFiles(form.images ?? form['images[]']);
    const { product, uploads } = await addImages(c.var, actorOf(c), id, files);
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: M.imagesAdded(uploads), product, uploads };
  });

  on(api.matchImages, { body: imageMatchBody }, async (c, input) => {
    const { names } = await input.body();
    const matches = await matchImageNames(c.var.db, names);
    const matched = matches.filter((m) => m.status === 'matched').length;
    return { msg: `${matched} of ${names.length} file names match a product.`, matches };
  });

  on(api.removeImage, async (c, { params }) => {
    const product = await removeImage(c.var, actorOf(c), idParam(c, 'id', 'Product'), params.file!);
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: M.imageRemoved, product };
  });

  // Variants and colour galleries (admin).
  on(vapi.list, async (c) => ({
    msg: 'OK',
    variants: await variants.listVariants(c.var.db, idParam(c, 'id', 'Product'), adminProduct),
  }));

  on(vapi.create, { body: variantCreateBody }, async (c, input) => {
    const id = idParam(c, 'id', 'Product');
    const out = await variants.createVariant(c.var, actorOf(c), id, await input.body(), adminProduct);
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: V.created, ...out };
  });

  on(vapi.stock, { body: variantStockBody }, async (c, input) => {
    const id = idParam(c, 'id', 'Product');
    const { changes } = await input.body();
    const out = await variants.setVariantStock(c.var.db, actorOf(c), id, changes, adminProduct);
    await c.var.catalogCache.invalidate(c.var.db);
    await releaseStockAlerts(c.var);
    return { msg: V.stockSaved(changes.length), ...out };
  });

  on(vapi.update, { body: variantUpdateBody }, async (c, input) => {
    const id = idParam(c, 'id', 'Product');
    const variantId = idParam(c, 'variantId', 'Variant');
    const out = await variants.updateVariant(
      c.var,
      actorOf(c),
      id,
      variantId,
      await input.body(),
      adminProduct,
    );
    await c.var.catalogCache.invalidate(c.var.db);
    await releaseStockAlerts(c.var);
    return { msg: V.updated, ...out };
  });

  on(vapi.remove, async (c) => {
    const id = idParam(c, 'id', 'Product');
    const product = await variants.deleteVariant(
      c.var,
      actorOf(c),
      id,
      idParam(c, 'variantId', 'Variant'),
      adminProduct,
    );
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: V.deleted, product };
  });

  on(vapi.addColorImages, async (c, input) => {
    const id = idParam(c, 'id', 'Product');
    const colorId = idParam(c, 'colorId', 'Colour');
    const form = await input.raw();
    const files = uploadedFiles(form.images ?? form['images[]']);
    const { product, uploads } = await addImages(c.var, actorOf(c), id, files, colorId);
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: M.imagesAdded(uploads), product, uploads };
  });

  return app;
}

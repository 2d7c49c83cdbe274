import { productListQuery, productStatusBody } from '@voltcart/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access, isAdmin } from '../../lib/access';
import { catalogCache } from '../../lib/cache';
import { uploadedFile, uploadedFiles } from '../../lib/images';
import { formBody, idParam, jsonBody, parse } from '../../lib/validate';
import * as products from './product.service';

const M = products.PRODUCT_MESSAGES;

export function productRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  // Shopper reads are answered from the catalogue cache (lib/cache.ts); every admin write below invalidates it.
  r.get('/', access.public, async (c) => {
    const admin = isAdmin(c);
    return catalogCache(c).respond(c, async () => {
      const raw = Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v.trim() !== ''));
      const query = parse(productListQuery, raw);
      const list = await products.listProducts(admin ? c.var.db : c.var.readDb, query, { admin });
      return { flag: 1, msg: 'OK', ...list };
    });
  });

  // Registered before /:id so that "best-sellers" is not read as a slug.
  r.get('/best-sellers', access.public, (c) =>
    catalogCache(c).respond(c, async () => ({
      flag: 1,
      msg: 'OK',
      products: await products.bestSellers(c.var.readDb),
    })),
  );

  r.get('/:id', access.public, async (c) => {
    const admin = isAdmin(c);
    return catalogCache(c).respond(c, async () => ({
      flag: 1,
      msg: 'OK',
      product: await products.getProduct(admin ? c.var.db : c.var.readDb, c.req.param('id'), { admin }),
    }));
  });

  r.post('/create', access.admin, async (c) => {
    const form = await formBody(c);
    const plan = products.createInput(form);
    const product = await products.createProduct(c.var, plan, {
      thumbnail: uploadedFile(form.thumbnail),
      images: uploadedFiles(form.images),
    });
    await catalogCache(c).invalidate(c.var.db);
    return c.json({ flag: 1, msg: M.created, product }, 201);
  });

  r.put('/update/:id', access.admin, async (c) => {
    const id = idParam(c, 'id', 'Product');
    const form = await formBody(c);
    const product = await products.updateProduct(c.var, id, form, {
      thumbnail: uploadedFile(form.thumbnail),
      images: uploadedFiles(form.images),
    });
    await catalogCache(c).invalidate(c.var.db);
    return c.json({ flag: 1, msg: M.updated, product });
  });

  r.patch('/status/:id', access.admin, async (c) => {
    const id = idParam(c, 'id', 'Product');
    const { flag } = parse(productStatusBody, await jsonBody(c));
    const { product, msg } = await products.toggleProduct(c.var.db, id, flag);
    await catalogCache(c).invalidate(c.var.db);
    return c.json({ flag: 1, msg, product });
  });

  r.delete('/delete/:id', access.admin, async (c) => {
    await products.deleteProduct(c.var, idParam(c, 'id', 'Product'));
    await catalogCache(c).invalidate(c.var.db);
    return c.json({ flag: 1, msg: M.deleted });
  });

  r.patch('/multiple-images/:id', access.admin, async (c) => {
    const id = idParam(c, 'id', 'Product');
    const form = await formBody(c);
    const files = uploadedFiles(form.images ?? form['images[]']);
    const product = await products.addImages(c.var, id, files);
    await catalogCache(c).invalidate(c.var.db);
    return c.json({ flag: 1, msg: M.imagesAdded(files.length), product });
  });

  r.delete('/image/:id/:file', access.admin, async (c) => {
    const product = await products.removeImage(c.var, idParam(c, 'id', 'Product'), c.req.param('file'));
    await catalogCache(c).invalidate(c.var.db);
    return c.json({ flag: 1, msg: M.imageRemoved, product });
  });

  return r;
}

import { categoryBody } from '@voltcart/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { badRequest } from '../../errors';
import { access, isAdmin } from '../../lib/access';
import { catalogCache } from '../../lib/cache';
import { uploadedFile } from '../../lib/images';
import { formBody, idParam, parse } from '../../lib/validate';
import * as categories from './category.service';

const M = categories.CATEGORY_MESSAGES;

/** A form field that was not sent, or sent empty, is treated as absent. */
const present = (v: unknown) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');

export function categoryRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  // Shopper reads are answered from the catalogue cache (lib/cache.ts); every admin write below invalidates it.
  r.get('/', access.public, async (c) => {
    const admin = isAdmin(c);
    return catalogCache(c).respond(c, async () => ({
      flag: 1,
      msg: 'OK',
      categories: await categories.listCategories(admin ? c.var.db : c.var.readDb, { admin }),
    }));
  });

  r.get('/:id', access.public, async (c) => {
    const admin = isAdmin(c);
    return catalogCache(c).respond(c, async () => {
      const category = await categories.getCategory(
        admin ? c.var.db : c.var.readDb,
        idParam(c, 'id', 'Category'),
        { admin },
      );
      return { flag: 1, msg: 'OK', category, categories: [category] };
    });
  });

  r.post('/create', access.admin, async (c) => {
    const form = await formBody(c);
    if (!present(form.name)) throw badRequest('name is required');
    const input = parse(categoryBody, { name: form.name, status: form.status });
    const category = await categories.createCategory(c.var, { ...input, image: uploadedFile(form.Image) });
    await catalogCache(c).invalidate(c.var.db);
    return c.json({ flag: 1, msg: M.created, category }, 201);
  });

  r.put('/update/:id', access.admin, async (c) => {
    const id = idParam(c, 'id', 'Category');
    const form = await formBody(c);
    const input = parse(categoryBody.partial(), {
      name: present(form.name) ? form.name : undefined,
      status: present(form.status) ? form.status : undefined,
    });
    const image = uploadedFile(form.Image);
    if (input.name === undefined && input.status === undefined && !image) throw badRequest(M.nothingToChange);
    const category = await categories.updateCategory(c.var, id, { ...input, image });
    await catalogCache(c).invalidate(c.var.db);
    return c.json({ flag: 1, msg: M.updated, category });
  });

  r.patch('/status/:id', access.admin, async (c) => {
    const { category, msg } = await categories.toggleCategory(c.var.db, idParam(c, 'id', 'Category'));
    await catalogCache(c).invalidate(c.var.db);
    return c.json({ flag: 1, msg, category });
  });

  r.delete('/delete/:id', access.admin, async (c) => {
    await categories.deleteCategory(c.var, idParam(c, 'id', 'Category'));
    await catalogCache(c).invalidate(c.var.db);
    return c.json({ flag: 1, msg: M.deleted });
  });

  return r;
}

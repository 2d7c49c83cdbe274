import { categoryBody, categoryUpdateBody, contract, isBlank, withoutBlanks } from '@voltcart/shared';
import { badRequest } from '../../errors';
import { isAdmin } from '../../lib/access';
import { uploadedFile } from '../../lib/images';
import { cached, catalogDb, resource } from '../../lib/routes';
import { idParam } from '../../lib/validate';
import { actorOf } from '../audit/audit.service';
import * as categories from './category.service';

const M = categories.CATEGORY_MESSAGES;
const api = contract.category;

export function categoryRoutes() {
  const { app, on } = resource('/category');

  // Shopper reads are answered from the catalogue cache (lib/cache.ts); every admin write below invalidates it.
  on(api.list, async (c) =>
    cached(c, api.list, async () => ({
      categories: await categories.listCategories(catalogDb(c), { admin: isAdmin(c) }),
    })),
  );

  on(api.get, async (c) =>
    cached(c, api.get, async () => {
      const category = await categories.getCategory(catalogDb(c), idParam(c, 'id', 'Category'), {
        admin: isAdmin(c),
      });
      return { category, categories: [category] };
    }),
  );

  // The form's rule first (name required), then the schema; only the name and status fields are read.
  on(api.create, { body: categoryBody }, async (c, input) => {
    const form = await input.raw();
    if (isBlank(form.name)) throw badRequest('name is required');
    const fields = await input.body({ name: form.name, status: form.status });
    const category = await categories.createCategory(c.var, actorOf(c), {
      ...fields,
      image: uploadedFile(form.Image),
    });
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: M.created, category };
  });

  on(api.update, { body: categoryUpdateBody }, async (c, input) => {
    const id = idParam(c, 'id', 'Category');
    const form = await input.raw();
    const fields = await input.body(withoutBlanks({ name: form.name, status: form.status }));
    const image = uploadedFile(form.Image);
    if (fields.name === undefined && fields.status === undefined && !image)
      throw badRequest(M.nothingToChange);
    const category = await categories.updateCategory(c.var, actorOf(c), id, { ...fields, image });
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: M.updated, category };
  });

  on(api.toggle, async (c) => {
    const { category, msg } = await categories.toggleCategory(
      c.var.db,
      actorOf(c),
      idParam(c, 'id', 'Category'),
    );
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg, category };
  });

  on(api.remove, async (c) => {
    await categories.deleteCategory(c.var, actorOf(c), idParam(c, 'id', 'Category'));
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: M.deleted };
  });

  return app;
}

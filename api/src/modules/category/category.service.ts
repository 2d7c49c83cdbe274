import { type Category, slugify } from '@voltcart/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { isDuplicateKey } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../errors';
import { deleteUnlessUsed } from '../../lib/delete-unless-used';
import { imageLimits, releaseImages, removeImages, storeImage } from '../../lib/images';
import type { Storage } from '../../lib/storage';
import { transaction } from '../../lib/transaction';
import { type Actor, catalogHistory, recordAudit } from '../audit/audit.service';
import type { SearchEngine } from '../search/search-engine';
import * as repo from './category.repository';

export interface CategoryDeps {
  db: Db;
  storage: Storage;
  config: Config;
  search: SearchEngine;
}

export const CATEGORY_MESSAGES = {
  created: 'Category created successfully.',
  updated: 'Category updated successfully.',
  deleted: 'Category deleted successfully.',
  nothingToChange: 'Send a new name or image to update the category.',
  emptySlug: 'name must contain at least one letter or digit (a-z, 0-9) so that a slug can be made from it.',
} as const;
const M = CATEGORY_MESSAGES;

function toCategory(row: repo.CategoryRow): Category {
  return {
    _id: String(row.id),
    name: row.name,
    slug: row.slug,
    Image: row.image,
    status: Boolean(row.status),
    productCount: Number(row.productCount),
  };
}

/** Everyone sees active categories; an admin also sees inactive ones. Sorted by name. */
export async function listCategories(db: Db, opts: { admin: boolean }): Promise<Category[]> {
  return (await repo.listCategories(db, { activeOnly: !opts.admin })).map(toCategory);
}

/** An inactive category does not exist for shoppers. */
export async function getCategory(db: Db, id: number, opts: { admin: boolean }): Promise<Category> {
  const row = await repo.findCategory(db, id);
  if (!row || (!opts.admin && !row.status)) throw notFound('Category');
  return toCategory(row);
}

function slugFor(name: string): string {
  const slug = slugify(name);
  if (!slug) throw badRequest(M.emptySlug);
  return slug;
}

/** What the history keeps of a category. */
const auditFields = (c: { name: string; slug: string; image: string; status: number }) => ({
  name: c.name,
  slug: c.slug,
  image: c.image,
  status: Boolean(c.status),
});
const history = catalogHistory('category', 'category', auditFields);

const duplicate = (slug: string) =>
  conflict(`A category with the slug "${slug}" already exists. Choose a different name.`, 'duplicate_slug');

/**
 * Creates a category. The slug always comes from the name (slugify), so the two never disagree; the image, when given,
 * goes through the image pipeline first and is removed again if the row cannot be written.
 */
export async function createCategory(
  deps: CategoryDeps,
  actor: Actor,
  input: { name: string; status?: boolean; image: File | null },
): Promise<Category> {
  const slug = slugFor(input.name);
  if (await repo.slugTaken(deps.db, slug)) throw duplicate(slug);
  const image = input.image
    ? await storeImage(deps.storage, 'categories', input.image, imageLimits(deps.config))
    : '';
  try {
    const id = await transaction(deps.db, async (trx) => {
      const values = {
        name: input.name,
        slug,
        image,
        ...(input.status === undefined ? {} : { status: input.status ? 1 : 0 }),
      };
      const newId = await repo.insertCategory(trx, values);
      await history.created(trx, actor, newId, (await repo.findCategory(trx, newId))!);
      return newId;
    });
    return getCategory(deps.db, id, { admin: true });
  } catch (e) {
    await removeImages(deps.storage, 'categories', [image]);
    if (isDuplicateKey(e)) throw duplicate(slug);
    throw e;
  }
}

/** Renames (new slug) and/or replaces the image; the old image file is deleted once the row points at the new one. */
export async function updateCategory(
  deps: CategoryDeps,
  actor: Actor,
  id: number,
  input: { name?: string; status?: boolean; image: File | null },
): Promise<Category> {
  const current = await repo.findCategory(deps.db, id);
  if (!current) throw notFound('Category');
  const changes: { name?: string; slug?: string; image?: string; status?: number } = {};
  if (input.name !== undefined && input.name !== current.name) {
    changes.name = input.name;
    changes.slug = slugFor(input.name);
    if (changes.slug !== current.slug && (await repo.slugTaken(deps.db, changes.slug, id)))
      throw duplicate(changes.slug);
  }
  if (input.status !== undefined) changes.status = input.status ? 1 : 0;
  if (input.image)
    changes.image = await storeImage(deps.storage, 'categories', input.image, imageLimits(deps.config));
  try {
    // A new name is a new search word for every product of the category: indexed in the same transaction.
    await deps.db.transaction().execute(async (trx) => {
      await repo.updateCategory(trx, id, changes);
      if (changes.name) await deps.search.indexProductsOf(trx, { categoryId: id });
      await history.saved(trx, actor, id, current, { ...current, ...changes });
    });
  } catch (e) {
    if (changes.image) await removeImages(deps.storage, 'categories', [changes.image]);
    if (isDuplicateKey(e)) throw duplicate(changes.slug ?? current.slug);
    throw e;
  }
  if (changes.image && current.image)
    await releaseImages(deps.db, deps.storage, 'categories', [current.image]);
  return getCategory(deps.db, id, { admin: true });
}

export async function toggleCategory(
  db: Db,
  actor: Actor,
  id: number,
): Promise<{ category: Category; msg: string }> {
  await transaction(db, async (trx) => {
    const before = await repo.findCategory(trx, id);
    if (!before || !(await repo.toggleCategoryStatus(trx, id))) throw notFound('Category');
    await recordAudit(trx, {
      actor,
      action: 'category.status',
      kind: 'category',
      objectId: id,
      summary: `Category ${before.name} switched ${before.status ? 'off' : 'on'}`,
      before: { status: Boolean(before.status) },
      after: { status: !before.status },
    });
  });
  const category = await getCategory(db, id, { admin: true });
  return {
    category,
    msg: `Category "${category.name}" is now ${category.status ? 'active' : 'inactive'}.`,
  };
}

/** Refused while products point at the category (they would lose it); its image file goes with it. */
export async function deleteCategory(deps: CategoryDeps, actor: Actor, id: number): Promise<void> {
  const current = await repo.findCategory(deps.db, id);
  if (!current) throw notFound('Category');
  await deleteUnlessUsed(
    deps.db,
    { what: 'category', advice: 'Move or delete them first.' },
    () => repo.countProductsInCategory(deps.db, id),
    async (trx) => {
      if (!(await repo.deleteCategory(trx, id))) throw notFound('Category');
      await history.deleted(trx, actor, id, current);
    },
  );
  await releaseImages(deps.db, deps.storage, 'categories', [current.image]);
}

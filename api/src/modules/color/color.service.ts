import { type Color, slugify } from '@voltcart/shared';
import type { Deps } from '../../app-env';
import type { Db } from '../../db/connection';
import { isDuplicateKey } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../errors';
import { deleteUnlessUsed } from '../../lib/delete-unless-used';
import { transaction } from '../../lib/transaction';
import { type Actor, catalogHistory, recordAudit } from '../audit/audit.service';
import * as repo from './color.repository';

export const COLOR_MESSAGES = {
  created: 'Colour created successfully.',
  updated: 'Colour updated successfully.',
  deleted: 'Colour deleted successfully.',
  nothingToChange: 'Send a new name or hexcode to update the colour.',
  emptySlug: 'name must contain at least one letter or digit (a-z, 0-9) so that a slug can be made from it.',
} as const;
const M = COLOR_MESSAGES;

function toColor(row: repo.ColorRow): Color {
  return {
    _id: String(row.id),
    name: row.name,
    slug: row.slug,
    hexcode: row.hexcode,
    status: Boolean(row.status),
  };
}

/**
 * Stored form of a hex colour.
 * - lowercase, always 7 characters: `#abc` becomes `#aabbcc`
 * - the input is assumed already checked by colorBody (`#rgb` or `#rrggbb`)
 */
function normalizeHex(hex: string): string {
  const h = hex.trim().toLowerCase();
  if (/^#[0-9a-f]{3}$/.test(h)) return `#${h[1]}${h[1]}${h[2]}${h[2]}${h[3]}${h[3]}`;
  return h;
}

export async function listColors(db: Db, opts: { admin: boolean }): Promise<Color[]> {
  return (await repo.listColors(db, { activeOnly: !opts.admin })).map(toColor);
}

export async function getColor(db: Db, id: number, opts: { admin: boolean }): Promise<Color> {
  const row = await repo.findColor(db, id);
  if (!row || (!opts.admin && !row.status)) throw notFound('Colour');
  return toColor(row);
}

function slugFor(name: string): string {
  const slug = slugify(name);
  if (!slug) throw badRequest(M.emptySlug);
  return slug;
}

const duplicate = (slug: string) =>
  conflict(`A colour with the slug "${slug}" already exists. Choose a different name.`, 'duplicate_slug');

/** What the history keeps of a colour. */
const auditFields = (c: { name: string; slug: string; hexcode: string; status: number }) => ({
  name: c.name,
  slug: c.slug,
  hexcode: c.hexcode,
  status: Boolean(c.status),
});
const history = catalogHistory('color', 'colour', auditFields);

export async function createColor(
  db: Db,
  actor: Actor,
  input: { name: string; hexcode: string; status?: boolean },
): Promise<Color> {
  const slug = slugFor(input.name);
  if (await repo.slugTaken(db, slug)) throw duplicate(slug);
  try {
    const id = await transaction(db, async (trx) => {
      const newId = await repo.insertColor(trx, {
        name: input.name,
        slug,
        hexcode: normalizeHex(input.hexcode),
        ...(input.status === undefined ? {} : { status: input.status ? 1 : 0 }),
      });
      await history.created(trx, actor, newId, (await repo.findColor(trx, newId))!);
      return newId;
    });
    return getColor(db, id, { admin: true });
  } catch (e) {
    if (isDuplicateKey(e)) throw duplicate(slug);
    throw e;
  }
}

export async function updateColor(
  { db, search }: Pick<Deps, 'db' | 'search'>,
  actor: Actor,
  id: number,
  input: { name?: string; hexcode?: string; status?: boolean },
): Promise<Color> {
  const current = await repo.findColor(db, id);
  if (!current) throw notFound('Colour');
  const changes: { name?: string; slug?: string; hexcode?: string; status?: number } = {};
  if (input.name !== undefined && input.name !== current.name) {
    changes.name = input.name;
    changes.slug = slugFor(input.name);
    if (changes.slug !== current.slug && (await repo.slugTaken(db, changes.slug, id)))
      throw duplicate(changes.slug);
  }
  if (input.hexcode !== undefined) changes.hexcode = normalizeHex(input.hexcode);
  if (input.status !== undefined) changes.status = input.status ? 1 : 0;
  try {
    // A new name is a new search word for every product in this colour: indexed in the same transaction.
    await db.transaction().execute(async (trx) => {
      await repo.updateColor(trx, id, changes);
      if (changes.name) await search.indexProductsOf(trx, { colorId: id });
      await history.saved(trx, actor, id, current, { ...current, ...changes });
    });
  } catch (e) {
    if (isDuplicateKey(e)) throw duplicate(changes.slug ?? current.slug);
    throw e;
  }
  return getColor(db, id, { admin: true });
}

export async function toggleColor(db: Db, actor: Actor, id: number): Promise<{ color: Color; msg: string }> {
  await transaction(db, async (trx) => {
    const before = await repo.findColor(trx, id);
    if (!before || !(await repo.toggleColorStatus(trx, id))) throw notFound('Colour');
    await recordAudit(trx, {
      actor,
      action: 'color.status',
      kind: 'color',
      objectId: id,
      summary: `Colour ${before.name} switched ${before.status ? 'off' : 'on'}`,
      before: { status: Boolean(before.status) },
      after: { status: !before.status },
    });
  });
  const color = await getColor(db, id, { admin: true });
  return { color, msg: `Colour "${color.name}" is now ${color.status ? 'active' : 'inactive'}.` };
}

/** Refused while products offer the colour: their option lists (and carts) would silently change. */
export async function deleteColor(db: Db, actor: Actor, id: number): Promise<void> {
  const current = await repo.findColor(db, id);
  if (!current) throw notFound('Colour');
  await deleteUnlessUsed(
    db,
    { what: 'colour', advice: 'Remove it from them first.' },
    () => repo.countProductsWithColor(db, id),
    async (trx) => {
      if (!(await repo.deleteColor(trx, id))) throw notFound('Colour');
      await history.deleted(trx, actor, id, current);
    },
  );
}

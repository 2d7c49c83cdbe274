import { type RawBuilder, sql } from 'kysely';

/**
 * The first picture of a product's colour gallery (the one its product page opens with for that colour), as a
 * subquery over two columns of the outer query, e.g. `firstColorPicture('cl.product_id', 'cl.color_id')`; NULL
 * when the colour has no pictures of its own. Cart and order lines show it, so that a line of a black phone shows
 * a black phone.
 */
export function firstColorPicture(productId: string, colorId: string): RawBuilder<string | null> {
  return sql<string | null>`(SELECT pi.file FROM product_images AS pi
    WHERE pi.product_id = ${sql.ref(productId)} AND pi.color_id = ${sql.ref(colorId)}
    ORDER BY pi.position, pi.id LIMIT 1)`;
}

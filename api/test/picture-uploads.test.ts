// Covers idempotent picture uploads on every route that adds pictures to a product (PATCH
// /product/multiple-images/{id}, PUT /product/update/{id}, POST /product/create): the same file sent again is
// stored once and answered "already there" (reply `uploads` and message), twins inside one request, a thumbnail
// sent again, two uploads of one file at the same moment, older pictures without a hash, and that no file is
// left in storage for a picture that was not added.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { file, png } from './support';

let ctx: TestContext;
let admin: string;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

const stored = async () => {
  const dir = join(ctx.uploadDir, 'product');
  return existsSync(dir) ? (await readdir(dir)).length : 0;
};

function form(fields: Record<string, string | Buffer | Buffer[]>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    const list = Array.isArray(v) ? v : [v];
    for (const [i, x] of list.entries()) {
      if (Buffer.isBuffer(x)) f.append(k, file(x, `${k}-${i + 1}.png`));
      else f.append(k, x);
    }
  }
  return f;
}

async function product(fields: Record<string, string | Buffer | Buffer[]> = {}) {
  const r = await ctx.req('POST', '/product/create', {
    token: admin,
    form: form({ name: `Picture Phone ${++n}`, originalPrice: '1000', ...fields }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

const addImages = (id: string, images: Buffer[]) =>
  ctx.req('PATCH', `/product/multiple-images/${id}`, { token: admin, form: form({ images }) });

describe('the same picture uploaded twice', () => {
  it('is added once to the gallery and answered "already there" the second time', async () => {
    const { product: p } = await product();
    const photo = await png(48, 48, '#aa3300');
    const first = await addImages(p._id, [photo]);
    expect(first.status).toBe(200);
    expect(first.body.uploads).toEqual([
      { role: 'gallery', status: 'added', file: first.body.product.images[0] },
    ]);
    const files = await stored();

    const again = await addImages(p._id, [photo]);
    expect(again.status).toBe(200);
    expect(again.body.msg).toBe('Already there: 1 image not added again.');
    expect(again.body.uploads).toEqual([
      { role: 'gallery', status: 'already_there', file: first.body.product.images[0] },
    ]);
    expect(again.body.product.images).toEqual(first.body.product.images);
    expect(await stored()).toBe(files);
  });

  it('adds the new files of a mixed upload and skips twins within one request', async () => {
    const { product: p } = await product();
    const a = await png(40, 40, '#112233');
    const b = await png(40, 40, '#445566');
    await addImages(p._id, [a]);
    const r = await addImages(p._id, [a, b, b]);
    expect(r.status).toBe(200);
    expect(r.body.msg).toBe('1 image added, 2 already there (not added again).');
    expect(r.body.uploads.map((u: { status: string }) => u.status)).toEqual([
      'already_there',
      'added',
      'already_there',
    ]);
    expect(r.body.uploads[2].file).toBe(r.body.uploads[1].file);
    expect(r.body.product.images).toHaveLength(2);
  });

  it('skips a gallery file that is the thumbnail, and a thumbnail sent again (update and create)', async () => {
    const thumb = await png(64, 64, '#008800');
    const extra = await png(64, 64, '#000088');
    const created = await product({ thumbnail: thumb, images: [extra, extra] });
    const p = created.product;
    expect(created.uploads.map((u: { role: string; status: string }) => `${u.role} ${u.status}`)).toEqual([
      'thumbnail added',
      'gallery added',
      'gallery already_there',
    ]);
    expect(p.images).toHaveLength(1);

    const files = await stored();
    const upd = await ctx.req('PUT', `/product/update/${p._id}`, {
      token: admin,
      form: form({ thumbnail: thumb, images: [extra, thumb] }),
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.uploads.map((u: { status: string }) => u.status)).toEqual([
      'already_there',
      'already_there',
      'already_there',
    ]);
    expect(upd.body.product.thumbnail).toBe(p.thumbnail);
    expect(upd.body.product.images).toEqual(p.images);
    expect(await stored()).toBe(files);

    // A different thumbnail replaces it as before.
    const other = await ctx.req('PUT', `/product/update/${p._id}`, {
      token: admin,
      form: form({ thumbnail: await png(64, 64, '#880000') }),
    });
    expect(other.body.uploads[0]).toMatchObject({ role: 'thumbnail', status: 'added' });
    expect(other.body.product.thumbnail).not.toBe(p.thumbnail);
  });

  it('adds a file once when two uploads of it arrive at the same moment', async () => {
    const { product: p } = await product();
    const photo = await png(300, 300, '#663399');
    const replies = await Promise.all([addImages(p._id, [photo]), addImages(p._id, [photo])]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const statuses = replies.map((r) => r.body.uploads[0].status).sort();
    expect(statuses).toEqual(['added', 'already_there']);
    const after = (await ctx.req('GET', `/product/${p._id}`, { token: admin })).body.product;
    expect(after.images).toHaveLength(1);
    // The losing request's re-encoded copy was removed again: one full and one small file per picture.
    const dir = join(ctx.uploadDir, 'product');
    const names = await readdir(dir);
    const mine = names.filter((x) => x.startsWith(after.images[0].replace('.webp', '')));
    expect(mine).toHaveLength(2);
    expect(replies.flatMap((r) => r.body.uploads.map((u: { file: string }) => u.file))).toEqual([
      after.images[0],
      after.images[0],
    ]);
  });

  it('adds a file again when the gallery picture made from it was stored before hashes were kept', async () => {
    const { product: p } = await product();
    const photo = await png(40, 40, '#999900');
    await addImages(p._id, [photo]);
    await ctx.db
      .updateTable('product_images')
      .set({ content_hash: null })
      .where('product_id', '=', Number(p._id))
      .execute();
    const r = await addImages(p._id, [photo]);
    expect(r.body.uploads[0].status).toBe('added');
    expect(r.body.product.images).toHaveLength(2);
  });
});

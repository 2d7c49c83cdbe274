import { colorBody } from '@voltcart/shared';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { badRequest } from '../../errors';
import { access, isAdmin } from '../../lib/access';
import { catalogCache } from '../../lib/cache';
import { formBody, idParam, jsonBody, parse } from '../../lib/validate';
import * as colors from './color.service';

const M = colors.COLOR_MESSAGES;
/** Colours are JSON (as the seed sends them); a form post from an admin screen works too. */
const readBody = (c: Context) =>
  /multipart\/form-data|x-www-form-urlencoded/i.test(c.req.header('content-type') ?? '')
    ? formBody(c)
    : jsonBody(c);
const present = (v: unknown) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');

export function colorRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  // Shopper reads are answered from the catalogue cache (lib/cache.ts); every admin write below invalidates it.
  r.get('/', access.public, async (c) => {
    const admin = isAdmin(c);
    return catalogCache(c).respond(c, async () => ({
      flag: 1,
      msg: 'OK',
      colors: await colors.listColors(admin ? c.var.db : c.var.readDb, { admin }),
    }));
  });

  r.get('/:id', access.public, async (c) => {
    const admin = isAdmin(c);
    return catalogCache(c).respond(c, async () => {
      const color = await colors.getColor(admin ? c.var.db : c.var.readDb, idParam(c, 'id', 'Colour'), {
        admin,
      });
      return { flag: 1, msg: 'OK', color, colors: [color] };
    });
  });

  r.post('/create', access.admin, async (c) => {
    const body = await readBody(c);
    if (!present(body.name)) throw badRequest('name is required');
    if (!present(body.hexcode)) throw badRequest('hexcode is required');
    const input = parse(colorBody, body);
    const color = await colors.createColor(c.var.db, input);
    await catalogCache(c).invalidate(c.var.db);
    return c.json({ flag: 1, msg: M.created, color }, 201);
  });

  r.put('/update/:id', access.admin, async (c) => {
    const id = idParam(c, 'id', 'Colour');
    const body = await readBody(c);
    const input = parse(colorBody.partial(), {
      name: present(body.name) ? body.name : undefined,
      hexcode: present(body.hexcode) ? body.hexcode : undefined,
      status: present(body.status) ? body.status : undefined,
    });
    if (input.name === undefined && input.hexcode === undefined && input.status === undefined)
      throw badRequest(M.nothingToChange);
    const color = await colors.updateColor(c.var.db, id, input);
    await catalogCache(c).invalidate(c.var.db);
    return c.json({ flag: 1, msg: M.updated, color });
  });

  r.patch('/status/:id', access.admin, async (c) => {
    const { color, msg } = await colors.toggleColor(c.var.db, idParam(c, 'id', 'Colour'));
    await catalogCache(c).invalidate(c.var.db);
    return c.json({ flag: 1, msg, color });
  });

  r.delete('/delete/:id', access.admin, async (c) => {
    await colors.deleteColor(c.var.db, idParam(c, 'id', 'Colour'));
    await catalogCache(c).invalidate(c.var.db);
    return c.json({ flag: 1, msg: M.deleted });
  });

  return r;
}

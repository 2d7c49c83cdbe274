import { colorBody, colorUpdateBody, contract, isBlank, withoutBlanks } from '@voltcart/shared';
import { badRequest } from '../../errors';
import { isAdmin } from '../../lib/access';
import { cached, catalogDb, resource } from '../../lib/routes';
import { idParam, jsonOrFormBody } from '../../lib/validate';
import { actorOf } from '../audit/audit.service';
import * as colors from './color.service';

const M = colors.COLOR_MESSAGES;
const api = contract.color;

export function colorRoutes() {
  const { app, on } = resource('/color');

  // Shopper reads are answered from the catalogue cache (lib/cache.ts); every admin write below invalidates it.
  on(api.list, async (c) =>
    cached(c, api.list, async () => ({
      colors: await colors.listColors(catalogDb(c), { admin: isAdmin(c) }),
    })),
  );

  on(api.get, async (c) =>
    cached(c, api.get, async () => {
      const color = await colors.getColor(catalogDb(c), idParam(c, 'id', 'Colour'), { admin: isAdmin(c) });
      return { color, colors: [color] };
    }),
  );

  // Colours are JSON (the call table in docs/api.md); a form post from an admin screen works too.
  on(api.create, { body: colorBody }, async (c, input) => {
    const body = await jsonOrFormBody(c);
    if (isBlank(body.name)) throw badRequest('name is required');
    if (isBlank(body.hexcode)) throw badRequest('hexcode is required');
    const color = await colors.createColor(c.var.db, actorOf(c), await input.body(body));
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: M.created, color };
  });

  on(api.update, { body: colorUpdateBody }, async (c, input) => {
    const id = idParam(c, 'id', 'Colour');
    const body = await jsonOrFormBody(c);
    const fields = await input.body(
      withoutBlanks({ name: body.name, hexcode: body.hexcode, status: body.status }),
    );
    if (fields.name === undefined && fields.hexcode === undefined && fields.status === undefined)
      throw badRequest(M.nothingToChange);
    const color = await colors.updateColor(c.var, actorOf(c), id, fields);
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: M.updated, color };
  });

  on(api.toggle, async (c) => {
    const { color, msg } = await colors.toggleColor(c.var.db, actorOf(c), idParam(c, 'id', 'Colour'));
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg, color };
  });

  on(api.remove, async (c) => {
    await colors.deleteColor(c.var.db, actorOf(c), idParam(c, 'id', 'Colour'));
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: M.deleted };
  });

  return app;
}

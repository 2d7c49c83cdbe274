import { newsletterBody } from '@voltcart/shared';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../lib/access';
import { jsonBody, parse } from '../../lib/validate';
import { subscribe } from './newsletter.service';

export function newsletterRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  const signUp = async (c: Context<AppEnv>) => {
    const { email } = parse(newsletterBody, await jsonBody(c));
    const { created, msg } = await subscribe(c.var.db, email);
    return c.json({ flag: 1, msg }, created ? 201 : 200);
  };
  r.post('/subscribe', access.public, signUp);
  // The seed names no path for the footer's sign-up box: the bare resource path works too.
  r.post('/', access.public, signUp);

  return r;
}

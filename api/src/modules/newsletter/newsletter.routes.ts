import { contract, newsletterBody } from '@voltcart/shared';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { type RouteInput, replyWith, resource } from '../../lib/routes';
import { subscribe } from './newsletter.service';

const api = contract.newsletter;

export function newsletterRoutes() {
  const { app, on } = resource('/newsletter');

  // A new address is answered 201, one already signed up 200 (with its own message).
  const signUp =
    (def: typeof api.subscribe | typeof api.subscribeAtRoot) =>
    async (c: Context<AppEnv>, input: RouteInput<typeof def>) => {
      const { email } = await input.body();
      const { created, msg } = await subscribe(c.var.db, c.var.config, email);
      return replyWith(c, def, { msg }, created ? 201 : 200);
    };
  on(api.subscribe, { body: newsletterBody }, signUp(api.subscribe));
  // A footer sign-up box may post to the bare resource path: it works too.
  on(api.subscribeAtRoot, { body: newsletterBody }, signUp(api.subscribeAtRoot));

  return app;
}

import { contract, synonymsBody } from '@voltcart/shared';
import { resource } from '../../lib/routes';
import { actorOf } from '../audit/audit.service';
import * as search from './search.service';

const api = contract.search;

export function searchRoutes() {
  const { app, on } = resource('/search');

  on(api.synonyms, async (c) => ({ synonyms: await search.listSynonyms(c.var.db) }));

  on(api.setSynonyms, { body: synonymsBody }, async (c, input) => {
    const { synonyms } = await input.body();
    const saved = await search.setSynonyms(c.var.db, actorOf(c), synonyms);
    // Cached search answers were found with the old list.
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: `${saved.length} synonyms saved.`, synonyms: saved };
  });

  return app;
}

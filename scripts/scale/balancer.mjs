/** The balancer's checks: requests spread over both API processes, and images served alike by both. */
import { readFileSync } from 'node:fs';
import { call, expectStatus } from './http.mjs';
import { parseAccessLog } from './nginx.mjs';
import { assert, check } from './report.mjs';

export async function checkBalancing({ apis, nginx, lb }, { products }) {
  const [A, B] = apis;
  await check('the balancer spreads requests over both API processes', async () => {
    for (let i = 0; i < 20; i++) expectStatus(await call(lb, 'GET', '/health'), 200, 'GET /api/health');
    const served = parseAccessLog(readFileSync(nginx.accessLog, 'utf8')).filter(
      (l) => l.uri === '/api/health',
    );
    const byA = served.filter((l) => l.upstreams.includes(A.upstream)).length;
    const byB = served.filter((l) => l.upstreams.includes(B.upstream)).length;
    assert(byA > 0 && byB > 0, `expected both processes to serve /health, got A ${byA}, B ${byB}`);
    return `A served ${byA}, B served ${byB}`;
  });

  await check('an image uploaded through one process is served by both (S3 storage)', async () => {
    const thumb = products.race.thumbnail;
    assert(thumb, `the product has no thumbnail: ${JSON.stringify(products.race)}`);
    const name = String(thumb).split('/').pop();
    const [a, b] = await Promise.all(
      [A, B].map(async (api) =>
        expectStatus(await call(api.base, 'GET', `/images/product/${name}`), 200, `${api.name} image`),
      ),
    );
    assert(a.headers.get('content-type') === 'image/webp', `content type ${a.headers.get('content-type')}`);
    assert(Buffer.compare(a.body, b.body) === 0, 'the two processes served different bytes');
    return `${a.body.length} bytes, identical from both`;
  });
}

/**
 * One API process stopped with SIGTERM under load: what it has in flight finishes, the balancer keeps serving and
 * nothing acknowledged is lost; started again, it rejoins the balancer.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tinyPng } from './catalogue.mjs';
import { startApi, waitReady } from './cluster.mjs';
import { call, slowUpload } from './http.mjs';
import { failed, longestSilence, loop } from './load.mjs';
import { parseAccessLog } from './nginx.mjs';
import { sleep, tail, waitFor } from './processes.mjs';
import { sampleLag } from './replication.mjs';
import { assert, check, figures, round } from './report.mjs';

export async function checkFailover({ apis, nginx, env, dir, primary, replica, lb }, { admin, products }) {
  const B = apis[1];
  await check(
    'SIGTERM to one API process mid-run: in-flight work finishes, the balancer keeps serving, nothing lost',
    async () => {
      const slug = products.journey.slug ?? products.journey._id;
      const tag = randomBytes(3).toString('hex');
      const gets = [
        '/product?limit=12',
        '/category',
        `/product/${slug}`,
        '/settings',
        '/product/best-sellers',
      ];
      const runFor = 6000;
      const killAt = 2000;
      const t0 = performance.now();
      const getLoop = loop({
        workers: 6,
        durationMs: runFor,
        next: (i) => ['GET', lb, gets[i % gets.length]],
      });
      const lagUnderLoad = sampleLag(primary, replica, { durationMs: runFor - 500 });
      const postLoop = loop({
        workers: 2,
        durationMs: runFor,
        next: (i) => [
          'POST',
          lb,
          '/newsletter/subscribe',
          { body: { email: `sigterm-${tag}-${i}@example.com` } },
        ],
      });
      // An upload straight to B whose body is still arriving when B is told to stop.
      const image = await tinyPng(99);
      await sleep(killAt - 500);
      const upload = slowUpload(`${B.base}/product/multiple-images/${products.journey._id}`, {
        token: admin,
        field: 'images',
        fileName: 'late.png',
        type: 'image/png',
        data: image,
        spreadMs: 1500,
      });
      await sleep(500);
      const killedAt = performance.now();
      B.proc.signal('SIGTERM');
      const [gets_, posts, up, exit, lag] = await Promise.all([
        getLoop,
        postLoop,
        upload,
        B.proc.exited,
        lagUnderLoad,
      ]);
      figures.lagUnderLoad = lag;
      const drain = exit.at - killedAt;

      const getFailures = gets_.filter(failed);
      const postFailures = posts.filter(failed);
      const acked = posts.filter((r) => r.status === 200 || r.status === 201);
      const emailOf = (r) => `sigterm-${tag}-${r.i}@example.com`;
      const emails = acked.map(emailOf);
      const [rows] = await primary.root.query(
        'SELECT email FROM voltcart.newsletter_signups WHERE email LIKE ?',
        [`sigterm-${tag}-%`],
      );
      const stored = new Set(rows.map((r) => r.email));
      const lost = emails.filter((e) => !stored.has(e));
      const failedButStored = postFailures.filter((r) => stored.has(emailOf(r))).length;
      const all = [...gets_, ...posts];
      const after = all.filter((r) => r.t0 >= killedAt || r.t1 >= killedAt);
      figures.failover = {
        requests: all.length,
        getFailures: getFailures.length,
        postFailures: postFailures.length,
        slowest: Math.max(...after.map((r) => r.t1 - r.t0)),
        silence: longestSilence(all, killedAt, killedAt + 2000),
        baselineSilence: longestSilence(all, t0 + 200, killedAt),
        drain,
        exitCode: exit.code,
        failedButStored,
      };
      assert(
        up.status === 200,
        `the upload in flight at SIGTERM got ${up.status} ${up.error ?? JSON.stringify(up.body)}`,
      );
      assert(
        exit.code === 0,
        `B exited with ${exit.code ?? exit.signal} (expected a clean exit 0):\n${tail(B.proc.log, 10)}`,
      );
      assert(
        getFailures.length === 0,
        `${getFailures.length} of ${gets_.length} GETs failed: ${getFailures
          .slice(0, 5)
          .map((r) => `${r.path} ${r.status || r.error}`)
          .join(', ')}`,
      );
      assert(lost.length === 0, `${lost.length} acknowledged sign-ups are missing from the database`);
      // nginx never re-sends a POST (it could be applied twice), so the draining process must answer every
      // request that reached it: the server stops accepting but finishes what it has (server.ts).
      assert(
        postFailures.length === 0,
        `${postFailures.length} of ${posts.length} POSTs failed at SIGTERM (${[...new Set(postFailures.map((r) => r.status || r.error))].join('/')}; ${failedButStored} of them applied); nginx said:\n${tail(nginx.errorLog, 5)}`,
      );
      const posted = `${posts.length} POST, 0 failed`;
      return `${gets_.length} GET, 0 failed; ${posted}; all ${acked.length} acknowledged sign-ups stored; upload in flight finished (${round(up.ms)}); B drained and exited 0 in ${round(drain)}`;
    },
  );

  await check('the stopped process, started again, rejoins the balancer', async () => {
    const again = startApi('api-b', B.port, env, dir);
    apis[1] = again;
    await waitReady(again);
    const before = parseAccessLog(readFileSync(nginx.accessLog, 'utf8')).length;
    // nginx leaves a failed server out for fail_timeout (5 s) before trying it again.
    await waitFor(
      'nginx to send requests to the restarted process',
      async () => {
        await call(lb, 'GET', '/health');
        return parseAccessLog(readFileSync(nginx.accessLog, 'utf8'))
          .slice(before)
          .some((l) => l.upstreams.at(-1) === again.upstream && l.status === 200);
      },
      { timeoutMs: 20_000, everyMs: 100 },
    );
    return 'serving again';
  });
}

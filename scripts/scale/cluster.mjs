/**
 * The scale-out test's cluster, all on loopback: its prerequisites (installed when missing and run as root), MariaDB
 * primary and replica, two API processes sharing an S3 bucket (s3rver), the storefront server, and nginx in front.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, UI_BUILDS } from '../lib/build.mjs';
import { call } from './http.mjs';
import { catchUp, followPrimary, mariaDbBinaries, prepareAccounts, startMariaDb } from './mariadb.mjs';
import { nginxBinary, startNginx } from './nginx.mjs';
import {
  fatal,
  findExecutable,
  freePort,
  onCleanup,
  run,
  startProcess,
  tail,
  waitFor,
} from './processes.mjs';
import { assert, check, log } from './report.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

/** Whether mariadbd and nginx are there (installed with apt-get when missing and run as root). */
export async function prerequisites() {
  const missing = [];
  const db = mariaDbBinaries();
  if (!db.server || !db.installDb) missing.push('mariadb-server');
  if (!nginxBinary()) missing.push('nginx');
  if (!missing.length) return true;
  const howTo = `Install them with:  sudo apt-get install -y ${missing.join(' ')}   (Debian/Ubuntu; macOS: brew install ${missing
    .map((m) => m.replace('-server', ''))
    .join(' ')})`;
  if (process.getuid?.() !== 0 || !findExecutable(['apt-get'])) {
    log(
      `The scale-out test needs ${missing.join(' and ')}, which ${missing.length > 1 ? 'are' : 'is'} not installed.\n${howTo}`,
    );
    return false;
  }
  log(`Installing ${missing.join(' ')} with apt-get…`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env, timeoutMs: 600_000 });
  try {
    await install();
  } catch {
    await run('apt-get', ['update'], { env, timeoutMs: 300_000 });
    await install();
  }
  return Boolean(nginxBinary() && mariaDbBinaries().server);
}

async function startS3(dir) {
  const S3rver = require('s3rver');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(dir, 's3'),
    configureBuckets: [{ name: 'voltcart-images' }],
  });
  const { port } = await server.run();
  onCleanup(() => server.close());
  return {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: 'voltcart-images',
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
}

export function startApi(name, port, env, dir) {
  const proc = startProcess(name, process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: ROOT,
    cleanEnv: true,
    env: { ...env, PORT: String(port) },
    log: join(dir, `${name}.log`),
  });
  return { name, port, proc, base: `http://127.0.0.1:${port}`, upstream: `127.0.0.1:${port}` };
}

/**
 * The storefront server as deploy/web.Dockerfile and docker-compose.yml run it: production mode, the shop's
 * public origin (nginx), the API on that origin under /api for browsers, and reached through nginx's
 * balancing for rendering and the sitemap.
 */
function startWeb(port, origin, dist, dir) {
  const proc = startProcess(
    'web',
    process.execPath,
    ['storefront/dist-server/serve.js', dist, '--port', String(port), '--host', '127.0.0.1'],
    {
      cwd: ROOT,
      cleanEnv: true,
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: origin,
        API_PUBLIC_URL: `${origin}/api`,
        API_INTERNAL_URL: `${origin}/api`,
      },
      log: join(dir, 'web.log'),
    },
  );
  return { name: 'web', port, proc, upstream: `127.0.0.1:${port}` };
}

export async function waitReady(api) {
  await waitFor(
    `${api.name} to be ready`,
    async () => {
      if (!api.proc.running) throw fatal(`${api.name} exited:\n${tail(api.proc.log)}`);
      return (await call(api.base, 'GET', '/ready', { timeoutMs: 2000 })).status === 200;
    },
    { timeoutMs: 90_000, everyMs: 250 },
  );
}

/** Runs the project's command line (api/src/cli.ts) against the primary with the APIs' settings. */
export async function cli(env, args) {
  return run(process.execPath, ['--import', 'tsx', 'api/src/cli.ts', ...args], {
    cwd: ROOT,
    cleanEnv: true,
    env,
    timeoutMs: 120_000,
  });
}

/**
 * Starts the cluster in `dir` as one check; the cluster (its servers, the APIs' settings, the balancer's address
 * for the API and for the shop), or null when it did not start.
 */
export async function startCluster(dir) {
  let primary;
  let replica;
  let apis;
  let nginx;
  let env;
  let web;
  const setupOk = await check(
    'cluster starts: MariaDB primary → replica (GTID), 2 API processes, the storefront server, nginx',
    async () => {
      // The storefront's build (dist/ and its server renderer dist-server/), made first when out of date.
      const dist = await ensureBuilt(UI_BUILDS.storefront);
      assert(dist, 'the storefront could not be built');
      [primary, replica] = await Promise.all([
        startMariaDb({ dir, name: 'primary', serverId: 1, role: 'primary' }),
        startMariaDb({ dir, name: 'replica', serverId: 2, role: 'replica' }),
      ]);
      await prepareAccounts(primary);
      await followPrimary(replica, primary);
      await catchUp(replica, primary);

      env = {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        DATABASE_URL: primary.url(),
        DATABASE_REPLICA_URLS: replica.url(),
        DATABASE_POOL_SIZE: '10',
        JWT_SECRET: randomBytes(48).toString('base64url'),
        DATA_DIR: join(dir, 'data'),
        METRICS_ENABLED: 'true',
        // nginx appends the client address to X-Forwarded-For; login limits key on it.
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
        ...(await startS3(dir)),
      };
      const [portA, portB] = await Promise.all([freePort(), freePort()]);
      apis = [startApi('api-a', portA, env, dir), startApi('api-b', portB, env, dir)];
      // Both start at once and both migrate: Kysely's migration lock lets exactly one do it.
      await Promise.all(apis.map(waitReady));
      const webPort = await freePort();
      nginx = await startNginx({ dir, upstreams: apis.map((a) => a.upstream), web: `127.0.0.1:${webPort}` });
      web = startWeb(webPort, nginx.origin, dist, dir);
      await waitFor(
        'the storefront server to answer through nginx',
        async () => {
          if (!web.proc.running) throw fatal(`the storefront server exited:\n${tail(web.proc.log)}`);
          return (await call(nginx.origin, 'GET', '/robots.txt', { timeoutMs: 2000 })).status === 200;
        },
        { timeoutMs: 30_000, everyMs: 250 },
      );
      return `primary :${primary.port}, replica :${replica.port}, APIs :${portA} :${portB}, storefront :${webPort}, nginx :${nginx.port}`;
    },
  );
  if (!setupOk) return null;
  return { dir, primary, replica, apis, nginx, env, web, lb: nginx.base, shop: nginx.origin };
}

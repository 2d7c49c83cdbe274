import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseUrl, dropDatabase } from './database.mjs';
import { ROOT, UserError } from './log.mjs';
import { freePort } from './ports.mjs';
import { killGroup, onCleanup, run } from './processes.mjs';

/** Settings of the developer's shell that would make the new user's first run something else. */
const INHERITED =
  /^(DATABASE_|PORT$|STOREFRONT_|ADMIN_WEB_PORT$|PUBLIC_URL$|API_|CORS_|NODE_ENV$|VOLTCART_|npm_)/;

/**
 * A new user's first `npm start`, as `npm test` checks it:
 * - the committed `ref` (HEAD) cloned into a temporary folder: no node_modules, no .data/, no build
 * - `npm start` there with its own free ports (PORT, STOREFRONT_PORT) and a database of its own on the test
 *   server (DATABASE_URL), npm reading packages from its cache first (`prefer-offline`)
 * - passes once it prints "Voltcart is running" and its storefront answers a rendered page; it is then
 *   stopped, its database dropped and the folder removed
 * Fails with the end of its output when it stops before, or has not got there within `timeoutMs`.
 */
export async function freshStart({ serverUrl, ref = 'HEAD', timeoutMs = 10 * 60_000 }) {
  const started = Date.now();
  const dir = await mkdtemp(join(tmpdir(), 'voltcart-fresh-'));
  const database = `vc_fresh_${randomBytes(4).toString('hex')}`;
  const removeAll = async () => {
    await dropDatabase(serverUrl, database).catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };
  const unregister = onCleanup(removeAll);
  let shop = null;
  try {
    const commit = (await run('git', ['rev-parse', '--verify', `${ref}^{commit}`], { quiet: true })).trim();
    await run('git', ['clone', '--quiet', '--no-checkout', ROOT, dir], { quiet: true });
    await run('git', ['-C', dir, 'checkout', '--quiet', '--detach', commit], { quiet: true });
    const apiPort = await freePort();
    let webPort = await freePort();
    while (webPort === apiPort) webPort = await freePort();
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !INHERITED.test(k)));
    Object.assign(env, {
      DATABASE_URL: databaseUrl(serverUrl, database),
      PORT: String(apiPort),
      STOREFRONT_PORT: String(webPort),
      npm_config_prefer_offline: 'true',
    });
    shop = await untilRunning(dir, env, timeoutMs);
    const page = await fetch(`http://127.0.0.1:${webPort}/`, { signal: AbortSignal.timeout(30_000) });
    const html = await page.text();
    if (page.status !== 200 || !/<div id="root"><[a-z]/.test(html))
      throw new UserError(
        `npm start said "Voltcart is running", but its storefront answered ${page.status} without a rendered page:\n${shop.tail()}`,
      );
    return { commit: commit.slice(0, 12), seconds: Math.round((Date.now() - started) / 1000) };
  } finally {
    await shop?.stop();
    unregister();
    await removeAll();
  }
}

/**
 * Starts `npm start` in `dir` (its own process group) and resolves once it prints "Voltcart is running", with
 * `stop()` and the end of its output; rejects with that output when it exits before, or after `timeoutMs`.
 */
function untilRunning(dir, env, timeoutMs) {
  const child = spawn('npm', ['start'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const unregister = onCleanup(() => killGroup(child.pid));
  const stop = async () => {
    await killGroup(child.pid);
    unregister();
  };
  let output = '';
  const tail = () => output.split('\n').slice(-40).join('\n');
  return new Promise((resolveRun, reject) => {
    const fail = (why) => {
      clearTimeout(timer);
      stop().then(() => reject(new UserError(`npm start in a fresh clone ${why}:\n${tail()}`)));
    };
    const timer = setTimeout(() => fail(`was not running after ${timeoutMs / 1000} s`), timeoutMs);
    const read = (d) => {
      output += d;
      if (output.includes('Voltcart is running')) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolveRun({ stop, tail });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code, signal) => fail(`stopped (${code ?? signal}) before it was running`));
  });
}

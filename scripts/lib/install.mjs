import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT, step } from './log.mjs';
import { run } from './processes.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Installs the workspace's dependencies when node_modules is missing or older than package-lock.json
 * (npm's own record of the last install, node_modules/.package-lock.json, tells which).
 * - with `npm ci`: exactly what the lockfile records; a lockfile out of step with a package.json stops here
 *   with npm's message, instead of being rewritten on one machine and refused on the next
 * - Electron's binary download is skipped: it is fetched from outside the npm registry, and only
 *   `npm run admin` / `admin:dist` need it
 */
export async function ensureInstalled({ root = ROOT } = {}) {
  const lock = resolve(root, 'package-lock.json');
  const installed = resolve(root, 'node_modules', '.package-lock.json');
  let reason = null;
  if (!existsSync(installed)) reason = 'node_modules is missing';
  else if (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs + 1000)
    reason = 'package-lock.json changed since the last install';
  if (!reason) return false;
  step(`Installing dependencies (${reason})…`);
  await run(npm, ['ci', '--no-audit', '--no-fund'], {
    cwd: root,
    env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
    label: 'npm ci',
  });
  return true;
}

/** The path of a dependency's executable in the root node_modules/.bin. */
export function bin(name) {
  return resolve(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
}

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT, step, warn } from './log.mjs';
import { run } from './processes.mjs';

const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'dist-web',
  'out',
  'dist-server',
  'release',
  'e2e',
  'test-results',
  'coverage',
]);
const isTestFile = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

/** The newest modification time (ms) of the files under `paths`, ignoring build output and tests. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const entry of readdirSync(p, { withFileTypes: true })) {
        if (entry.isDirectory() && SKIP_DIRS.has(entry.name)) continue;
        if (entry.isFile() && isTestFile(entry.name)) continue;
        visit(join(p, entry.name));
      }
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const p of paths) visit(resolve(ROOT, p));
  return newest;
}

const SHARED_SOURCES = ['packages/shared/src', 'packages/api-client/src', 'package-lock.json'];

/** The UIs served as static builds: their workspace, build script, output folder and what must exist first. */
export const UI_BUILDS = {
  storefront: {
    label: 'storefront',
    workspace: 'storefront',
    script: 'build',
    outDir: 'storefront/dist',
    requires: ['storefront/index.html'],
    sources: ['storefront', ...SHARED_SOURCES],
    // The server build beside the app: the pages' renderer and the storefront server (storefront/server).
    outputs: ['storefront/dist-server/entry-server.js', 'storefront/dist-server/serve.js'],
  },
  adminWeb: {
    label: 'admin web renderer',
    workspace: 'admin-desktop',
    script: 'build:web',
    outDir: 'admin-desktop/dist-web',
    requires: ['admin-desktop/vite.web.config.ts'],
    sources: ['admin-desktop', ...SHARED_SOURCES],
  },
};

/**
 * Builds a UI when its sources are newer than its build. Returns the absolute output folder, or null
 * (with a warning) when the workspace has no build yet.
 */
export async function ensureBuilt(ui, { force = false } = {}) {
  const pkgFile = resolve(ROOT, ui.workspace, 'package.json');
  const pkg = existsSync(pkgFile) ? JSON.parse(readFileSync(pkgFile, 'utf8')) : {};
  const missing = ui.requires.filter((f) => !existsSync(resolve(ROOT, f)));
  if (!pkg.scripts?.[ui.script] || missing.length) {
    warn(
      `The ${ui.label} cannot be built yet (${missing.length ? `missing ${missing.join(', ')}` : `no "${ui.script}" script`}).`,
    );
    return null;
  }
  const outDir = resolve(ROOT, ui.outDir);
  const stamp = resolve(outDir, 'index.html');
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const complete = (ui.outputs ?? []).every((f) => existsSync(resolve(ROOT, f)));
  if (!force && complete && builtAt && builtAt >= newestMtime(ui.sources)) return outDir;
  step(`Building the ${ui.label} (npm run ${ui.script} -w ${ui.workspace})…`);
  await run('npm', ['run', ui.script, '-w', ui.workspace], {
    // A build started from the test runner would otherwise inherit NODE_ENV=test and bundle React's development build.
    env: { NODE_ENV: 'production' },
    quiet: true,
    label: `Building the ${ui.label}`,
  });
  if (!existsSync(stamp)) {
    warn(`Building the ${ui.label} produced no ${ui.outDir}/index.html.`);
    return null;
  }
  return outDir;
}

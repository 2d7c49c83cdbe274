import { existsSync } from 'node:fs';
import { step, UserError } from './log.mjs';
import { run } from './processes.mjs';

/** Flags for headless Chromium in tests: no sandbox (containers, root), no background traffic, no GPU. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** The Chromium binary to drive: CHROMIUM_PATH when set, else the first one installed, else null. */
export function findChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured))
      throw new UserError(`CHROMIUM_PATH points at ${configured}, which does not exist.`);
    return configured;
  }
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/**
 * Returns the path of a Chromium binary, installing Debian's `chromium` package when none is found and
 * we are root. Browsers are never downloaded by playwright (`npx playwright install`): they come from
 * the system's package manager.
 */
export async function ensureChromium({ quiet = false } = {}) {
  const found = findChromium();
  if (found) return found;
  const howTo =
    'The browser tests need Chromium. Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
    'or set CHROMIUM_PATH to a Chrome or Chromium binary.';
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) throw new UserError(howTo);
  if (!quiet) step('Chromium is not installed: installing it with apt-get (chromium)…');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update'], { env, quiet: true });
  await run('apt-get', ['install', '-y', 'chromium'], { env, quiet: true });
  const installed = findChromium();
  if (!installed) throw new UserError(`apt-get installed chromium but no binary was found.\n${howTo}`);
  return installed;
}

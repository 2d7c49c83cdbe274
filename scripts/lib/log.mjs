import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: every script resolves paths from here, whatever the caller's working directory. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Local state (private database, generated secrets, development admin password); gitignored. */
export const DATA_DIR = resolve(ROOT, '.data');

const useColor = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const paint = (code, s) => (useColor ? `\x1b[${code}m${s}\x1b[0m` : String(s));
export const bold = (s) => paint('1', s);
export const dim = (s) => paint('2', s);
export const red = (s) => paint('31', s);
export const green = (s) => paint('32', s);
export const yellow = (s) => paint('33', s);
const cyan = (s) => paint('36', s);

/** A failure the user can act on: printed as its message alone, without a stack trace. */
export class UserError extends Error {
  constructor(message) {
    super(message);
    this.name = 'UserError';
  }
}

export function step(message) {
  console.log(`${cyan('›')} ${message}`);
}

export function warn(message) {
  console.warn(`${yellow('!')} ${message}`);
}

export function errorMessage(e) {
  return e instanceof UserError ? e.message : (e?.stack ?? String(e));
}

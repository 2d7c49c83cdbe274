import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
} from 'node:crypto';

/**
 * Secrets the shop mails or shows once (reset links, sign-in codes, recovery codes) and the TOTP secrets it
 * keeps. Only hashes of the mailed ones are stored:
 * - a link token is 32 random bytes: its plain SHA-256 is safe to store
 * - a 6-digit code or a recovery code has few possibilities: it is hashed with a key only the server has
 *   (HMAC with JWT_SECRET), so a copy of the database does not give the codes away
 */

/** A secret for a mail's link (43 URL-safe characters). */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** Six random digits, leading zeros kept. */
export const newSixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Ten characters in two groups, from an alphabet without look-alikes (0/O, 1/l/I). */
export function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  let s = '';
  for (let i = 0; i < 10; i++) s += alphabet[randomInt(alphabet.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** How a link token is stored. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** How a short code is stored: keyed, and the same for "ab12c-de34f", "AB12CDE34F" and spaces around. */
export function hashShortCode(key: string, purpose: string, code: string): string {
  const normal = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHmac('sha256', key).update(`${purpose}:${normal}`).digest('hex');
}

const sealKey = (key: string) => createHash('sha256').update(`totp-seal:${key}`).digest();

/** Encrypts a TOTP secret for the database (AES-256-GCM under a key derived from the server's secret). */
export function seal(key: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(key), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function unseal(key: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', sealKey(key), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}

import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps make them: SHA-1, 6 digits, 30-second steps,
 * through the otpauth library. A code is accepted one step either side of now (clocks drift), and only for a step
 * later than the last one accepted, so the same code cannot be used twice.
 */
const PERIOD = 30;

const totpOf = (base32: string, label = '', issuer = '') =>
  new TOTP({
    secret: Secret.fromBase32(base32),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    label,
    issuer,
  });

/** A new secret (160 bits, base32) and the otpauth:// address an app reads from the QR code. */
export function newTotpSecret(label: string, issuer: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, label, issuer).toString() };
}

/** The time step a code belongs to, when it is right for now (± one step); null otherwise. */
export function totpStep(base32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(base32).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** The code of a step (tests, and nothing else, need to make one). */
export const totpCode = (base32: string, now = Date.now()) => totpOf(base32).generate({ timestamp: now });

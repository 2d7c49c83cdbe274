import { randomBytes } from 'node:crypto';

/**
 * Order ids shown to shoppers: not guessable and not sequential, so one id tells nothing of other orders.
 * - 'VC' + 18 random characters of Crockford base32 (90 bits)
 * - the alphabet has no I, L, O, U, so an id read aloud or typed is not misread
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PUBLIC_ID_RE = /^VC[0-9A-HJKMNP-TV-Z]{18}$/;

export function newPublicId(): string {
  let id = 'VC';
  // 256 is a multiple of 32, so masking keeps every character equally likely.
  for (const b of randomBytes(18)) id += ALPHABET[b & 31];
  return id;
}

import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/connection';
import { unauthorized } from '../errors';
import { tokenVersionOf } from './auth-repository';

export type Audience = 'admin' | 'customer';
export interface Principal {
  kind: Audience;
  id: number;
}

const ISSUER = 'voltcart';
const AUD: Record<Audience, string> = { admin: 'voltcart-admin', customer: 'voltcart-customer' };

/** How many verified tokens each process remembers (a few MB at most). */
const VERIFIED_CACHE_SIZE = 10_000;

export class Tokens {
  /** Imported once: jose would otherwise import a raw secret on every sign and verify (≈ 70 µs each). */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens whose signature and claims were already checked: a token cannot change, so only its expiry needs
   * checking again (the account's token version is still read from the database on every request).
   */
  private readonly verified = new Map<string, { kind: Audience; id: number; ver: number; exp: number }>();
  constructor(
    secret: string,
    private readonly ttl: Record<Audience, string>,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  /** A signed token for one audience; `ver` is the account's token version (bumped on logout). */
  async sign(kind: Audience, id: number, ver: number): Promise<string> {
    return new SignJWT({ ver })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(id))
      .setIssuer(ISSUER)
      .setAudience(AUD[kind])
      .setIssuedAt()
      .setExpirationTime(this.ttl[kind])
      .sign(await this.key);
  }

  /** Verifies signature, algorithm (HS256 only, so `alg: none` fails), issuer, audience and expiry. */
  async verify(kind: Audience, token: string): Promise<{ id: number; ver: number }> {
    const known = this.verified.get(token);
    if (known?.kind === kind) {
      if (known.exp > Date.now() / 1000) return { id: known.id, ver: known.ver };
      this.verified.delete(token);
      throw unauthorized('Your session has expired. Please log in again.');
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUD[kind],
      });
      const id = Number(payload.sub);
      if (
        !Number.isSafeInteger(id) ||
        id <= 0 ||
        typeof payload.ver !== 'number' ||
        typeof payload.exp !== 'number'
      )
        throw new Error('bad claims');
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { kind, id, ver: payload.ver, exp: payload.exp });
      return { id, ver: payload.ver };
    } catch (e) {
      if ((e as { code?: string }).code === 'ERR_JWT_EXPIRED') {
        throw unauthorized('Your session has expired. Please log in again.');
      }
      throw unauthorized('Your session is not valid. Please log in again.');
    }
  }
}

export function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m?.[1] ?? null;
}

/** Resolves a token to a live account: a deleted account or a logged-out token version is refused. */
export async function authenticate(
  db: Db,
  tokens: Tokens,
  kind: Audience,
  token: string,
): Promise<Principal> {
  const { id, ver } = await tokens.verify(kind, token);
  // A deleted account has no version: undefined never equals the token's.
  if ((await tokenVersionOf(db, kind, id)) !== ver)
    throw unauthorized('Your session is not valid. Please log in again.');
  return { kind, id };
}

import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/connection';
import { unauthorized } from '../errors';

export type Audience = 'admin' | 'customer';
export interface Principal {
  kind: Audience;
  id: number;
}

const ISSUER = 'voltcart';
const AUD: Record<Audience, string> = { admin: 'voltcart-admin', customer: 'voltcart-customer' };

export class Tokens {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttl: Record<Audience, string>,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A signed token for one audience; `ver` is the account's token version (bumped on logout). */
  sign(kind: Audience, id: number, ver: number): Promise<string> {
    return new SignJWT({ ver })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(id))
      .setIssuer(ISSUER)
      .setAudience(AUD[kind])
      .setIssuedAt()
      .setExpirationTime(this.ttl[kind])
      .sign(this.key);
  }

  /** Verifies signature, algorithm (HS256 only, so `alg: none` fails), issuer, audience and expiry. */
  async verify(kind: Audience, token: string): Promise<{ id: number; ver: number }> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUD[kind],
      });
      const id = Number(payload.sub);
      if (!Number.isSafeInteger(id) || id <= 0 || typeof payload.ver !== 'number')
        throw new Error('bad claims');
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
  const row = await db
    .selectFrom(kind === 'admin' ? 'admins' : 'users')
    .select('token_version')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.token_version !== ver)
    throw unauthorized('Your session is not valid. Please log in again.');
  return { kind, id };
}

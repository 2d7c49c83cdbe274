import { randomBytes, webcrypto } from 'node:crypto';
import type { StaffRole } from '@voltcart/shared';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/connection';
import { unauthorized } from '../errors';
import { type Audience, sessionStateOf } from './auth-repository';

export type { Audience };
export interface Principal {
  kind: Audience;
  id: number;
  /** The session (one login): logging out ends this one only. */
  sid: string;
  /** When the token expires (seconds since 1970). */
  exp: number;
  /** Staff only: the account's role, read with the session on every request (a change applies at once). */
  role?: StaffRole;
  /**
   * Staff only: the account must first choose its own password or set up two-step sign-in; until then only its
   * own session routes (declared `staff`) answer.
   */
  pending?: 'password' | 'two_step';
}

/** What a valid token says. */
export interface TokenClaims {
  id: number;
  /** The account's token version when it was signed ("log out everywhere" moves it on). */
  ver: number;
  /** Random session id, one per login. */
  sid: string;
  exp: number;
}

const SID = /^[A-Za-z0-9_-]{22}$/;

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
  private readonly verified = new Map<string, TokenClaims & { kind: Audience }>();
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

  /**
   * A signed token for one audience and a new session: `ver` is the account's token version (moved on by "log out
   * everywhere"), `sid` a random id of this login (ended by logging out).
   */
  async sign(kind: Audience, id: number, ver: number): Promise<string> {
    return new SignJWT({ ver, sid: randomBytes(16).toString('base64url') })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(id))
      .setIssuer(ISSUER)
      .setAudience(AUD[kind])
      .setIssuedAt()
      .setExpirationTime(this.ttl[kind])
      .sign(await this.key);
  }

  /** Verifies signature, algorithm (HS256 only, so `alg: none` fails), issuer, audience and expiry. */
  async verify(kind: Audience, token: string): Promise<TokenClaims> {
    const known = this.verified.get(token);
    if (known?.kind === kind) {
      if (known.exp > Date.now() / 1000)
        return { id: known.id, ver: known.ver, sid: known.sid, exp: known.exp };
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
        typeof payload.exp !== 'number' ||
        typeof payload.sid !== 'string' ||
        !SID.test(payload.sid)
      )
        throw new Error('bad claims');
      const claims: TokenClaims = { id, ver: payload.ver, sid: payload.sid, exp: payload.exp };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { kind, ...claims });
      return claims;
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

/**
 * Resolves a token to a live session: a deleted account, a session logged out, or a token from before "log out
 * everywhere" (an older token version) is refused.
 */
export async function authenticate(
  db: Db,
  tokens: Tokens,
  kind: Audience,
  token: string,
): Promise<Principal> {
  const { id, ver, sid, exp } = await tokens.verify(kind, token);
  const state = await sessionStateOf(db, kind, id, sid);
  if (state?.active === false) throw unauthorized('This staff account has been deactivated.');
  if (!state || state.version !== ver || state.ended)
    throw unauthorized('Your session is not valid. Please log in again.');
  return {
    kind,
    id,
    sid,
    exp,
    ...(state.role ? { role: state.role } : {}),
    ...(state.pending ? { pending: state.pending } : {}),
  };
}

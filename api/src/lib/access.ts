import { type Access, type AnyRoute, type Permission, ROLE_LABELS, roleCan } from '@voltcart/shared';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { AppError, forbidden, unauthorized } from '../errors';
import { authenticate, bearer, type Principal } from './auth';

/**
 * Every route declares who may call it (the contract's `Access`), and its first handler enforces it.
 * A test walks the app's routes and fails on any route without one of these.
 */
export type AccessLevel = Access;
export const ACCESS = Symbol('access');
/** The permission a staff token needs, on the same first handler (route-table.ts reads both). */
export const PERMISSION = Symbol('permission');

type Middleware = ReturnType<typeof createMiddleware<AppEnv>>;
type Tagged = Middleware & { [ACCESS]?: AccessLevel; [PERMISSION]?: Permission };

function tag(level: AccessLevel, mw: Middleware): Tagged {
  return Object.assign(mw, { [ACCESS]: level });
}

export const access = {
  public: tag(
    'public',
    createMiddleware<AppEnv>(async (c, next) => {
      const token = bearer(c.req.header('authorization'));
      if (token) {
        // Only admins gain anything from a token on a public route; anything else is ignored.
        const principal = await authenticate(c.var.db, c.var.tokens, 'admin', token).catch(() => null);
        if (principal && !principal.pending) c.set('principal', principal);
      }
      await next();
    }),
  ),
  signed: tag(
    'signed',
    createMiddleware<AppEnv>(async (_c, next) => {
      await next();
    }),
  ),
  customer: tag('customer', requireRole('customer')),
  admin: tag('admin', requireRole('admin')),
  account: tag(
    'account',
    createMiddleware<AppEnv>(async (c, next) => {
      const token = bearer(c.req.header('authorization'));
      if (!token) throw unauthorized();
      const admin = await authenticate(c.var.db, c.var.tokens, 'admin', token).catch(() => null);
      c.set('principal', admin ?? (await authenticate(c.var.db, c.var.tokens, 'customer', token)));
      await next();
    }),
  ),
} satisfies Record<Access, Tagged>;

function requireRole(kind: 'admin' | 'customer') {
  const other = kind === 'admin' ? 'customer' : 'admin';
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearer(c.req.header('authorization'));
    if (!token) throw unauthorized(kind === 'admin' ? 'Admin login required.' : 'Please log in to continue.');
    try {
      c.set('principal', await authenticate(c.var.db, c.var.tokens, kind, token));
    } catch (e) {
      // A valid token of the other audience is a wrong role (403), not a missing login (401).
      const asOther = await authenticate(c.var.db, c.var.tokens, other, token).catch(() => null);
      if (asOther) {
        throw forbidden(
          kind === 'admin' ? 'Admin access required.' : 'This action is for customer accounts.',
        );
      }
      throw e;
    }
    await next();
  });
}

const SETUP_MESSAGES = {
  password: 'Choose your own password first: the one you were given works only to set it.',
  two_step: 'The Owner requires two-step sign-in: set it up in your account first.',
} as const;

/**
 * 403 `setup_required` while the staff member must first choose a password or set up two-step sign-in; then
 * 403 `missing_permission` naming the permission, unless the staff member's role has it.
 */
function assertCan(principal: Principal | undefined, permission: Permission): void {
  if (principal?.kind === 'admin' && principal.pending)
    throw new AppError(403, 'setup_required', SETUP_MESSAGES[principal.pending], {
      pending: principal.pending,
    });
  if (principal?.kind !== 'admin' || roleCan(principal.role, permission)) return;
  const role = principal.role ? ROLE_LABELS[principal.role] : 'unknown';
  throw new AppError(
    403,
    'missing_permission',
    `Your role (${role}) does not allow this: it needs the ${permission} permission.`,
    { permission },
  );
}

const guards = new Map<string, Tagged>();

/**
 * A route's first handler: its access level, then (for a staff token) the permission it declares. One guard per
 * level and permission, shared by the routes that declare them.
 */
export function guardOf(def: Pick<AnyRoute, 'access' | 'permission'>): Tagged {
  const { access: level, permission } = def;
  if (!permission) return access[level];
  const key = `${level} ${permission}`;
  let guard = guards.get(key);
  if (!guard) {
    const mw = access[level];
    guard = Object.assign(
      createMiddleware<AppEnv>(async (c, next) =>
        mw(c, async () => {
          assertCan(c.var.principal, permission);
          await next();
        }),
      ),
      { [ACCESS]: level, [PERMISSION]: permission },
    );
    guards.set(key, guard);
  }
  return guard;
}

export const isAdmin = (c: { var: { principal?: { kind: string } } }) => c.var.principal?.kind === 'admin';

/**
 * Identity comes from the token: first-release clients also send the account id in bodies (`user_id` / `userId`),
 * which is accepted only when it names the token's own account.
 * - absent, null or '' means "me"
 * - any other value that is not the account's id: 403 with `message`
 */
export function assertOwnAccount(
  principalId: number,
  body: Record<string, unknown>,
  message = 'You can only change your own account.',
): void {
  for (const v of [body.user_id, body.userId]) {
    if (v === undefined || v === null || v === '') continue;
    if (String(v).trim() !== String(principalId)) throw forbidden(message);
  }
}

// Covers (ASVS V8, V9): every route declares its access level; every admin and customer route, taken from the
// app's own route table, refuses missing, malformed, forged, expired, foreign, dead, deactivated and wrong-role
// tokens with 401/403 and flag 0 while nothing changes in the database or the upload folder; every admin route
// declares a permission of the shared table (or is one of the staff member's own session routes), and each staff
// role without it gets 403 `missing_permission` naming it, each role with it gets through; a shopper cannot reach
// another shopper's orders, addresses or cart lines, nor act under their id.
import { ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from '@voltcart/shared';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access } from '../../src/lib/access';
import { type RouteEntry, routeTable, undeclaredRoutes } from '../../src/lib/route-table';
import { documentedRoutes, samePath } from './contract';
import {
  type Account,
  appRoutes,
  createSecurityContext,
  expectRefusal,
  fingerprint,
  forge,
  type Kind,
  leaksIn,
  makeAccount,
  type SecurityContext,
  secretsOf,
  uploadListing,
} from './harness';
import { adminTokenFor, buildWorld, pathFor, type RouteRequest, validRequest, type World } from './world';

const routes = appRoutes();
// Routes that take a token of either audience declare `account` (the contract's level for them); the docs name
// them "customer or admin", and they get the matrix as both a customer and an admin route.
const eitherAudience = (r: RouteEntry) =>
  documentedRoutes().some(
    (d) => d.access === 'customer or admin' && d.method === r.method && samePath(d.path, r.path),
  );
const guarded = routes.filter((r) => r.access === 'admin' || r.access === 'customer' || eitherAudience(r));
const matrix = guarded.flatMap((r) =>
  eitherAudience(r)
    ? (['customer', 'admin'] as const).map((kind) => ({ route: r, kind, either: true }))
    : [{ route: r, kind: r.access as Kind, either: false }],
);

let sc: SecurityContext;
let world: World;
const dead = {
  deleted: {} as Record<Kind, string>,
  loggedOut: {} as Record<Kind, string>,
  deactivated: '',
};
/** A staff member of each role. */
const staff = {} as Record<StaffRole, Account>;
let before: { db: Record<string, unknown>; files: string[] };
/** A second admin, whose id a forged admin token claims. */
let otherAdmin: Account;

beforeAll(async () => {
  sc = await createSecurityContext();
  world = await buildWorld(sc);
  otherAdmin = await makeAccount(sc, 'admin', 'other-admin');
  for (const kind of ['admin', 'customer'] as const) {
    const gone = await makeAccount(sc, kind, `deleted-${kind}`);
    await sc.db
      .deleteFrom(kind === 'admin' ? 'admins' : 'users')
      .where('id', '=', gone.id)
      .execute();
    dead.deleted[kind] = gone.token;
    // Logged out through the API itself, so that the real logout is what is being tested.
    const leaving = await makeAccount(sc, kind, `leaving-${kind}`);
    const out = await sc.req('POST', kind === 'admin' ? '/admin/logout' : '/user/logout', {
      token: leaving.token,
    });
    expect(out.status, `logout for the ${kind} fixture: ${out.text}`).toBe(200);
    dead.loggedOut[kind] = leaving.token;
  }
  const deactivated = await makeAccount(sc, 'admin', 'deactivated-admin');
  await sc.db.updateTable('admins').set({ active: 0 }).where('id', '=', deactivated.id).execute();
  dead.deactivated = deactivated.token;
  for (const role of STAFF_ROLES) staff[role] = await makeAccount(sc, 'admin', `staff-${role}`, role);
  before = { db: await fingerprint(sc), files: await uploadListing(sc.uploadDir) };
});

afterAll(async () => {
  await sc?.close();
});

async function send(method: string, path: string, request: RouteRequest, headers: Record<string, string>) {
  const { query = '', body, form } = request;
  return sc.req(method, `${path}${query}`, { body, form, headers });
}

async function expectUnchanged(note: string) {
  expect(await fingerprint(sc), `database changed by ${note}`).toEqual(before.db);
  expect(await uploadListing(sc.uploadDir), `upload folder changed by ${note}`).toEqual(before.files);
}

describe('route table', () => {
  it('every registered route declares an access level as its first handler', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => r.access === null)).toEqual([]);
  });

  it('notices a route without an access level, also inside mounted sub-apps with their own error handler', () => {
    const sub = new Hono();
    sub.onError((_e, c) => c.text('sub', 500));
    sub.get('/tagged', access.customer, (c) => c.text('ok'));
    sub.post('/bare', (c) => c.text('ok'));
    const app = new Hono();
    app.use('*', async (_c, next) => next());
    app.get('/a', access.public, (c) => c.text('ok'));
    app.delete(
      '/b',
      async (_c, next) => next(),
      access.admin,
      (c) => c.text('ok'),
    );
    app.route('/sub', sub);
    expect(routeTable(app)).toEqual([
      { method: 'GET', path: '/a', access: 'public' },
      { method: 'DELETE', path: '/b', access: null },
      { method: 'GET', path: '/sub/tagged', access: 'customer' },
      { method: 'POST', path: '/sub/bare', access: null },
    ]);
    expect(undeclaredRoutes(app).map((r) => `${r.method} ${r.path}`)).toEqual([
      'DELETE /b',
      'POST /sub/bare',
    ]);
  });

  it('registers every call of the API contract with the documented access level and permission', () => {
    const problems: string[] = [];
    for (const d of documentedRoutes()) {
      const r = routes.find((x) => x.method === d.method && samePath(x.path, d.path));
      if (!r) {
        problems.push(`${d.method} ${d.path}: documented, not registered`);
        continue;
      }
      // "customer or admin" routes declare the contract's `account` level (either token, the handler decides).
      const allowed = d.access === 'customer or admin' ? ['account'] : [d.access];
      if (!allowed.includes(r.access ?? 'none'))
        problems.push(`${d.method} ${d.path}: documented ${d.access}, declared ${r.access}`);
      if (d.permission !== r.permission)
        problems.push(
          `${d.method} ${d.path}: documented permission ${d.permission}, declared ${r.permission}`,
        );
    }
    expect(problems).toEqual([]);
  });
});

interface TokenCase {
  name: string;
  /** Authorization (and any other) headers for a route of this level. */
  headers(kind: Kind): Promise<Record<string, string>>;
  status: number;
  /** Sent on the query string instead of a header. */
  query?: (kind: Kind) => string;
  /** For routes of this audience only. */
  only?: Kind;
}

const own = (kind: Kind): Account => (kind === 'admin' ? world.admin : world.owner);
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

const CASES: TokenCase[] = [
  { name: 'no token', status: 401, headers: async () => ({}) },
  { name: 'malformed token (Bearer abc)', status: 401, headers: async () => bearer('abc') },
  { name: 'empty bearer', status: 401, headers: async () => ({ authorization: 'Bearer ' }) },
  {
    name: 'valid token under another scheme',
    status: 401,
    headers: async (k) => ({ authorization: `Token ${own(k).token}` }),
  },
  {
    name: 'valid token in the query string instead of the header',
    status: 401,
    headers: async () => ({}),
    query: (k) => `token=${own(k).token}&access_token=${own(k).token}`,
  },
  {
    name: 'tampered signature',
    status: 401,
    headers: async (k) => bearer(forge.tamperedSignature(own(k).token)),
  },
  {
    name: 'claims changed to another account, old signature kept',
    status: 401,
    headers: async (k) =>
      bearer(forge.tamperedClaims(own(k).token, String(k === 'admin' ? otherAdmin.id : world.other.id))),
  },
  { name: 'alg: none token', status: 401, headers: async (k) => bearer(forge.algNone(own(k).token)) },
  {
    name: 'expired token',
    status: 401,
    headers: async (k) => bearer(await forge.expired(sc.config.JWT_SECRET, k, own(k).id)),
  },
  {
    name: 'token signed with another secret',
    status: 401,
    headers: async (k) => bearer(await forge.foreignSecret(k, own(k).id)),
  },
  {
    name: 'token of the other audience (customer on admin route, admin on customer route)',
    status: 403,
    headers: async (k) => bearer(k === 'admin' ? world.owner.token : world.admin.token),
  },
  { name: 'token of a deleted account', status: 401, headers: async (k) => bearer(dead.deleted[k]) },
  { name: 'token from before logout', status: 401, headers: async (k) => bearer(dead.loggedOut[k]) },
  {
    name: 'token of a deactivated staff member',
    status: 401,
    headers: async () => bearer(dead.deactivated),
    only: 'admin',
  },
];

describe.each(matrix.map((m) => [`${m.route.method} ${m.route.path} (${m.kind})`, m] as const))(
  '%s',
  (_label, m) => {
    const { route, kind } = m;
    const cases = CASES.filter((c) => (!m.either || c.status !== 403) && (!c.only || c.only === kind));
    it.each(cases.map((c) => [c.name, c] as const))('refuses: %s', async (_name, tc) => {
      const request = await validRequest(route, world);
      const extraQuery = tc.query?.(kind);
      const query = extraQuery ? `${request.query ? `${request.query}&` : '?'}${extraQuery}` : request.query;
      const r = await send(
        route.method,
        pathFor(route, world),
        { ...request, query },
        await tc.headers(kind),
      );
      expectRefusal(r, [tc.status], `${route.method} ${route.path} with ${tc.name}`);
      expect(r.body.code).toBe(tc.status === 401 ? 'unauthorized' : 'forbidden');
      await expectUnchanged(`${route.method} ${route.path} with ${tc.name}`);
    });
  },
);

const staffRoutes = matrix.filter((m) => m.kind === 'admin').map((m) => m.route);
// The staff member's own session and account (me, logout, own password, two-step sign-in): open to every role;
// every other admin route names a permission.
const SESSION_ROUTES = [
  'GET /admin/me',
  'POST /admin/logout',
  'POST /admin/logout-everywhere',
  'POST /admin/password',
  'POST /admin/two-step/setup',
  'POST /admin/two-step',
  'POST /admin/two-step/disable',
];

describe('roles', () => {
  it('every admin route names a permission of the shared table, but the staff member’s own session routes', () => {
    const bare = staffRoutes.filter((r) => !r.permission).map((r) => `${r.method} ${r.path}`);
    expect(bare.sort()).toEqual([...SESSION_ROUTES].sort());
  });

  const refusals = staffRoutes.flatMap((route) =>
    STAFF_ROLES.filter((role) => route.permission && !ROLE_PERMISSIONS[role].includes(route.permission)).map(
      (role) => [`${route.method} ${route.path} as ${role}`, route, role] as const,
    ),
  );
  it.each(refusals)('refuses %s: 403 naming the permission', async (_label, route, role) => {
    const request = await validRequest(route, world);
    const r = await send(route.method, pathFor(route, world), request, bearer(staff[role].token));
    expectRefusal(r, [403], `${route.method} ${route.path} as ${role}`);
    expect(r.body).toMatchObject({ code: 'missing_permission', permission: route.permission });
    expect(r.body.msg).toContain(route.permission);
    await expectUnchanged(`${route.method} ${route.path} as ${role}`);
  });

  // A role with the permission passes the guard: whatever the handler answers then, it is not the role refusal
  // (the full success of each route is the control below).
  const passes = staffRoutes.flatMap((route) =>
    STAFF_ROLES.filter((role) => !route.permission || ROLE_PERMISSIONS[role].includes(route.permission)).map(
      (role) => [`${route.method} ${route.path} as ${role}`, route, role] as const,
    ),
  );
  it.each(passes.filter(([, r]) => r.method === 'GET'))('lets %s through', async (_label, route, role) => {
    const request = await validRequest(route, world);
    const r = await send(route.method, pathFor(route, world), request, bearer(staff[role].token));
    expect(r.status, `${route.method} ${route.path} as ${role} → ${r.status} ${r.text.slice(0, 200)}`).toBe(
      200,
    );
  });
});

// The other half of the matrix: the same requests with the right token succeed, so each refusal above was
// caused by the token alone. Each route gets a fresh world (a delete or a logout must not spoil the others).
describe('control: the same requests with the right token', () => {
  it.each(matrix.map((m) => [`${m.route.method} ${m.route.path} (${m.kind})`, m] as const))(
    '%s is accepted',
    async (_label, { route, kind }) => {
      const w = await buildWorld(sc);
      const request = await validRequest(route, w);
      const token = kind === 'admin' ? adminTokenFor(route, w) : w.owner.token;
      const r = await sc.req(route.method, `${pathFor(route, w)}${request.query ?? ''}`, {
        token,
        body: request.body,
        form: request.form,
      });
      expect(r.status, `${route.method} ${route.path} → ${r.status} ${r.text.slice(0, 300)}`).toBeLessThan(
        300,
      );
      // JSON answers say flag 1; the invoice and packing-slip PDFs, the catalogue CSV and the GST exports (CSV,
      // and GSTR-1 as a JSON file) are the guarded file routes.
      const type = r.headers.get('content-type') ?? '';
      const file = (r.headers.get('content-disposition') ?? '').startsWith('attachment');
      if (type.includes('json') && !file) expect(r.body.flag).toBe(1);
      else
        expect(type).toMatch(
          /^(application\/pdf|text\/csv; charset=utf-8|application\/json; charset=utf-8)$/,
        );
      // Keep the matrix's baseline: the refusal cases compare against it.
      before = { db: await fingerprint(sc), files: await uploadListing(sc.uploadDir) };
    },
  );
});

// Another shopper's token on the owner's things: each customer route that points at one of the owner's
// objects (path or body), and each route whose body may name a user, which then names the owner.
const identityRoutes = documentedRoutes().filter((d) => /\buser_?[iI]d\b/.test(d.body));
const customerRoutes = guarded.filter((r) => r.access === 'customer' || eitherAudience(r));

describe('another shopper', () => {
  const cases = customerRoutes.map((r) => [`${r.method} ${r.path}`, r] as const);

  it.each(cases)("cannot reach the owner's objects through %s", async (_label, route) => {
    const request = await validRequest(route, world);
    if (!request.ownerObjects) return;
    before = { db: await fingerprint(sc), files: await uploadListing(sc.uploadDir) };
    const r = await sc.req(route.method, `${pathFor(route, world)}${request.query ?? ''}`, {
      token: world.other.token,
      body: request.body,
      form: request.form,
    });
    expectRefusal(r, [403, 404], `${route.method} ${route.path} with another shopper's token`);
    expect(r.text).not.toContain(world.owner.email);
    await expectUnchanged(`${route.method} ${route.path} with another shopper's token`);
  });

  it.each(
    cases.filter(([, r]) => identityRoutes.some((d) => d.method === r.method && samePath(d.path, r.path))),
  )("cannot act under the owner's user id through %s", async (_label, route) => {
    for (const field of ['user_id', 'userId']) {
      const request = await validRequest(route, world);
      before = { db: await fingerprint(sc), files: await uploadListing(sc.uploadDir) };
      const body = { ...(request.body as object), [field]: String(world.owner.id) };
      const r = await sc.req(route.method, `${pathFor(route, world)}${request.query ?? ''}`, {
        token: world.other.token,
        body,
      });
      expectRefusal(r, [403], `${route.method} ${route.path} with ${field} of another shopper`);
      await expectUnchanged(`${route.method} ${route.path} with ${field} of another shopper`);
    }
  });

  it("the owner's objects are still reachable by the owner (the refusals were about ownership)", async () => {
    const cart = await sc.req('GET', '/cart', { token: world.owner.token });
    expect(cart.status).toBe(200);
    expect(cart.body.cart.map((l: { _id: string }) => l._id)).toContain(String(world.cartLine));
    const me = await sc.req('GET', '/user/me', { token: world.owner.token });
    expect(me.body.user.shipping_address.map((a: { _id: string }) => a._id)).toContain(String(world.address));
  });
});

describe('path and method tricks', () => {
  const variants = (p: string) => [
    `${p}/`,
    p.toUpperCase(),
    `/${p}`,
    p.replace(/\/([^/]+)$/, '/./$1'),
    p.replace(/\/([^/]+)$/, '/x/../$1'),
    p.replace(/\//g, '%2F'),
    `${p}%20`,
    `${p};.css`,
    `${p}?`,
    `${p}#x`,
    `${p}.json`,
  ];

  it.each(guarded.filter((r) => !r.path.includes(':')).map((r) => [`${r.method} ${r.path}`, r] as const))(
    'no spelling of %s reaches it without a token',
    async (_label, route) => {
      for (const path of variants(route.path)) {
        const r = await sc.req(route.method, path, {
          headers: {},
          ...(route.method === 'GET' ? {} : { body: {} }),
        });
        expect([401, 403, 404], `${route.method} ${path} → ${r.status} ${r.text.slice(0, 120)}`).toContain(
          r.status,
        );
        expect(r.body.flag).toBe(0);
      }
      await expectUnchanged(`spellings of ${route.method} ${route.path}`);
    },
  );

  it('HEAD on an admin list needs the admin token too', async () => {
    const r = await sc.app.request('/admin/users', { method: 'HEAD' });
    expect(r.status).toBe(401);
  });

  it('method override headers and parameters are ignored', async () => {
    before = { db: await fingerprint(sc), files: await uploadListing(sc.uploadDir) };
    for (const headers of <Record<string, string>[]>[
      { 'x-http-method-override': 'DELETE' },
      { 'x-http-method': 'DELETE' },
      { 'x-method-override': 'DELETE' },
    ]) {
      const r = await sc.req('POST', '/cart?_method=DELETE', { token: world.owner.token, headers, body: {} });
      expect([404, 405], `${JSON.stringify(headers)} → ${r.status}`).toContain(r.status);
    }
    await expectUnchanged('method override');
  });
});

describe('leaks', () => {
  it('no response of this suite carries a secret, a password hash or internal details', () => {
    const secrets = secretsOf(sc.config);
    expect(sc.seen.filter((t) => leaksIn(t, secrets).length > 0).slice(0, 3)).toEqual([]);
  });

  it('no log line carries a secret, a password hash or a token', () => {
    const secrets = secretsOf(sc.config);
    expect(sc.logs.length).toBeGreaterThan(0);
    const bad = sc.logs.filter(
      (l) => /\$2[aby]\$\d\d\$|eyJ[\w-]+\.eyJ/.test(l) || secrets.some((s) => l.includes(s)),
    );
    expect(bad.slice(0, 3)).toEqual([]);
  });
});

// Covers (ASVS V1, V2.2, V13): property-based fuzzing (fast-check) of every route in the app's route table, with
// a valid token of the route's own role: the valid request of each route is mutated (fields replaced by wrong
// types, SQL and script payloads, unicode, NUL bytes, huge strings and numbers; fields dropped; extra fields
// added; whole bodies replaced; malformed JSON; wrong content types; hostile query strings and path
// parameters). Every answer: never a 5xx, never a stack trace, SQL text or hash in the body, JSON
// `{flag: 0, msg}` on refusal, and a refusal changes nothing in the database or the upload folder.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureSecrets } from '../../src/lib/payments/payment-provider';
import { hmacHex } from '../../src/lib/payments/signatures';
import type { RouteEntry } from '../../src/lib/route-table';
import {
  appRoutes,
  createSecurityContext,
  fingerprint,
  leaksIn,
  paramsOf,
  type Res,
  type SecurityContext,
  secretsOf,
  uploadListing,
} from './harness';
import { asText, EXTRA_KEYS, encode, nasty, PARAMS } from './payloads';
import { buildWorld, paramValue, validRequest, type World } from './world';

/** Runs per route; FUZZ_RUNS raises it for a deeper session. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const routes = appRoutes();
const QUERY_KEYS = ['limit', 'page', 'q', 'state', 'categorySlug', 'colorSlug', 'sort', 'id', 'user_id'];

let sc: SecurityContext;
const runs: Record<string, { runs: number; refused: number; accepted: number }> = {};

beforeAll(async () => {
  sc = await createSecurityContext();
});
afterAll(async () => {
  await sc?.close();
});

type Body = Record<string, unknown>;
const webhookSecret = () => signatureSecrets(sc.config).webhookSecret ?? '';
type Mutation =
  | { kind: 'field'; key: string; value: unknown }
  | { kind: 'drop'; key: string }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'whole'; value: unknown }
  | { kind: 'raw'; text: string; type: string }
  | { kind: 'type'; type: string };

interface Case {
  body: Mutation[];
  query: [string, unknown][];
  params: Record<string, unknown>;
}

const RAW = [
  '{"a":',
  '{',
  '[',
  'null',
  '"text"',
  '42',
  '{"__proto__":{"isAdmin":true}}',
  '\u0000',
  '{}'.repeat(1000),
  'a=1&b=2',
];
const TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json; charset=utf-16',
  '',
];

function caseArb(keys: string[], params: string[], hasBody: boolean): fc.Arbitrary<Case> {
  const key = keys.length ? fc.constantFrom(...keys) : fc.constant('name');
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('field' as const), key, value: nasty }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), key }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        key: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })),
        value: nasty,
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('whole' as const), value: nasty }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.constantFrom(...RAW),
        type: fc.constantFrom('application/json', 'text/plain'),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('type' as const), type: fc.constantFrom(...TYPES) }),
    },
  );
  return fc.record({
    body: hasBody ? fc.array(mutation, { minLength: 0, maxLength: 3 }) : fc.constant([]),
    query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })), nasty), {
      maxLength: 3,
    }),
    params: fc.record(
      Object.fromEntries(
        params.map((p) => [p, fc.option(fc.oneof(fc.constantFrom(...PARAMS), nasty), { freq: 2 })]),
      ),
    ) as fc.Arbitrary<Record<string, unknown>>,
  });
}

/** The valid request's fields as a plain record (form entries included), to mutate. */
async function baseFields(route: RouteEntry, w: World): Promise<{ fields: Body; form: boolean }> {
  const v = await validRequest(route, w);
  if (v.form) {
    const fields: Body = {};
    for (const [k, val] of v.form.entries()) fields[k] = val;
    return { fields, form: true };
  }
  return { fields: (v.body as Body | undefined) ?? {}, form: false };
}

async function send(route: RouteEntry, w: World, token: string | undefined, c: Case): Promise<Res> {
  const { fields, form } = await baseFields(route, w);
  let body: unknown = { ...fields };
  let raw: string | undefined;
  let type: string | undefined;
  for (const m of c.body) {
    if (m.kind === 'field' || m.kind === 'extra') {
      if (body && typeof body === 'object' && !Array.isArray(body))
        body = { ...(body as Body), [m.key]: m.value };
      else body = { [m.key]: m.value };
    } else if (m.kind === 'drop') {
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        const { [m.key]: _gone, ...rest } = body as Body;
        body = rest;
      }
    } else if (m.kind === 'whole') body = m.value;
    else if (m.kind === 'raw') {
      raw = m.text;
      type = m.type;
    } else type = m.type;
  }
  const params = Object.fromEntries(Object.entries(c.params).filter(([, v]) => v !== null));
  const path = route.path
    .replace(/:(\w+)(\{(?:[^{}]|\{[^}]*\})*\})?\??/g, (_m, name: string) =>
      name in params ? encode(asText(params[name])) : encodeURIComponent(paramValue(route, name, w)),
    )
    .replace(/\*/g, () =>
      '*' in params ? encode(asText(params['*'])) : encodeURIComponent(paramValue(route, '*', w)),
    );
  const query = c.query.length
    ? `?${c.query.map(([k, v]) => `${encode(k)}=${encode(asText(v))}`).join('&')}`
    : '';

  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (route.method === 'GET' || route.method === 'HEAD')
    return sc.req(route.method, path + query, { headers });
  const text = raw ?? JSON.stringify(body) ?? 'null';
  // Signed routes get a valid signature over whatever is sent, so the fuzzing reaches the parsing behind it.
  if (route.access === 'signed') headers['x-razorpay-signature'] = hmacHex(webhookSecret(), text);
  if (raw !== undefined)
    return sc.req(route.method, path + query, { body: raw, headers: { ...headers, 'content-type': type! } });
  if (form && body && typeof body === 'object' && !Array.isArray(body) && type === undefined) {
    const f = new FormData();
    for (const [k, v] of Object.entries(body as Body)) f.append(k, v instanceof File ? v : asText(v));
    return sc.req(route.method, path + query, { form: f, headers });
  }
  return sc.req(route.method, path + query, {
    body: text,
    headers: { ...headers, 'content-type': type ?? 'application/json' },
  });
}

function tokenFor(route: RouteEntry, w: World): fc.Arbitrary<string | undefined> {
  if (route.access === 'admin') return fc.constant(w.admin.token);
  if (route.access === 'customer') return fc.constant(w.owner.token);
  // Public routes: a visitor, or an admin (who sees more), or a shopper.
  if (route.access === 'public') return fc.constantFrom(undefined, w.admin.token, w.owner.token);
  return fc.constant(undefined);
}

describe.each(routes.map((r) => [`${r.method} ${r.path} (${r.access})`, r] as const))(
  'fuzz %s',
  (label, route) => {
    it(`${RUNS} mutated requests: no 5xx, no leak, clean refusals that change nothing`, async () => {
      const w = await buildWorld(sc);
      const { fields } = await baseFields(route, w);
      const keys = Object.keys(fields);
      const stats = { runs: 0, refused: 0, accepted: 0 };
      runs[label] = stats;
      let state = { db: await fingerprint(sc), files: await uploadListing(sc.uploadDir) };
      const secrets = secretsOf(sc.config);

      await fc.assert(
        fc.asyncProperty(
          caseArb(keys, paramsOf(route.path), route.method !== 'GET'),
          tokenFor(route, w),
          async (c, token) => {
            const r = await send(route, w, token, c);
            stats.runs++;
            const note = `${route.method} ${route.path} → ${r.status} ${r.text.slice(0, 200)}`;
            expect(r.status, note).toBeGreaterThanOrEqual(200);
            expect(r.status, note).toBeLessThan(500);
            expect(leaksIn(r.text, secrets), note).toEqual([]);
            const now = { db: await fingerprint(sc), files: await uploadListing(sc.uploadDir) };
            if (r.status >= 400) {
              stats.refused++;
              expect(r.body?.flag, note).toBe(0);
              expect(typeof r.body?.msg === 'string' && r.body.msg.length > 0, note).toBe(true);
              expect(now, `a refused request changed something: ${note}`).toEqual(state);
            } else {
              stats.accepted++;
              if (r.headers.get('content-type')?.includes('json')) expect(r.body?.flag, note).toBe(1);
            }
            state = now;
          },
        ),
        { numRuns: RUNS, endOnFailure: true },
      );
      expect(stats.runs).toBe(RUNS);
    }, 120_000);
  },
);

describe('fuzz totals', () => {
  it('the fingerprint sees a row added, changed and removed', async () => {
    const email = `fingerprint-${Date.now()}@example.in`;
    const states = [await fingerprint(sc)];
    await sc.db.insertInto('newsletter_signups').values({ email }).execute();
    states.push(await fingerprint(sc));
    await sc.db
      .updateTable('newsletter_signups')
      .set({ email: `x${email}` })
      .where('email', '=', email)
      .execute();
    states.push(await fingerprint(sc));
    await sc.db.deleteFrom('newsletter_signups').where('email', '=', `x${email}`).execute();
    states.push(await fingerprint(sc));
    for (let i = 1; i < states.length; i++) expect(states[i]).not.toEqual(states[i - 1]);
    expect(states[3]).toEqual(states[0]);
  });

  it('ran every route', () => {
    expect(Object.keys(runs).length).toBe(routes.length);
    const total = Object.values(runs).reduce((s, r) => s + r.runs, 0);
    expect(total).toBe(routes.length * RUNS);
  });
});

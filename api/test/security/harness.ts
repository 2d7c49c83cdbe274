import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { StaffRole } from '@voltcart/shared';
import bcrypt from 'bcryptjs';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { type App, createApp } from '../../src/app';
import { type Config, loadConfig, SIMULATOR_SECRET } from '../../src/config';
import type { Db } from '../../src/db/connection';
import { Tokens } from '../../src/lib/auth';
import { createLogger } from '../../src/lib/logger';
import { type RouteEntry, routeTable } from '../../src/lib/route-table';
import { LocalStorage } from '../../src/lib/storage';
import { MariaDbSearch } from '../../src/modules/search/search-engine';
import { createServices } from '../../src/services';
import { createTestContext, type TestContext } from '../context';
import { type Reply, type RequestOptions, request } from '../support';

export type Kind = 'admin' | 'customer';
export const AUDIENCE: Record<Kind, string> = { admin: 'voltcart-admin', customer: 'voltcart-customer' };
export const ACCOUNT_PASSWORD = 'fixture-pass-1';

/** An answer (support.ts `request`): status, parsed body, text and headers. */
export type Res = Reply;

/** A request's token, body (JSON unless a string), form and headers; an empty token sends `Bearer `. */
export type ReqOptions = Omit<RequestOptions, 'from'>;

/**
 * A test context whose requests go through an app that logs everything (debug level) into `logs`,
 * and that keeps every response body in `seen`, so that a suite can finally prove no secret leaked.
 */
export interface SecurityContext {
  ctx: TestContext;
  app: App;
  db: Db;
  config: Config;
  uploadDir: string;
  logs: string[];
  seen: string[];
  req(method: string, path: string, opts?: ReqOptions): Promise<Res>;
  close(): Promise<void>;
}

export async function createSecurityContext(env: Record<string, string> = {}): Promise<SecurityContext> {
  // The courier simulator books, so that the courier routes' controls succeed.
  const ctx = await createTestContext({ COURIER_PROVIDER: 'simulator', ...env });
  const logs: string[] = [];
  const seen: string[] = [];
  const logger = createLogger('debug', (line) => logs.push(line));
  const services = await createServices(
    { config: ctx.config, db: ctx.db, logger, search: ctx.search },
    { mailSender: false, sweeps: false },
  );
  const app = createApp({
    db: ctx.db,
    config: ctx.config,
    storage: new LocalStorage(ctx.uploadDir),
    search: ctx.search,
    logger,
    services: services.values,
  });
  const req: SecurityContext['req'] = async (method, path, opts = {}) => {
    const r = await request(app, method, path, opts);
    seen.push(r.text);
    return r;
  };
  return {
    ctx,
    app,
    db: ctx.db,
    config: ctx.config,
    uploadDir: ctx.uploadDir,
    logs,
    seen,
    req,
    async close() {
      await services.close();
      await ctx.close();
    },
  };
}

/** The route table of the real app, built without a database (createApp never queries while wiring). */
export function appRoutes(): RouteEntry[] {
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'r'.repeat(40), UPLOAD_DIR: 'unused-uploads' });
  const app = createApp({
    db: {} as Db,
    config,
    storage: new LocalStorage('unused-uploads'),
    search: new MariaDbSearch(),
    logger: createLogger('silent'),
  });
  return routeTable(app);
}

/** Fills `:name`, `:name{regex}`, `:name?` and `*` segments of a route path. */
export function fillPath(path: string, value: (param: string) => string): string {
  return path
    .replace(/:(\w+)(\{(?:[^{}]|\{[^}]*\})*\})?\??/g, (_m, name: string) => encodeURIComponent(value(name)))
    .replace(/\*/g, () => encodeURIComponent(value('*')));
}

export const paramsOf = (path: string): string[] =>
  [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!).concat(path.includes('*') ? ['*'] : []);

// ---------------------------------------------------------------------------------------------------------
// Accounts and tokens

export interface Account {
  kind: Kind;
  id: number;
  email: string;
  token: string;
}

let fixtureHash: Promise<string> | undefined;
let counter = 0;

/** Inserts an account directly (cheap bcrypt cost, no login attempts spent) and signs a token for it. */
/** A customer, or a staff account (an Owner unless `role` says otherwise), with a token. */
export async function makeAccount(
  sc: SecurityContext,
  kind: Kind,
  label: string = kind,
  role?: StaffRole,
): Promise<Account> {
  fixtureHash ??= bcrypt.hash(ACCOUNT_PASSWORD, 4);
  const email = `${label}-${++counter}-${randomBytes(3).toString('hex')}@sec.example.com`;
  const values = { name: `${label} ${counter}`, email, password_hash: await fixtureHash };
  const r = await (kind === 'admin'
    ? sc.db.insertInto('admins').values({ ...values, ...(role ? { role } : {}) })
    : sc.db.insertInto('users').values(values)
  ).executeTakeFirstOrThrow();
  const id = Number(r.insertId);
  return { kind, id, email, token: await signFor(sc, kind, id) };
}

export async function signFor(sc: SecurityContext, kind: Kind, id: number): Promise<string> {
  const row = await sc.db
    .selectFrom(kind === 'admin' ? 'admins' : 'users')
    .select('token_version')
    .where('id', '=', id)
    .executeTakeFirst();
  const tokens = new Tokens(sc.config.JWT_SECRET, {
    admin: sc.config.ADMIN_TOKEN_TTL,
    customer: sc.config.CUSTOMER_TOKEN_TTL,
  });
  return tokens.sign(kind, id, row?.token_version ?? 0);
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

/** Tokens an attacker could bring, derived from a genuine one. */
export const forge = {
  /** Same claims, `alg: none`, no signature. */
  algNone(token: string) {
    return `${b64({ alg: 'none', typ: 'JWT' })}.${token.split('.')[1]}.`;
  },
  /** Claims changed (another subject) and the old signature kept. */
  tamperedClaims(token: string, sub: string) {
    const [h, , s] = token.split('.');
    return `${h}.${b64({ ...payloadOf(token), sub })}.${s}`;
  },
  /** One character of the signature changed in the middle (the last one may only hold padding bits). */
  tamperedSignature(token: string) {
    const [h, p, s] = token.split('.') as [string, string, string];
    const i = Math.floor(s.length / 2);
    const c = s[i] === 'A' ? 'B' : 'A';
    return `${h}.${p}.${s.slice(0, i)}${c}${s.slice(i + 1)}`;
  },
  /** Correct secret and claims, but expired an hour ago. */
  async expired(secret: string, kind: Kind, id: number, ver = 0) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ver, sid: randomBytes(16).toString('base64url') })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(id))
      .setIssuer('voltcart')
      .setAudience(AUDIENCE[kind])
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(secret));
  },
  /** Well-formed, right claims, signed with a secret that is not the server's. */
  async foreignSecret(kind: Kind, id: number, ver = 0) {
    return new SignJWT({ ver, sid: randomBytes(16).toString('base64url') })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(id))
      .setIssuer('voltcart')
      .setAudience(AUDIENCE[kind])
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(randomBytes(32));
  },
};

// ---------------------------------------------------------------------------------------------------------
// State of the database and the upload folder

/**
 * A checksum of every table's content, so that an update (a flipped status, a changed price, a bumped token
 * version) shows as well as an insert or a delete, in one statement (a fuzzed request is checked after every
 * run). Login failure counters are left out: a refused login is supposed to count. So is the failed login's line
 * in the change history: the history is append-only (the database refuses updates), compared by its count of
 * other lines.
 */
export async function fingerprint(sc: SecurityContext): Promise<Record<string, number | string>> {
  const list = await checkedTables(sc);
  const sums = await sql<{
    Table: string;
    Checksum: string | number | null;
  }>`CHECKSUM TABLE ${sql.raw(list)}`.execute(sc.db);
  const history = await sql<{ n: number }>`
    SELECT COUNT(*) AS n FROM audit_log WHERE action <> 'session.login_failed'`.execute(sc.db);
  const out: Record<string, number | string> = { audit_log: Number(history.rows[0]!.n) };
  for (const r of sums.rows) out[`checksum:${r.Table.split('.').pop()}`] = String(r.Checksum);
  return out;
}

/** The tables a fingerprint checks, listed once per database (no test adds tables). */
const tableLists = new WeakMap<SecurityContext, Promise<string>>();
function checkedTables(sc: SecurityContext): Promise<string> {
  let list = tableLists.get(sc);
  if (!list) {
    list = sql<{ t: string }>`
      SELECT table_name AS t FROM information_schema.tables
      WHERE table_schema = DATABASE() AND table_name NOT LIKE 'kysely_%'
        AND table_name NOT IN ('login_failures', 'known_logins', 'audit_log')
      ORDER BY table_name`
      .execute(sc.db)
      .then((tables) => tables.rows.map((r) => `\`${r.t}\``).join(', '));
    tableLists.set(sc, list);
  }
  return list;
}

/** Every file under the upload folder, relative to it. */
export async function uploadListing(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(relative(dir, p));
    }
  };
  await walk(dir);
  return out.sort();
}

// ---------------------------------------------------------------------------------------------------------
// What a response must never show

const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat [\w.$<>[\] ]+ \(?(?:file:\/\/|\/|node:)[^)\s]*:\d+:\d+\)?/],
  ['source path', /node_modules|\/api\/src\/|\.ts:\d+/],
  ['mysql error code', /\bER_[A-Z_]{4,}\b|\berrno\b|sqlMessage|sqlState/],
  [
    'SQL error text',
    /You have an error in your SQL syntax|Unknown column|Duplicate entry|Data too long|Incorrect \w+ value|Out of range value/i,
  ],
  // Kysely on MySQL quotes identifiers with backticks: a query echoed back would show them.
  ['SQL text', /\b(?:select|insert into|update|delete from)\b[^"]{0,200}`\w+`/i],
  ['password hash', /\$2[aby]\$\d\d\$/],
  ['internal column', /password_hash|token_version/],
];

export function leaksIn(text: string, secrets: string[] = []): string[] {
  const found = LEAKS.filter(([, re]) => re.test(text)).map(([name]) => name);
  for (const s of secrets) if (s && s.length >= 8 && text.includes(s)) found.push('secret value');
  return found;
}

/** The secrets a context knows: none of them may ever appear in a response or a log line. */
export function secretsOf(config: Config): string[] {
  return [
    config.JWT_SECRET,
    config.RAZORPAY_KEY_SECRET ?? '',
    config.RAZORPAY_WEBHOOK_SECRET ?? '',
    SIMULATOR_SECRET,
  ].filter(Boolean);
}

/** A refusal: a 4xx, a JSON body `{flag: 0, msg}` with a non-empty message, and nothing internal in it. */
export function expectRefusal(r: Res, statuses?: number[], note = ''): void {
  const where = `${note} → ${r.status} ${r.text.slice(0, 300)}`;
  if (statuses) expect(statuses, where).toContain(r.status);
  else expect(r.status >= 400 && r.status < 500, where).toBe(true);
  expect(typeof r.body, where).toBe('object');
  expect(r.body?.flag, where).toBe(0);
  expect(typeof r.body?.msg === 'string' && r.body.msg.length > 0, where).toBe(true);
  expect(leaksIn(r.text), where).toEqual([]);
}

import {
  type AnyRoute,
  type BodySchemaOf,
  isBlank,
  type PayloadOf,
  type QuerySchemaOf,
  type ReplyOf,
} from '@voltcart/shared';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env';
import { guardOf, isAdmin } from './access';
import { jsonAnswer } from './compression';
import { formBody, jsonBody, parse } from './validate';

/**
 * A finished response whose JSON is the route's whole reply (a cached answer, or a reply with its own status).
 * Only `cached` and `replyWith` make one (the brand exists only in types): a handler cannot answer with a
 * response of its own making, such as `c.json({...})`, that the compiler has not held to the contract.
 */
export type Replied<D extends AnyRoute> = Response & { readonly __reply: ReplyOf<D> };

/** The schemas a route declares, which its implementation must pass (the compiler holds it to them). */
type SchemasOf<D extends AnyRoute> = (QuerySchemaOf<D> extends z.ZodType
  ? { query: QuerySchemaOf<D> }
  : object) &
  (BodySchemaOf<D> extends z.ZodType ? { body: BodySchemaOf<D> } : object);

type Output<S> = S extends z.ZodType ? z.output<S> : never;

export interface RouteInput<D extends AnyRoute> {
  /** Path parameters as sent (ids are checked with idParam, which answers 404 for one that cannot exist). */
  params: Record<string, string>;
  /** The query string parsed with the route's schema; blank values count as absent. */
  query: Output<QuerySchemaOf<D>>;
  /** The body as sent: a JSON object, or the form's fields (files included), read once. */
  raw(): Promise<Record<string, unknown>>;
  /** The body parsed with the route's schema: `raw()`, or `value` when the handler prepared it first. */
  body(value?: unknown): Promise<Output<BodySchemaOf<D>>>;
}

type RouteHandler<D extends AnyRoute> = (
  c: Context<AppEnv>,
  input: RouteInput<D>,
) => Promise<PayloadOf<D> | Replied<D>>;

type OnArgs<D extends AnyRoute> = keyof SchemasOf<D> extends never
  ? [handler: RouteHandler<D>] | [middleware: MiddlewareHandler<AppEnv>[], handler: RouteHandler<D>]
  : [schemas: SchemasOf<D>, handler: RouteHandler<D>];

/**
 * One resource's routes (a Hono sub-app mounted at `base`), each implementing a route of the contract:
 * - the route's method and path come from the contract; its access level and permission run first (a test checks
 *   every route)
 * - the query is parsed before the handler, the body when the handler asks for it (some routes check fields in
 *   their form's order first, so that the first message is the form's)
 * - what the handler returns is checked by the compiler against the contract's reply, and sent as
 *   `{flag: 1, msg, ...fields}` with the contract's status
 */
export function resource(base: string) {
  const app = new Hono<AppEnv>();
  const on = <D extends AnyRoute>(def: D, ...args: OnArgs<D>): void => {
    const handler = args.at(-1) as RouteHandler<D>;
    const first = args.length === 2 ? args[0] : undefined;
    const middleware = Array.isArray(first) ? first : [];
    const schemas = (Array.isArray(first) ? {} : (first ?? {})) as { query?: z.ZodType; body?: z.ZodType };
    if (!def.path.startsWith(base)) throw new Error(`${def.path} is not under ${base}`);
    if (schemas.query) queryParams.set(def, new Set(parameterNames(schemas.query)));
    const path = def.path.slice(base.length) || '/';
    app.on(def.method, path, guardOf(def), ...middleware, async (c) => {
      const out = await handler(c, routeInput<D>(c, def, schemas));
      if (out instanceof Response) return out;
      return jsonAnswer(c, ok(out), def.status ?? 200);
    });
  };
  return { app, on };
}

function routeInput<D extends AnyRoute>(
  c: Context<AppEnv>,
  def: D,
  schemas: { query?: z.ZodType; body?: z.ZodType },
): RouteInput<D> {
  let raw: Promise<Record<string, unknown>> | undefined;
  const read = () => {
    raw ??= def.form ? formBody(c) : jsonBody(c);
    return raw;
  };
  return {
    params: c.req.param() as Record<string, string>,
    query: (schemas.query ? parse(schemas.query, queryOf(c)) : undefined) as Output<QuerySchemaOf<D>>,
    raw: read,
    async body(value?: unknown) {
      if (!schemas.body) throw new Error(`${def.method} ${def.path} declares no body`);
      return parse(schemas.body, value === undefined ? await read() : value) as Output<BodySchemaOf<D>>;
    },
  };
}

/** The query string without blank values (a blank filter is one not chosen). */
function queryOf(c: Context): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(c.req.query())) if (!isBlank(v)) out[k] = v;
  return out;
}

/** The success reply around a route's fields. */
function ok(payload: { msg?: string }) {
  return { flag: 1 as const, msg: 'OK', ...payload };
}

/** Where a catalogue read goes: admins read the primary (they see their own writes at once), shoppers a replica. */
export const catalogDb = (c: Context<AppEnv>) => (isAdmin(c) ? c.var.db : c.var.readDb);

/** The query parameters each route reads: the keys of its query schema (a route without one reads none). */
const queryParams = new WeakMap<AnyRoute, ReadonlySet<string>>();

function parameterNames(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return parameterNames(schema.in as z.ZodType);
  throw new Error('A query schema must be an object: its keys are the parameters the route reads');
}

/**
 * Answers a public catalogue read from the catalogue cache (lib/cache.ts), loading its fields on a miss; kept
 * under the path and the query parameters the route reads, so made-up ones add nothing to the cache.
 */
export async function cached<D extends AnyRoute>(
  c: Context<AppEnv>,
  def: D,
  load: () => Promise<PayloadOf<D>>,
): Promise<Replied<D>> {
  return (await c.var.catalogCache.respond(
    c,
    async () => ok(await load()),
    queryParams.get(def),
  )) as Replied<D>;
}

/** A reply with a status other than the contract's (e.g. 200 for a sign-up that already existed). */
export function replyWith<D extends AnyRoute>(
  c: Context<AppEnv>,
  _def: D,
  payload: PayloadOf<D>,
  status: 200 | 201,
): Replied<D> {
  return c.json(ok(payload), status) as Response as Replied<D>;
}

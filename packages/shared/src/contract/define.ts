import type { z } from 'zod';
import type { Permission } from '../rules/permissions';

/**
 * How a route of the API is declared, once, for the API (which implements it) and the client (which calls it):
 * method and path, who may call it, the schemas of its request and the type of its reply.
 *
 *   list: route('GET /product', 'public').query<typeof productListQuery>().reply<ProductList>(),
 *
 * - the path is the full path; `:name` segments are path parameters
 * - `query` and `body` name the zod schemas of the request, as types only: the API parses with those very
 *   schemas (its route helper only accepts them), the client's input is their input type; the route table
 *   itself stays free of zod, so a browser that loads the client does not load the validation library
 * - `form: true`: the body travels as multipart/form-data; `files` names its file fields
 * - the reply type is the route's own fields; every success reply also has `flag: 1` and `msg` (see Ok)
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route, checked by the API before the handler runs:
 * - `public`: anyone; an admin token, when sent, is recognised (admins also see inactive items)
 * - `customer`: a customer token (401 without, 403 with an admin token)
 * - `admin`: an admin (staff) token (401 without, 403 with a customer token) of an active staff member whose role
 *   has the route's `permission` (403 `missing_permission` naming it otherwise)
 * - `account`: a customer or an admin token (the handler decides what each may see)
 * - `signed`: no token; the handler verifies a signature over the body (payment webhooks)
 */
export type Access = 'public' | 'customer' | 'admin' | 'account' | 'signed';

/**
 * What a route is declared with: an access level, or for an admin route the permission it needs (`catalog.write`:
 * level `admin` with that permission). `staff` is the level `admin` open to every role (the staff member's own
 * session: me, logout). A plain `'admin'` is not accepted, so that no admin route can forget its permission.
 */
export type Who = Exclude<Access, 'admin'> | 'staff' | Permission;

/** A success reply: `flag: 1`, a message for the user, and the route's own fields. */
export type Ok<T = unknown> = { flag: 1; msg: string } & T;

/** A failure reply (any status ≥ 400): `flag: 0`, the message, a stable code and sometimes more fields. */
export interface Failure<Code extends string = string> {
  flag: 0;
  msg: string;
  code: Code;
  [extra: string]: unknown;
}

export interface RouteOptions {
  /** The body is multipart/form-data (uploads, and the product and category forms, which carry pictures). */
  form?: true;
  /** File fields of a multipart body. */
  files?: readonly string[];
  /** Status of a success reply when it is not 200. */
  status?: 201;
  /** On an `account` route: what a staff token also needs (a customer token needs nothing more). */
  permission?: Permission;
}

declare const REPLY: unique symbol;
declare const QUERY: unique symbol;
declare const BODY: unique symbol;

/** No schema declared. */
export type None = undefined;

export type Route<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  O extends RouteOptions = RouteOptions,
  Q extends z.ZodType | None = z.ZodType | None,
  B extends z.ZodType | None = z.ZodType | None,
  R = unknown,
> = {
  readonly method: M;
  readonly path: P;
  readonly access: Access;
  /** The permission an admin token needs (admin routes other than `staff` ones, and some `account` routes). */
  readonly permission?: Permission;
  /** Types only, never present at run time: the request's schemas and the reply's fields. */
  readonly [QUERY]: Q;
  readonly [BODY]: B;
  readonly [REPLY]: R;
} & Readonly<O>;

// biome-ignore lint/suspicious/noExplicitAny: any route, whatever its types
export type AnyRoute = Route<HttpMethod, string, RouteOptions, any, any, any>;

type MethodOf<S extends string> = S extends `${infer M extends HttpMethod} ${string}` ? M : never;
type PathOf<S extends string> = S extends `${HttpMethod} ${infer P}` ? P : never;

interface RouteBuilder<
  M extends HttpMethod,
  P extends string,
  O extends RouteOptions,
  Q extends z.ZodType | None,
  B extends z.ZodType | None,
> {
  /** The schema of the query string (`typeof schema`). */
  query<S extends z.ZodType>(): RouteBuilder<M, P, O, S, B>;
  /** The schema of the body (`typeof schema`). */
  body<S extends z.ZodType>(): RouteBuilder<M, P, O, Q, S>;
  /** The reply's own fields; ends the declaration. */
  reply<R = object>(): Route<M, P, O, Q, B, R>;
}

const LEVELS: readonly string[] = ['public', 'customer', 'account', 'signed'] satisfies Exclude<
  Access,
  'admin'
>[];

/**
 * Declares a route: `route('GET /product/:id', 'public').reply<{ product: Product }>()`; an admin route names its
 * permission: `route('PUT /settings', 'settings.write')`.
 */
export function route<const S extends `${HttpMethod} /${string}`, const O extends RouteOptions = object>(
  spec: S,
  who: Who,
  options?: O,
): RouteBuilder<MethodOf<S>, PathOf<S>, O, None, None> {
  const space = spec.indexOf(' ');
  const access = LEVELS.includes(who) ? who : 'admin';
  const permission = access === 'admin' && who !== 'staff' ? { permission: who } : {};
  const def = {
    method: spec.slice(0, space),
    path: spec.slice(space + 1),
    access,
    ...permission,
    ...options,
  };
  const builder = { query: () => builder, body: () => builder, reply: () => def };
  return builder as never;
}

/** The schemas a route declares (the API passes these very schemas when it implements the route). */
export type QuerySchemaOf<D extends AnyRoute> = D[typeof QUERY];
export type BodySchemaOf<D extends AnyRoute> = D[typeof BODY];

/** The whole success reply of a route. */
export type ReplyOf<D extends AnyRoute> = Ok<D[typeof REPLY]>;

/** The route's own reply fields (what an API handler returns; `msg` may be given, `flag` never). */
export type PayloadOf<D extends AnyRoute> = D[typeof REPLY] & { msg?: string };

/** Path parameters of a path pattern: '/order/:orderId' → { orderId: string }. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : object;

/** A file sent in a multipart body: the bytes and the file name to send. */
export interface UploadFile {
  blob: Blob;
  name: string;
}

type FilesOf<O> = O extends { files: readonly (infer F extends string)[] }
  ? { [K in F]?: UploadFile | UploadFile[] | null }
  : object;

type ParamsInput<P extends string> = keyof PathParams<P> extends never ? object : { params: PathParams<P> };
type QueryInput<Q> = Q extends z.ZodType ? { query?: z.input<Q> } : object;
type BodyInput<B, O> = B extends z.ZodType
  ? { body: z.input<B> & FilesOf<O> }
  : O extends { files: readonly string[] }
    ? { body: FilesOf<O> }
    : object;

/** What a caller passes to a route: `{ params, query, body }`, each only where the route has it. */
export type InputOf<D extends AnyRoute> =
  D extends Route<HttpMethod, infer P, infer O, infer Q, infer B>
    ? ParamsInput<P> & QueryInput<Q> & BodyInput<B, O>
    : never;

/**
 * Query and form values that are absent: undefined, null and blank text. A blank field of a form or query string
 * means "not given", never "set to empty" (the API and the client both read them this way).
 */
export function isBlank(v: unknown): v is undefined | null | '' {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** The same object without its blank values (see isBlank). */
export function withoutBlanks<T extends object>(values: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(values)) if (!isBlank(v)) out[k as keyof T] = v as T[keyof T];
  return out;
}

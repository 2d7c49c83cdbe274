import {
  type AnyRoute,
  type Contract,
  contract,
  type InputOf,
  isBlank,
  type ReplyOf,
  type UploadFile,
  withoutBlanks,
} from '@voltcart/shared';
import type { Http } from './http';

export type UploadProgress = (loaded: number, total: number) => void;

export interface CallOptions {
  signal?: AbortSignal;
  onUploadProgress?: UploadProgress;
  /** Milliseconds; 0 for none (large uploads). The client's default applies otherwise. */
  timeout?: number;
}

type Args<D extends AnyRoute> = keyof InputOf<D> extends never
  ? [input?: InputOf<D>, options?: CallOptions]
  : [input: InputOf<D>, options?: CallOptions];

/** A route of the contract as a method: its input in, its whole success reply out (failures throw ApiError). */
export type Endpoint<D extends AnyRoute> = (...args: Args<D>) => Promise<ReplyOf<D>>;

/** Every route of some groups of the contract as a method, by resource: `client.product.get({ params: { id } })`. */
export type ClientOf<C> = {
  [R in keyof C]: {
    [K in keyof C[R]]: C[R][K] extends AnyRoute ? Endpoint<C[R][K]> : never;
  };
};

/** The whole API as methods. */
export type Client = ClientOf<Contract>;

const isUpload = (v: unknown): v is UploadFile =>
  typeof v === 'object' && v !== null && 'blob' in v && (v as UploadFile).blob instanceof Blob;

/**
 * A multipart body from the route's input, the way the API's form routes read it (docs/api.md):
 * - files as file parts (a list of files as repeated parts of the same name)
 * - lists and objects as JSON text (`colors` is sent that way), other values as text
 * - absent values (undefined, null) are left out, so an update changes only what it sends
 */
export function toFormData(body: object): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v === null) continue;
    if (isUpload(v)) fd.append(k, v.blob, v.name);
    else if (Array.isArray(v) && v.length > 0 && v.every(isUpload))
      for (const f of v) fd.append(k, f.blob, f.name);
    else if (v instanceof Blob) fd.append(k, v);
    else fd.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return fd;
}

/** The route's path with its parameters filled in (each one URL-encoded). */
export function pathOf(def: AnyRoute, params: Record<string, string | number> = {}): string {
  return def.path.replace(/:(\w+)/g, (_, name: string) => {
    const v = params[name];
    if (isBlank(v)) throw new TypeError(`${def.method} ${def.path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(v));
  });
}

/** What the client needs of the transport: the axios instance's `request` (createHttp makes it). */
export type Transport = Pick<Http, 'request'>;

/** Calls one route of the contract. */
export async function call<D extends AnyRoute>(
  http: Transport,
  def: D,
  input?: InputOf<D>,
  options: CallOptions = {},
): Promise<ReplyOf<D>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: object;
    body?: object;
  };
  const { onUploadProgress } = options;
  const res = await http.request<ReplyOf<D>>({
    method: def.method,
    url: pathOf(def, params),
    // A blank filter means "not chosen": it is not sent at all.
    params: query && withoutBlanks(query),
    data: body && (def.form ? toFormData(body) : body),
    signal: options.signal,
    ...(options.timeout !== undefined && { timeout: options.timeout }),
    ...(onUploadProgress && {
      onUploadProgress: (e: { loaded: number; total?: number }) =>
        onUploadProgress(e.loaded, e.total ?? e.loaded),
    }),
  });
  return res.data;
}

/** The whole API as methods, made from the contract. */
export function createClient(http: Transport): Client {
  return clientOf(http, contract);
}

/** The routes of some groups of the contract as methods (a client that bundles only what it calls). */
export function clientOf<C extends object>(http: Transport, groups: C): ClientOf<C> {
  const client: Record<string, Record<string, unknown>> = {};
  for (const [resource, routes] of Object.entries(groups)) {
    const methods: Record<string, unknown> = {};
    for (const [name, def] of Object.entries(routes as Record<string, AnyRoute>)) {
      methods[name] = (input?: InputOf<AnyRoute>, options?: CallOptions) => call(http, def, input, options);
    }
    client[resource] = methods;
  }
  return client as ClientOf<C>;
}

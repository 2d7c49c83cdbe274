import cluster, { type Worker } from 'node:cluster';
import {
  AggregatorRegistry,
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type MetricObjectWithValues,
  type MetricValue,
  Registry,
} from 'prom-client';

/**
 * Prometheus metrics of an API server, exposed at `GET /metrics` when METRICS_ENABLED is on.
 * - Requests are labelled by the matched route pattern (`/product/:id`), never the raw URL, so the
 *   number of series stays bounded whatever clients send; requests no route matched share `unmatched`.
 * - Pool and replica gauges are read when scraped, from the pools registered by the runtime.
 * - Counting always happens (it is cheap); only the endpoint is switched by configuration.
 * - With several workers (WEB_CONCURRENCY > 1) on one port, the worker that answers a scrape asks the primary
 *   process, which gathers every worker's figures and combines them (counts summed; see `aggregator` below), so
 *   one scrape of the server's port covers the whole server. Servers behind a load balancer are scraped one by
 *   one, each at its own address.
 */
const registry = new Registry();

new Gauge({
  name: 'voltcart_workers',
  help: 'API worker processes whose figures this scrape combines (fewer than running when one did not answer).',
  registers: [registry],
  collect() {
    this.set(1);
  },
});

const httpRequests = new Counter({
  name: 'voltcart_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

const httpDuration = new Histogram({
  name: 'voltcart_http_request_duration_seconds',
  help: 'Time to answer HTTP requests, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const ordersPlaced = new Counter({
  name: 'voltcart_orders_placed_total',
  help: 'Orders placed, by payment mode (cod or online).',
  labelNames: ['payment'] as const,
  registers: [registry],
});

/** The parts of a mysql2 pool that tell how busy it is (mysql2 keeps them as queues with a length). */
export interface PoolLike {
  config?: { connectionLimit?: number };
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
}
const pools = new Map<string, PoolLike>();
const len = (q: { length: number } | undefined) => (typeof q?.length === 'number' ? q.length : 0);

new Gauge({
  name: 'voltcart_db_pool_connections',
  help: 'Open database connections by pool and state (in_use or idle).',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [name, p] of pools) {
      const all = len(p._allConnections);
      const idle = len(p._freeConnections);
      this.set({ pool: name, state: 'in_use' }, Math.max(0, all - idle));
      this.set({ pool: name, state: 'idle' }, idle);
    }
  },
});

new Gauge({
  name: 'voltcart_db_pool_max_connections',
  help: 'Connection limit of each database pool.',
  labelNames: ['pool'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [name, p] of pools) this.set({ pool: name }, p.config?.connectionLimit ?? 0);
  },
});

new Gauge({
  name: 'voltcart_db_pool_queue_length',
  help: 'Queries waiting for a free connection, by pool (above zero means the pool is too small or the database slow).',
  labelNames: ['pool'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [name, p] of pools) this.set({ pool: name }, len(p._connectionQueue));
  },
});

export interface ReplicaLike {
  name: string;
  up: boolean;
  lagSeconds: number | null;
}
const replicas = new Map<string, ReplicaLike>();

new Gauge({
  name: 'voltcart_db_replica_up',
  help: 'Whether a read replica is serving reads (1) or out of rotation (0).',
  labelNames: ['replica'] as const,
  registers: [registry],
  // Across workers: in rotation only if every worker has it in rotation.
  aggregator: 'min',
  collect() {
    this.reset();
    for (const r of replicas.values()) this.set({ replica: r.name }, r.up ? 1 : 0);
  },
});

new Gauge({
  name: 'voltcart_db_replica_lag_seconds',
  help: 'Seconds a read replica was behind the primary at its last check (absent when unknown).',
  labelNames: ['replica'] as const,
  registers: [registry],
  aggregator: 'max',
  collect() {
    this.reset();
    for (const r of replicas.values()) if (r.lagSeconds !== null) this.set({ replica: r.name }, r.lagSeconds);
  },
});

/** Records one answered request; `routePath` is Hono's matched pattern. */
export function observeRequest(method: string, routePath: string, status: number, seconds: number): void {
  const route = routePath === '*' || routePath === '/*' || !routePath ? 'unmatched' : routePath;
  httpRequests.inc({ method, route, status: String(status) });
  httpDuration.observe({ method, route }, seconds);
}

/** Call once per order created, after its transaction commits. */
export function countOrderPlaced(payment?: 'cod' | 'online'): void {
  ordersPlaced.inc({ payment: payment ?? 'unspecified' });
}

/** Reports a database pool's use under `name` until the returned function is called. */
export function watchPool(name: string, pool: PoolLike): () => void {
  pools.set(name, pool);
  return () => {
    if (pools.get(name) === pool) pools.delete(name);
  };
}

/** Reports a read replica's state (read live at every scrape) until the returned function is called. */
export function watchReplica(replica: ReplicaLike): () => void {
  replicas.set(replica.name, replica);
  return () => {
    if (replicas.get(replica.name) === replica) replicas.delete(replica.name);
  };
}

let processMetrics = false;
/** Adds Node's own figures (CPU, memory, event-loop lag, GC) once per process. */
export function enableProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry, prefix: 'voltcart_' });
}

/** The messages of a scrape with several workers (node:cluster IPC). */
const MSG = {
  /** worker → primary: a scrape arrived; answered with ANSWER */
  ASK: 'voltcart:metrics:ask',
  ANSWER: 'voltcart:metrics:answer',
  /** primary → every worker: send your figures; answered with FIGURES */
  COLLECT: 'voltcart:metrics:collect',
  FIGURES: 'voltcart:metrics:figures',
} as const;
/** One worker's figures, as prom-client's aggregation takes them. */
type Figures = MetricObjectWithValues<MetricValue<string>>[];
interface Message {
  type?: string;
  id?: number;
  body?: string;
  error?: string;
  figures?: Figures;
}
/** How long the primary waits for the workers' figures: one that has not answered by then is left out. */
const COLLECT_MS = 2_000;
/** How long a worker waits for the primary's answer. */
const ASK_MS = 5_000;
const ignoreClosedChannel = () => {};

/** A worker's scrapes waiting for the primary, by id. */
const asked = new Map<number, { resolve: (body: string) => void; reject: (e: Error) => void }>();
let lastAsk = 0;

if (cluster.isWorker) {
  process.on('message', (m: Message | null) => {
    if (m?.type === MSG.COLLECT) {
      registry.getMetricsAsJSON().then(
        (figures) =>
          process.send?.({ type: MSG.FIGURES, id: m.id, figures }, undefined, {}, ignoreClosedChannel),
        // Nothing is sent: the primary leaves this worker out when its wait ends.
        () => {},
      );
    } else if (m?.type === MSG.ANSWER && m.id !== undefined) {
      const pending = asked.get(m.id);
      asked.delete(m.id);
      if (m.error !== undefined) pending?.reject(new Error(m.error));
      else pending?.resolve(m.body ?? '');
    }
  });
}

/** The whole server's figures, from the primary (this process is one of several workers). */
function fromPrimary(): Promise<string> {
  const id = ++lastAsk;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('The primary process did not answer in time.')), ASK_MS);
    const fail = (e: Error) => {
      clearTimeout(timer);
      asked.delete(id);
      reject(e);
    };
    asked.set(id, {
      resolve: (body) => {
        clearTimeout(timer);
        resolve(body);
      },
      reject: fail,
    });
    process.send?.({ type: MSG.ASK, id }, undefined, {}, (e: Error | null) => e && fail(e));
  });
}

/**
 * In the primary process of several workers: answers a worker's scrape with the figures of every worker that
 * answers within COLLECT_MS, combined (a stopped or dying worker costs the scrape that wait, never the scrape).
 * Call once, before forking.
 */
export function serveWorkerMetrics(): void {
  let lastCollect = 0;
  /** Collections in progress: the workers still to answer, and what has arrived. */
  const open = new Map<number, { waiting: Set<number>; figures: Figures[]; finish: () => void }>();
  const arrived = (collection: number, worker: number, figures?: Figures) => {
    const c = open.get(collection);
    if (!c?.waiting.delete(worker)) return;
    if (figures) c.figures.push(figures);
    if (c.waiting.size === 0) c.finish();
  };
  const collect = () =>
    new Promise<string>((resolve, reject) => {
      const id = ++lastCollect;
      const workers = Object.values(cluster.workers ?? {}).filter((w) => w?.isConnected()) as Worker[];
      const c = {
        waiting: new Set(workers.map((w) => w.id)),
        figures: [] as Figures[],
        finish: () => {
          clearTimeout(timer);
          if (!open.delete(id)) return;
          AggregatorRegistry.aggregate(c.figures).metrics().then(resolve, reject);
        },
      };
      const timer = setTimeout(c.finish, COLLECT_MS);
      open.set(id, c);
      for (const w of workers) {
        w.send({ type: MSG.COLLECT, id }, undefined, (e: Error | null) => e && arrived(id, w.id));
      }
      if (workers.length === 0) c.finish();
    });
  cluster.on('exit', (worker) => {
    for (const id of [...open.keys()]) arrived(id, worker.id);
  });
  cluster.on('message', (worker, m: Message | null) => {
    if (m?.type === MSG.FIGURES && m.id !== undefined) arrived(m.id, worker.id, m.figures ?? []);
    else if (m?.type === MSG.ASK) {
      const reply = (answer: Message) => {
        if (worker.isConnected())
          worker.send({ type: MSG.ANSWER, id: m.id, ...answer }, undefined, ignoreClosedChannel);
      };
      collect().then(
        (body) => reply({ body }),
        (e: Error) => reply({ error: e.message }),
      );
    }
  });
}

export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const body = cluster.isWorker ? await fromPrimary() : await registry.metrics();
  return { body, contentType: registry.contentType };
}

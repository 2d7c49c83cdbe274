import type { Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDrainableServer, type DrainOptions } from './drain';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** A server whose `/slow` answers after 200 ms and everything else at once. */
async function start(options?: DrainOptions) {
  const drain = createDrainableServer((req, res) => {
    setTimeout(() => res.end(`done ${req.method} ${req.url}`), req.url === '/slow' ? 200 : 0);
  }, options);
  const s = drain.server;
  server = s;
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  /** Calls stop(); resolves with the time the last connection ended. */
  const stop = () => new Promise<number>((resolve) => drain.stop(() => resolve(Date.now())));
  return { drain, port, stop };
}

/** A raw connection that records everything the server sends and when it ends. */
async function open(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  let data = '';
  socket.on('data', (chunk) => {
    data += chunk;
  });
  const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(data)));
  socket.on('error', () => {});
  const send = (path: string, method = 'GET') =>
    socket.write(`${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n`);
  return { socket, send, ended, data: () => data };
}

describe('createDrainableServer', () => {
  it('lets a request in flight finish, says Connection: close, then reports the server closed', async () => {
    const { drain, port, stop } = await start();
    const c = await open(port);
    c.send('/slow');
    await sleep(50);
    const closed = stop();
    expect(drain.stop(() => {})).toBe(false);
    const text = await c.ended;
    expect(text).toMatch(/^HTTP\/1.1 200/);
    expect(text).toMatch(/connection: close/i);
    expect(text).toContain('done GET /slow');
    await closed;
    expect(drain.connections).toBe(0);
  });

  it('answers a request sent, after the stop, on a connection accepted before it', async () => {
    const { port, stop } = await start();
    const c = await open(port);
    await sleep(20);
    const closed = stop();
    await sleep(100);
    c.send('/late');
    const text = await c.ended;
    expect(text).toMatch(/^HTTP\/1.1 200/);
    expect(text).toContain('done GET /late');
    await closed;
  });

  it('closes keep-alive connections idle between requests at once, and refuses new connections', async () => {
    const { port, stop } = await start();
    const c = await open(port);
    c.send('/first');
    await sleep(50);
    expect(c.data()).toContain('done GET /first');
    const t = Date.now();
    const closed = stop();
    await c.ended;
    expect(Date.now() - t).toBeLessThan(500);
    await closed;
    const refused = await new Promise<string>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => resolve('connected'));
      s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('gives a silent connection the grace period, then closes it', async () => {
    const { port, stop } = await start({ firstRequestGraceMs: 300 });
    const c = await open(port);
    await sleep(20);
    const t = Date.now();
    const closed = stop();
    expect(await c.ended).toBe('');
    expect((await closed) - t).toBeGreaterThanOrEqual(250);
  });

  it('keeps listening until no connection comes: a late GET gets 503 (retry elsewhere), a late POST is served', async () => {
    const { port, stop } = await start({ quietMs: 150 });
    const t = Date.now();
    const closed = stop();
    await sleep(50);
    const get = await open(port);
    get.send('/product');
    const post = await open(port);
    post.send('/order', 'POST');
    const [got, posted] = await Promise.all([get.ended, post.ended]);
    expect(got).toMatch(/^HTTP\/1.1 503/);
    expect(got).toMatch(/retry-after: 1/i);
    expect(got).not.toContain('done');
    expect(JSON.parse(got.slice(got.indexOf('\r\n\r\n') + 4))).toEqual({
      flag: 0,
      msg: 'This server is restarting. Please try again.',
      code: 'restarting',
    });
    expect(posted).toMatch(/^HTTP\/1.1 200/);
    expect(posted).toContain('done POST /order');
    // The last connection came at about 50 ms; the listener closed after 150 ms of quiet.
    expect((await closed) - t).toBeGreaterThanOrEqual(190);
  });

  it('closes the listener after maxListenMs even if connections keep coming', async () => {
    const { port, stop } = await start({ quietMs: 100, maxListenMs: 300 });
    const t = Date.now();
    const closed = stop();
    let refusedAt = 0;
    while (!refusedAt) {
      const outcome = await new Promise<string>((resolve) => {
        const s = connect(port, '127.0.0.1');
        s.once('connect', () => {
          s.end();
          resolve('connected');
        });
        s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
      });
      if (outcome === 'ECONNREFUSED') refusedAt = Date.now();
      else await sleep(40);
    }
    expect(refusedAt - t).toBeGreaterThanOrEqual(290);
    expect(refusedAt - t).toBeLessThan(1000);
    await closed;
  });
});

import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';

export interface DrainOptions {
  /** The listener closes once no connection has arrived for this long… */
  quietMs?: number;
  /** …or after this long at the most. */
  maxListenMs?: number;
  /** How long a connection may stay silent before its first request once the server is stopping. */
  firstRequestGraceMs?: number;
}

interface SocketState {
  /** Accepted after the stop began. */
  late: boolean;
  served: number;
  /** The latest response on this connection (HTTP/1.1 answers one request at a time). */
  current: ServerResponse | null;
}

const RETRYABLE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * An HTTP server that stops without failing a request a client or the load balancer has already sent.
 *
 * Closing a listening socket resets the connections the kernel has accepted but the process has not taken yet,
 * and a load balancer never re-sends a POST that was reset (it may have been applied). So on `stop()`:
 * - the listener stays open until no connection has arrived for `quietMs` (at most `maxListenMs`);
 * - a GET/HEAD/OPTIONS on a connection accepted after the stop gets 503 with `Connection: close`: the balancer
 *   retries it on another process (nothing was done) and, counting a failure, sends this one nothing more, so
 *   the listener soon goes quiet; any other request is served as usual;
 * - a request in flight finishes, and every response from then on says `Connection: close`;
 * - a keep-alive connection idle between requests is closed at once; one whose first request has not been read
 *   yet gets `firstRequestGraceMs` (http.Server's close() and closeIdleConnections() would drop it, losing a
 *   request already sent);
 * - `done` runs once the listener is closed and the last connection has ended.
 */
export function createDrainableServer(
  handler: RequestListener,
  { quietMs = 100, maxListenMs = 3000, firstRequestGraceMs = 1000 }: DrainOptions = {},
) {
  const sockets = new Map<Socket, SocketState>();
  let stopping = false;
  let onClosed: () => void = () => {};
  let quietTimer: NodeJS.Timeout | undefined;

  const closeIfIdle = (socket: Socket, state: SocketState) => {
    if (state.served > 0 && (state.current === null || state.current.writableFinished)) socket.destroy();
  };
  const closeIfSilent = (socket: Socket, state: SocketState) => {
    setTimeout(() => state.served === 0 && socket.destroy(), firstRequestGraceMs).unref();
  };
  /** The connection closes once this response is sent (if its headers have not gone yet, they say so). */
  const endAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.shouldKeepAlive = false;
  };
  const closeListener = () => {
    clearTimeout(quietTimer);
    // net.Server's close, not http.Server's: the latter also drops connections not yet sending.
    if (server.listening) net.Server.prototype.close.call(server, () => onClosed());
  };
  const waitForQuiet = () => {
    clearTimeout(quietTimer);
    quietTimer = setTimeout(closeListener, quietMs);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // No listener per response while serving: stop() looks at each connection's latest response instead.
    const state = sockets.get(req.socket);
    if (state) {
      state.served++;
      state.current = res;
    }
    if (!stopping) return handler(req, res);
    endAfter(res);
    if (state?.late && RETRYABLE.has(req.method ?? '')) {
      // The API's error body (app.ts): flag 0, a message for people, a code for programs.
      const body = JSON.stringify({
        flag: 0,
        msg: 'This server is restarting. Please try again.',
        code: 'restarting',
      });
      res.writeHead(503, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'retry-after': '1',
      });
      res.end(body);
      return;
    }
    return handler(req, res);
  });

  server.on('connection', (socket: Socket) => {
    const state: SocketState = { late: stopping, served: 0, current: null };
    sockets.set(socket, state);
    socket.once('close', () => sockets.delete(socket));
    if (stopping) {
      waitForQuiet();
      closeIfSilent(socket, state);
    }
  });

  return {
    server,
    /** Starts draining; `done` runs when the listener is closed and every connection has ended. False if already stopping. */
    stop(done: () => void): boolean {
      if (stopping) return false;
      stopping = true;
      onClosed = done;
      waitForQuiet();
      setTimeout(closeListener, maxListenMs).unref();
      for (const [socket, state] of sockets) {
        const res = state.current;
        if (res && !res.writableFinished) {
          // In flight: its connection closes once it is sent.
          endAfter(res);
          res.once('close', () => closeIfIdle(socket, state));
        }
        closeIfIdle(socket, state);
        if (state.served === 0) closeIfSilent(socket, state);
      }
      return true;
    },
    get connections() {
      return sockets.size;
    },
  };
}

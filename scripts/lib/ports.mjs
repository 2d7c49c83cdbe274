import { createServer } from 'node:net';

/** A TCP port that was free a moment ago (the OS picks it). Bind it soon: another process may take it. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

/** Whether nothing listens on the port (checked by binding it on all interfaces, as the servers do). */
export function isPortFree(port) {
  return new Promise((resolveFree) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolveFree(false));
    srv.listen(port, () => srv.close(() => resolveFree(true)));
  });
}

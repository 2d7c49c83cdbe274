import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { freePort, StopWaiting, sleep, waitFor } from '../support';

/**
 * Processes the fault suite starts for itself: a private MariaDB (its own data folder and loopback port, so the
 * shared server that other suites use is never touched) and the real API server. Every process is started in its
 * own process group and stopped by its own id.
 */

function exited(child: ChildProcess, timeoutMs: number): Promise<number | null | 'timeout'> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve('timeout'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(t);
      resolve(code);
    });
  });
}

/** Signals a child's whole process group (it was spawned detached), ignoring one that is already gone. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {}
}

export class PrivateMariadb {
  private child: ChildProcess | null = null;
  readonly log: string[] = [];

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  get url() {
    return `mysql://root@127.0.0.1:${this.port}`;
  }

  static available(): boolean {
    return ['mariadbd', 'mariadb-install-db'].every(
      (bin) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0,
    );
  }

  /** Creates a fresh data folder and starts the server on a free loopback port. */
  static async start(dir: string): Promise<PrivateMariadb> {
    const db = new PrivateMariadb(dir, await freePort());
    await mkdir(join(dir, 'tmp'), { recursive: true });
    const root = process.getuid?.() === 0;
    const install = spawnSync(
      'mariadb-install-db',
      [
        '--no-defaults',
        `--datadir=${join(dir, 'data')}`,
        `--tmpdir=${join(dir, 'tmp')}`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        ...(root ? ['--user=root'] : []),
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    if (install.status !== 0)
      throw new Error(`mariadb-install-db failed: ${install.stderr || install.stdout}`);
    await db.boot();
    return db;
  }

  /** Starts mariadbd on the existing data folder and waits until it answers. */
  async boot(): Promise<void> {
    const root = process.getuid?.() === 0;
    mkdirSync(join(this.dir, 'tmp'), { recursive: true });
    const child = spawn(
      'mariadbd',
      [
        '--no-defaults',
        `--datadir=${join(this.dir, 'data')}`,
        `--port=${this.port}`,
        '--bind-address=127.0.0.1',
        `--socket=${join(this.dir, 'mariadb.sock')}`,
        `--pid-file=${join(this.dir, 'mariadb.pid')}`,
        // Its own temporary folder: never the shared /tmp, where the main test server keeps its temporary tables.
        `--tmpdir=${join(this.dir, 'tmp')}`,
        '--skip-name-resolve',
        '--skip-log-bin',
        '--performance-schema=OFF',
        '--innodb-buffer-pool-size=64M',
        '--max-connections=200',
        ...(root ? ['--user=root'] : []),
      ],
      { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (d) => this.log.push(String(d)));
    child.stderr?.on('data', (d) => this.log.push(String(d)));
    this.child = child;
    await waitFor('the private MariaDB to accept connections', () => this.ping(), 30_000);
  }

  /** True when a connection and a query succeed within a second. */
  async ping(): Promise<boolean> {
    const conn = await createConnection({
      host: '127.0.0.1',
      port: this.port,
      user: 'root',
      connectTimeout: 1000,
    });
    try {
      await conn.query('SELECT 1');
      return true;
    } finally {
      await conn.end().catch(() => {});
    }
  }

  /** A crash: SIGKILL, no chance to close connections cleanly. */
  async crash(): Promise<void> {
    const child = this.child;
    if (!child) return;
    signalGroup(child, 'SIGKILL');
    await exited(child, 10_000);
    this.child = null;
  }

  /** An orderly restart's first half: SIGTERM, the server closes its connections and shuts down. */
  async shutdown(): Promise<void> {
    const child = this.child;
    if (!child) return;
    signalGroup(child, 'SIGTERM');
    if ((await exited(child, 20_000)) === 'timeout') {
      signalGroup(child, 'SIGKILL');
      await exited(child, 5_000);
    }
    this.child = null;
  }

  /** A frozen server: the process is stopped (SIGSTOP), connections stay open and nothing answers. */
  async freeze(): Promise<void> {
    const pid = this.child?.pid;
    if (!this.child || !pid) return;
    signalGroup(this.child, 'SIGSTOP');
    // The signal is delivered asynchronously: wait until the kernel reports the process stopped ('T').
    const stat = `/proc/${pid}/stat`;
    if (!existsSync(stat)) {
      await sleep(300);
      return;
    }
    await waitFor(
      'the private MariaDB to stop',
      async () => /^\d+ \(.*\) [Tt] /.test(await readFile(stat, 'utf8')),
      5_000,
      20,
    );
  }

  thaw(): void {
    if (this.child) signalGroup(this.child, 'SIGCONT');
  }

  async stop(): Promise<void> {
    this.thaw();
    await this.shutdown();
  }
}

export interface ApiProcess {
  child: ChildProcess;
  base: string;
  output: string[];
  /** Resolves with the exit code (null when killed by a signal), or 'timeout'. */
  exit(timeoutMs: number): Promise<number | null | 'timeout'>;
  kill(): Promise<void>;
}

/** Runs the real server (api/src/server.ts) as its own process, as `npm run start:api` would. */
export async function startApi(repoRoot: string, env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join('api', 'src', 'server.ts')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const base = `http://127.0.0.1:${port}`;
  const api: ApiProcess = {
    child,
    base,
    output,
    exit: (ms) => exited(child, ms),
    async kill() {
      signalGroup(child, 'SIGKILL');
      await exited(child, 5_000);
    },
  };
  try {
    await waitFor(
      'the API to become ready',
      async () => {
        if (child.exitCode !== null) throw new StopWaiting(`the API exited: ${output.join('').slice(-2000)}`);
        return (await fetch(`${base}/ready`, { signal: AbortSignal.timeout(2000) })).ok;
      },
      60_000,
      200,
    );
  } catch (e) {
    await api.kill();
    throw e;
  }
  return api;
}

export const repoHasTsx = (repoRoot: string) => existsSync(join(repoRoot, 'node_modules', 'tsx'));

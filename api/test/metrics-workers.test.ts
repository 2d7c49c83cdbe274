// Covers /metrics on the real server with two workers on one port (WEB_CONCURRENCY=2): whichever worker answers
// a scrape, it reports the whole server, every worker's requests counted once; a worker that does not answer
// (stopped) is left out after a short wait instead of failing the scrape.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SERVER, metricValue as value } from './context';
import { type ApiProcess, startApi } from './security/processes';
import { waitFor } from './support';

const REPO = resolve(import.meta.dirname, '../..');
const DB_NAME = `vc_test_metrics_${randomBytes(4).toString('hex')}`;
let api: ApiProcess;
let dir: string;

/** A scrape on a new connection: the cluster hands connections to the workers in turn. */
const scrape = async () => {
  const r = await fetch(`${api.base}/metrics`, { headers: { connection: 'close' } });
  expect(r.status).toBe(200);
  return r.text();
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vc-metrics-'));
  api = await startApi(REPO, {
    NODE_ENV: 'test',
    WEB_CONCURRENCY: '2',
    METRICS_ENABLED: 'true',
    DATABASE_URL: `${TEST_SERVER}/${DB_NAME}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    UPLOAD_DIR: join(dir, 'uploads'),
  });
}, 90_000);

afterAll(async () => {
  await api?.kill();
  const c = await createConnection(TEST_SERVER);
  await c.query(`DROP DATABASE IF EXISTS \`${DB_NAME}\``);
  await c.end();
  await rm(dir, { recursive: true, force: true });
});

describe('/metrics with two workers', () => {
  it("combines every worker's figures, whichever worker answers", async () => {
    // Both workers are up once a scrape combines two of them.
    await waitFor(
      'both workers to report',
      async () => value(await scrape(), 'voltcart_workers') === 2,
      20_000,
    );
    const series = 'voltcart_http_requests_total{method="GET",route="/health",status="200"}';
    const before = value(await scrape(), series);
    for (let i = 0; i < 20; i++) {
      const r = await fetch(`${api.base}/health`, { headers: { connection: 'close' } });
      expect(r.status).toBe(200);
    }
    // Two scrapes in a row are answered by the two workers: each sees all 20 requests, not its own share.
    for (let i = 0; i < 2; i++) {
      const text = await scrape();
      expect(value(text, series) - before).toBe(20);
      expect(value(text, 'voltcart_workers')).toBe(2);
    }
  });

  it('leaves out a worker that does not answer, and says so, instead of failing the scrape', async () => {
    const pid = api.child.pid!;
    const workers = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8'))
      .trim()
      .split(/\s+/)
      .map(Number);
    expect(workers).toHaveLength(2);
    process.kill(workers[0]!, 'SIGSTOP');
    try {
      // Connections go to the workers in turn: one of two scrapes reaches the one still running.
      const answers: string[] = [];
      for (let i = 0; i < 2 && answers.length === 0; i++) {
        const r = await fetch(`${api.base}/metrics`, {
          headers: { connection: 'close' },
          signal: AbortSignal.timeout(4_000),
        }).catch(() => null);
        if (r) {
          expect(r.status).toBe(200);
          answers.push(await r.text());
        }
      }
      expect(answers).toHaveLength(1);
      expect(value(answers[0]!, 'voltcart_workers')).toBe(1);
    } finally {
      process.kill(workers[0]!, 'SIGCONT');
    }
    await waitFor(
      'both workers to report again',
      async () => value(await scrape(), 'voltcart_workers') === 2,
      20_000,
    );
  });
});

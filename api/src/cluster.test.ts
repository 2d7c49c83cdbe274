import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConcurrencyError, webConcurrency } from './cluster';

describe('webConcurrency (WEB_CONCURRENCY)', () => {
  it.each([
    [{ NODE_ENV: 'development' }, 1],
    [{ NODE_ENV: 'test' }, 1],
    [{}, 1],
    [{ NODE_ENV: 'production' }, availableParallelism()],
    [{ NODE_ENV: 'production', WEB_CONCURRENCY: ' ' }, availableParallelism()],
    [{ NODE_ENV: 'production', WEB_CONCURRENCY: '1' }, 1],
    [{ NODE_ENV: 'development', WEB_CONCURRENCY: '3' }, 3],
    [{ WEB_CONCURRENCY: '64' }, 64],
  ])('%j gives %i worker(s)', (env, workers) => {
    expect(webConcurrency(env as NodeJS.ProcessEnv)).toBe(workers);
  });

  it.each(['0', '-1', '1.5', 'two', '65'])('refuses WEB_CONCURRENCY=%s, naming the variable', (value) => {
    expect(() => webConcurrency({ WEB_CONCURRENCY: value } as NodeJS.ProcessEnv)).toThrow(ConcurrencyError);
    expect(() => webConcurrency({ WEB_CONCURRENCY: value } as NodeJS.ProcessEnv)).toThrow(/WEB_CONCURRENCY/);
  });
});

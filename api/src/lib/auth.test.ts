import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tokens } from './auth';

const tokens = new Tokens('a-test-secret-that-is-long-enough-0123456789', { admin: '1h', customer: '2h' });

afterEach(() => {
  vi.useRealTimers();
});

describe('Tokens.verify with its cache of verified tokens', () => {
  it('accepts a token again from the cache, and refuses it once it has expired', async () => {
    const token = await tokens.sign('customer', 7, 3);
    const claims = await tokens.verify('customer', token);
    expect(claims).toMatchObject({ id: 7, ver: 3, sid: expect.stringMatching(/^[\w-]{22}$/) });
    expect(await tokens.verify('customer', token)).toEqual(claims);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 3600_000 + 1000);
    await expect(tokens.verify('customer', token)).rejects.toMatchObject({
      status: 401,
      message: 'Your session has expired. Please log in again.',
    });
    await expect(tokens.verify('customer', token)).rejects.toMatchObject({ status: 401 });
  });

  it('does not let a cached token through for the other audience', async () => {
    const token = await tokens.sign('admin', 1, 0);
    await tokens.verify('admin', token);
    await expect(tokens.verify('customer', token)).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a changed token even when the original is cached', async () => {
    const token = await tokens.sign('customer', 8, 0);
    await tokens.verify('customer', token);
    const [h, p, s] = token.split('.') as [string, string, string];
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: '9' }),
    );
    await expect(tokens.verify('customer', `${h}.${other.toString('base64url')}.${s}`)).rejects.toMatchObject(
      {
        status: 401,
      },
    );
  });
});

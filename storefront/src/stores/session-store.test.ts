import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../lib/api', async () => (await import('../testing/api-mock')).apiMock({}));

import { SESSION_KEY, TIMESTAMP_KEY, useSession } from './session-store';

const user = {
  _id: '3',
  name: 'Asha Rao',
  email: 'asha@example.in',
  shipping_address: [],
  emailVerified: true,
};

beforeEach(() => {
  localStorage.clear();
  useSession.setState({ data: null, userToken: null });
});

describe('session store', () => {
  it('stores {data, userToken} under "user" and records adminTimeStamp on set user', () => {
    const before = Date.now();
    useSession.getState().setUser(user, 'tok');
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toEqual({ data: user, userToken: 'tok' });
    expect(Number(localStorage.getItem(TIMESTAMP_KEY))).toBeGreaterThanOrEqual(before);
  });

  it('clear empties both and removes the stored entries', () => {
    useSession.getState().setUser(user, 'tok');
    useSession.getState().clear();
    expect(useSession.getState()).toMatchObject({ data: null, userToken: null });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(localStorage.getItem(TIMESTAMP_KEY)).toBeNull();
  });

  it('restores a stored session only when both user and token are there', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ data: user, userToken: 'tok' }));
    await useSession.persist.rehydrate();
    expect(useSession.getState().userToken).toBe('tok');

    useSession.setState({ data: null, userToken: null });
    localStorage.setItem(SESSION_KEY, JSON.stringify({ data: user, userToken: null }));
    await useSession.persist.rehydrate();
    expect(useSession.getState()).toMatchObject({ data: null, userToken: null });
  });

  it('updateUser refreshes the user of an open session only', () => {
    useSession.getState().updateUser(user);
    expect(useSession.getState().data).toBeNull();
    useSession.getState().setUser(user, 'tok');
    useSession.getState().updateUser({ ...user, name: 'Asha R.' });
    expect(useSession.getState().data?.name).toBe('Asha R.');
  });
});

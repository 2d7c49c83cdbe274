import { beforeEach, describe, expect, it, vi } from 'vitest';

const m = vi.hoisted(() => ({ user: { me: vi.fn() } }));
vi.mock('../lib/api', async () => (await import('../testing/api-mock')).apiMock(m));

import type { User } from '@voltcart/shared';
import { refreshUser } from './session-actions';
import { useSession } from './session-store';

const address = {
  _id: 'a1',
  adressLine1: '12 MG Road',
  adressLine2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
  contact: '',
};
const user = (addresses: (typeof address)[]): User =>
  ({ _id: 'u1', name: 'Asha', email: 'asha@example.com', shipping_address: addresses }) as unknown as User;

beforeEach(() => {
  localStorage.clear();
  m.user.me.mockReset();
  useSession.setState({ data: user([address]), userToken: 'tok' });
});

describe('refreshUser', () => {
  it('takes the account from the server', async () => {
    m.user.me.mockResolvedValue(user([]));
    expect(await refreshUser()).toBe(true);
    expect(useSession.getState().data?.shipping_address).toEqual([]);
  });

  it('does not bring back an address deleted while its request was out', async () => {
    let answer!: (u: User) => void;
    m.user.me.mockReturnValue(new Promise<User>((r) => (answer = r)));
    const refreshing = refreshUser();
    // The page deletes the address; its reply is the account without it.
    useSession.getState().updateUser(user([]));
    // The start-up refresh, sent before the delete, answers with the address still there.
    answer(user([address]));
    await refreshing;
    expect(useSession.getState().data?.shipping_address).toEqual([]);
  });
});

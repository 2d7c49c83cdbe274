import type { ApiReply, User } from '@voltcart/shared';
import type { Http } from './http';

export interface AuthReply extends ApiReply {
  user: User;
  token: string;
}

export interface AddressInput {
  adressLine1: string;
  adressLine2?: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  contact?: string;
}

/** Customer account calls. Identity comes from the token, so no user id is sent. */
export const userApi = (http: Http) => ({
  login: async (email: string, password: string): Promise<AuthReply> =>
    (await http.post<AuthReply>('/user/login', { email, password })).data,
  register: async (name: string, email: string, password: string): Promise<AuthReply> =>
    (await http.post<AuthReply>('/user/register', { name, email, password })).data,
  logout: async (): Promise<ApiReply> => (await http.post<ApiReply>('/user/logout')).data,
  me: async (): Promise<User> => (await http.get<{ user: User }>('/user/me')).data.user,
  addAddress: async (shipping_address: AddressInput): Promise<ApiReply & { user: User }> =>
    (await http.post<ApiReply & { user: User }>('/user/add-address', { shipping_address })).data,
  deleteAddress: async (addressId: string): Promise<ApiReply & { user: User }> =>
    (await http.delete<ApiReply & { user: User }>(`/user/address/${encodeURIComponent(addressId)}`)).data,
});

export type UserApi = ReturnType<typeof userApi>;

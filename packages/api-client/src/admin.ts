import type { Admin, ApiReply, DashboardMetrics, ShopSettings } from '@voltcart/shared';
import type { Http } from './http';

export interface AdminLoginReply extends ApiReply {
  admin: Admin;
  token: string;
}

export interface AdminUser {
  _id: string;
  name: string;
  email: string;
  orderCount: number;
  createdAt: string;
}

export interface AdminUserQuery {
  q?: string;
  page?: number;
  limit?: number;
}

export interface ShopSettingsInput {
  shopName?: string;
  freeShippingThreshold?: number;
}

/** Drops empty values so the query string carries only what was chosen. */
export function cleanParams<T extends object>(params: T): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = v as string | number;
  }
  return out;
}

/** Admin account, dashboard, customers and shop settings. */
export const adminApi = (http: Http) => ({
  login: async (email: string, password: string): Promise<AdminLoginReply> =>
    (await http.post<AdminLoginReply>('/admin/login', { email, password })).data,
  logout: async (): Promise<ApiReply> => (await http.post<ApiReply>('/admin/logout')).data,
  metrics: async (): Promise<DashboardMetrics> =>
    (await http.get<{ metrics: DashboardMetrics }>('/admin/metrics')).data.metrics,
  users: async (query: AdminUserQuery = {}): Promise<{ users: AdminUser[]; hasMore: boolean }> => {
    const { data } = await http.get<{ users: AdminUser[]; hasMore?: boolean }>('/admin/users', {
      params: cleanParams(query),
    });
    const limit = query.limit ?? 0;
    return { users: data.users, hasMore: data.hasMore ?? (limit > 0 && data.users.length >= limit) };
  },
  settings: async (): Promise<ShopSettings> =>
    (await http.get<{ settings: ShopSettings }>('/settings')).data.settings,
  updateSettings: async (input: ShopSettingsInput): Promise<ApiReply & { settings: ShopSettings }> =>
    (await http.put<ApiReply & { settings: ShopSettings }>('/settings', input)).data,
});

export type AdminApi = ReturnType<typeof adminApi>;

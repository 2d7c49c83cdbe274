import type { ShopSettings } from '@voltcart/shared';
import type { Http } from './http';

/** Public shop settings (shop name, free-shipping threshold, payment mode). */
export const settingsApi = (http: Http) => ({
  get: async (): Promise<ShopSettings> =>
    (await http.get<{ settings: ShopSettings }>('/settings')).data.settings,
});

export type SettingsApi = ReturnType<typeof settingsApi>;

import type { ShopSettings } from '@voltcart/shared';
import { create } from 'zustand';
import { publicApi } from '../lib/public-api';

interface SettingsState {
  settings: ShopSettings | null;
  load: () => Promise<ShopSettings | null>;
}

let inflight: Promise<ShopSettings | null> | null = null;

/** Public shop settings (GET /settings), fetched once per visit. */
export const useSettings = create<SettingsState>()((set, get) => ({
  settings: null,
  load: () => {
    if (get().settings) return Promise.resolve(get().settings);
    inflight ??= publicApi.settings
      .get()
      .then((settings) => {
        set({ settings });
        return settings;
      })
      .catch(() => {
        inflight = null;
        return null;
      });
    return inflight;
  },
}));

export const SHOP_NAME_FALLBACK = 'Voltcart';

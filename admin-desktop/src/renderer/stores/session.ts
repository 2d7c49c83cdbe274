import type { Admin } from '@voltcart/shared';
import { create } from 'zustand';
import { getBridge } from '../lib/bridge';
import { toast } from './toast';

interface SessionState {
  admin: Admin | null;
  token: string | null;
  adminTimeStamp: number | null;
  /** True once the stored session has been looked at. */
  ready: boolean;
  restore(): Promise<void>;
  set(admin: Admin, token: string): Promise<void>;
  /** Clears the admin, the token and adminTimeStamp (seed §4). */
  clear(): Promise<void>;
  /** The API refused the token (expired or revoked): back to the login screen. */
  expire(): void;
}

/**
 * The admin session (seed §4): set on login (admin, token, timestamp stored), restored only when both the
 * admin and the token are stored, cleared all together on logout. Storage is the bridge's: the OS-encrypted
 * store in the desktop app, localStorage in a browser.
 */
export const useSession = create<SessionState>((set, get) => ({
  admin: null,
  token: null,
  adminTimeStamp: null,
  ready: false,
  async restore() {
    const s = await getBridge()
      .session.load()
      .catch(() => null);
    set(
      s
        ? { admin: s.admin, token: s.token, adminTimeStamp: s.adminTimeStamp, ready: true }
        : { admin: null, token: null, adminTimeStamp: null, ready: true },
    );
  },
  async set(admin, token) {
    const adminTimeStamp = Date.now();
    await getBridge().session.save({ admin, token, adminTimeStamp });
    set({ admin, token, adminTimeStamp, ready: true });
  },
  async clear() {
    set({ admin: null, token: null, adminTimeStamp: null });
    await getBridge()
      .session.clear()
      .catch(() => {});
  },
  expire() {
    if (!get().token) return;
    void get().clear();
    toast.error('Your admin session has ended. Please log in again.');
  },
}));

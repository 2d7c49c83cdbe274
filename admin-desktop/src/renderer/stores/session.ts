import type { Admin, Permission } from '@voltcart/shared';
import { create } from 'zustand';
import type { StoredAdmin } from '../../shared/ipc-contract';
import { getBridge } from '../lib/bridge';
import { toast } from './toast';

interface SessionState {
  admin: StoredAdmin | null;
  token: string | null;
  adminTimeStamp: number | null;
  /** True once the stored session has been looked at. */
  ready: boolean;
  restore(): Promise<void>;
  set(admin: StoredAdmin, token: string): Promise<void>;
  /** Clears the admin, the token and adminTimeStamp together. */
  clear(): Promise<void>;
  /** The API refused the token (expired or revoked): back to the login screen. */
  expire(): void;
  /** The account as the API describes it now (role and permissions change while a session goes on). */
  refresh(admin: Admin): Promise<void>;
}

/**
 * The admin session: set on login (admin, token, timestamp stored), restored only when both the
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
  async refresh(admin) {
    const { token, adminTimeStamp } = get();
    if (!token || JSON.stringify(admin) === JSON.stringify(get().admin)) return;
    set({ admin });
    await getBridge()
      .session.save({ admin, token, adminTimeStamp: adminTimeStamp ?? Date.now() })
      .catch(() => {});
  },
}));

/**
 * Whether the signed-in staff member's role allows `permission` (the shared permission table, as the login reply
 * or GET /admin/me gave it): screens leave out what the role cannot do; the API refuses it anyway.
 */
export function useCan(permission: Permission): boolean {
  return useSession((s) => Boolean(s.admin?.permissions?.includes(permission)));
}

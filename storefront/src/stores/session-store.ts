import type { User } from '@voltcart/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { rawLocalStorage } from './raw-storage';

/** The storefront's localStorage keys (kept as first released, so sessions saved by earlier versions still load). */
export const SESSION_KEY = 'user';
export const TIMESTAMP_KEY = 'adminTimeStamp';

interface SessionData {
  data: User | null;
  userToken: string | null;
}

interface SessionState extends SessionData {
  /** Login or register: stores user and token and records the time. */
  setUser: (user: User, token: string) => void;
  /** A fresher copy of the same user (after /user/me, add or delete address). */
  updateUser: (user: User) => void;
  /** Logout or an expired token: clears both and removes the stored entries. */
  clear: () => void;
}

const isUser = (u: unknown): u is User =>
  !!u &&
  typeof u === 'object' &&
  typeof (u as User)._id === 'string' &&
  typeof (u as User).email === 'string';

export const useSession = create<SessionState>()(
  persist(
    (set, get) => ({
      data: null,
      userToken: null,
      setUser: (user, token) => {
        set({ data: user, userToken: token });
        try {
          window.localStorage.setItem(TIMESTAMP_KEY, String(Date.now()));
        } catch {
          // storage blocked: the session still works for this visit
        }
      },
      updateUser: (user) => {
        if (get().userToken) set({ data: user });
      },
      clear: () => {
        set({ data: null, userToken: null });
        useSession.persist.clearStorage();
        try {
          window.localStorage.removeItem(TIMESTAMP_KEY);
        } catch {
          // ignore
        }
      },
    }),
    {
      name: SESSION_KEY,
      storage: rawLocalStorage<SessionData>(),
      partialize: (s) => ({ data: s.data, userToken: s.userToken }),
      // A stored session is restored only when both the user and the token are there.
      merge: (persisted, current) => {
        const p = persisted as Partial<SessionData> | null;
        if (p && isUser(p.data) && typeof p.userToken === 'string' && p.userToken) {
          return { ...current, data: p.data, userToken: p.userToken };
        }
        return current;
      },
    },
  ),
);

export const isLoggedIn = () => Boolean(useSession.getState().userToken);

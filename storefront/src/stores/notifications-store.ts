import { create } from 'zustand';

type NoteKind = 'success' | 'error' | 'info';

interface Note {
  id: number;
  kind: NoteKind;
  msg: string;
}

/** Notifications close themselves after this long (the back office's toasts wait as long). */
export const AUTO_CLOSE_MS = 5000;

interface NotificationsState {
  notes: Note[];
  notify: (kind: NoteKind, msg: string) => void;
  /** A server reply `{flag, msg}`: success when flag is 1, failure otherwise (docs/api.md, Conventions). */
  notifyReply: (reply: { flag?: number; msg?: string }) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useNotifications = create<NotificationsState>()((set, get) => ({
  notes: [],
  notify: (kind, msg) => {
    // The same message twice replaces the first one (and restarts its timer) instead of stacking.
    const same = get().notes.find((n) => n.msg === msg);
    if (same) get().dismiss(same.id);
    const id = nextId++;
    set((s) => ({ notes: [...s.notes, { id, kind, msg }].slice(-4) }));
    timers.set(
      id,
      setTimeout(() => get().dismiss(id), AUTO_CLOSE_MS),
    );
  },
  notifyReply: (reply) => {
    if (!reply.msg) return;
    get().notify(reply.flag === 1 ? 'success' : 'error', reply.msg);
  },
  dismiss: (id) => {
    const t = timers.get(id);
    if (t) clearTimeout(t);
    timers.delete(id);
    set((s) => ({ notes: s.notes.filter((n) => n.id !== id) }));
  },
}));

/** Shorthand usable outside React. */
export const notify = {
  success: (msg: string) => useNotifications.getState().notify('success', msg),
  error: (msg: string) => useNotifications.getState().notify('error', msg),
  info: (msg: string) => useNotifications.getState().notify('info', msg),
};

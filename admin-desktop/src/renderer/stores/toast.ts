import { create } from 'zustand';

type ToastKind = 'success' | 'error' | 'info';

interface Toast {
  id: number;
  kind: ToastKind;
  msg: string;
}

interface ToastState {
  toasts: Toast[];
  push(kind: ToastKind, msg: string): void;
  dismiss(id: number): void;
}

/** Notifications close by themselves after 5 s (as the storefront's do). */
const TOAST_MS = 5000;
let next = 1;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  push(kind, msg) {
    const id = next++;
    // The newest few are enough: a burst of messages must not cover the screen.
    set({ toasts: [...get().toasts.slice(-2), { id, kind, msg }] });
    setTimeout(() => get().dismiss(id), TOAST_MS);
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

export const toast = {
  success: (msg: string) => useToasts.getState().push('success', msg),
  error: (msg: string) => useToasts.getState().push('error', msg),
  info: (msg: string) => useToasts.getState().push('info', msg),
  /** A server reply's msg is a success notification when flag is 1, a failure otherwise (docs/api.md). */
  reply: (reply: { flag?: number; msg?: string }, fallback = 'Done.') =>
    useToasts.getState().push(reply.flag === 1 ? 'success' : 'error', reply.msg || fallback),
};

import { create } from 'zustand';

export interface DialogSpec {
  title: string;
  text?: string;
  icon?: 'warning' | 'success' | 'info';
  confirmText: string;
  cancelText?: string;
  danger?: boolean;
}

interface DialogState {
  /** The dialog on screen; `id` tells one dialog from the next. */
  current: (DialogSpec & { id: number; resolve: (ok: boolean) => void }) | null;
  open(spec: DialogSpec): Promise<boolean>;
  close(ok: boolean): void;
}

let nextId = 1;

/** One modal dialog at a time, awaited like a SweetAlert dialog (the back office's first dialogs were SweetAlert). */
export const useDialog = create<DialogState>((set, get) => ({
  current: null,
  open(spec) {
    get().current?.resolve(false);
    const id = nextId++;
    return new Promise<boolean>((resolve) => set({ current: { ...spec, id, resolve } }));
  },
  close(ok) {
    const c = get().current;
    set({ current: null });
    c?.resolve(ok);
  },
}));

/**
 * Asked before a step staff should think twice about (blocking, a new password, a refund): a warning, the step
 * named on its button, and Cancel to leave things as they are.
 */
export const confirmWarning = (spec: Omit<DialogSpec, 'icon' | 'cancelText'>) =>
  useDialog.getState().open({ ...spec, icon: 'warning', cancelText: 'Cancel' });

export const DELETE_TEXTS = {
  title: 'Are you sure?',
  text: "You won't be able to revert this!",
  confirm: 'Yes, delete it!',
  cancel: 'Cancel',
  done: 'Deleted!',
  category: 'Your category has been deleted.',
  color: 'Your file has been deleted.',
  product: 'Your product has been deleted.',
  image: 'Your file has been deleted.',
} as const;

/** Every delete asks first: a delete cannot be undone. */
export const confirmDelete = () =>
  useDialog.getState().open({
    title: DELETE_TEXTS.title,
    text: DELETE_TEXTS.text,
    icon: 'warning',
    confirmText: DELETE_TEXTS.confirm,
    cancelText: DELETE_TEXTS.cancel,
    danger: true,
  });

/** After a delete, 'Deleted!' with the item's text, so staff see what went. */
export const showDeleted = (text: string) =>
  useDialog.getState().open({ title: DELETE_TEXTS.done, text, icon: 'success', confirmText: 'OK' });

const LEAVE_TEXTS = {
  title: 'Leave this page?',
  text: 'Your changes have not been saved.',
  confirm: 'Leave without saving',
  cancel: 'Stay on this page',
} as const;

/** Asked before leaving a form with unsaved changes; the safe answer (stay) has the focus. */
export const confirmLeave = () =>
  useDialog.getState().open({
    title: LEAVE_TEXTS.title,
    text: LEAVE_TEXTS.text,
    icon: 'warning',
    confirmText: LEAVE_TEXTS.confirm,
    cancelText: LEAVE_TEXTS.cancel,
    danger: true,
  });

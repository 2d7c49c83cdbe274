import { type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useToasts } from '../stores/toast';

/**
 * The modal dialog on top, if one is open. The browser makes everything outside an open modal dialog inert and
 * dims it, so notifications shown meanwhile go inside it, where they can be read and dismissed.
 */
function useTopDialog(): HTMLDialogElement | null {
  const [top, setTop] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    const find = () => {
      const open = [...document.querySelectorAll<HTMLDialogElement>('dialog:modal')];
      // A question asked over a popup is the one holding the focus.
      setTop(open.find((d) => d.contains(document.activeElement)) ?? open.at(-1) ?? null);
    };
    const watch = new MutationObserver(find);
    watch.observe(document.body, { subtree: true, childList: true, attributeFilter: ['open'] });
    find();
    return () => watch.disconnect();
  }, []);
  return top;
}

/** Notifications, top-right, clear of each screen's main buttons (styles.css, page header). */
export function Toaster() {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  const dialog = useTopDialog();
  const list: ReactNode = (
    <div className="toasts">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast-dot" aria-hidden="true" />
          <span className="toast-msg">{t.msg}</span>
          <button className="icon-btn" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
  return dialog ? createPortal(list, dialog) : list;
}

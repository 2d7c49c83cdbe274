import { useEffect, useRef } from 'react';
import { useDialog } from '../stores/dialog';

const ICONS = { warning: '!', success: '✓', info: 'i' } as const;

/**
 * Renders the current confirmation / result dialog (SweetAlert-style, as in the seed: a modal `dialog`
 * named by its title, confirm button first, focus on it).
 */
export function DialogHost() {
  const current = useDialog((s) => s.current);
  const close = useDialog((s) => s.close);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!current) return;
    confirmRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, close]);
  if (!current) return null;
  return (
    <div className="backdrop">
      <div
        className="alert-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="dlg-title"
        aria-describedby="dlg-text"
      >
        {current.icon && <div className={`alert-icon alert-icon-${current.icon}`}>{ICONS[current.icon]}</div>}
        <h2 id="dlg-title">{current.title}</h2>
        {current.text && <p id="dlg-text">{current.text}</p>}
        <div className="alert-actions">
          <button
            ref={confirmRef}
            className={current.danger ? 'btn btn-danger' : 'btn btn-primary'}
            onClick={() => close(true)}
          >
            {current.confirmText}
          </button>
          {current.cancelText && (
            <button className="btn btn-ghost" onClick={() => close(false)}>
              {current.cancelText}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

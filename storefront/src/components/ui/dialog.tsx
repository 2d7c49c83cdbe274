import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from './icons';

interface DialogProps {
  title: string;
  children: ReactNode;
  /** Escape, the close button and a click on the backdrop call this. */
  onDismiss: () => void;
  footer?: ReactNode;
  /** Extra class for the panel. */
  className?: string;
}

/**
 * A modal dialog: focus moves into it and is kept there, Escape closes it, focus returns to the
 * element that opened it. Rendered in place (no portal) so it works in tests and without extra code.
 */
export function Dialog({ title, children, onDismiss, footer, className }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first =
      panel.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel.current?.querySelector<HTMLElement>('button, [href], input');
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        dismiss.current();
      } else if (e.key === 'Tab' && panel.current) {
        const focusable = [
          ...panel.current.querySelectorAll<HTMLElement>(
            'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
          ),
        ];
        if (focusable.length === 0) return;
        const firstEl = focusable[0]!;
        const lastEl = focusable[focusable.length - 1]!;
        if (e.shiftKey && document.activeElement === firstEl) {
          e.preventDefault();
          lastEl.focus();
        } else if (!e.shiftKey && document.activeElement === lastEl) {
          e.preventDefault();
          firstEl.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('has-modal');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('has-modal');
      opener?.focus?.();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click is a mouse shortcut; Escape and the Close button cover the keyboard
    <div
      className="modal"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onDismiss();
      }}
    >
      <div
        ref={panel}
        className={`modal__panel ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="icon-btn" aria-label="Close" onClick={onDismiss}>
            <CloseIcon />
          </button>
        </div>
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__foot">{footer}</div>}
      </div>
    </div>
  );
}

interface ConfirmProps {
  onConfirm: () => void;
  onCancel: () => void;
}

/** The delete confirmation, asked before anything is deleted: 'Are you sure?' / "You won't be able to revert this!". */
export function ConfirmDeleteDialog({ onConfirm, onCancel }: ConfirmProps) {
  return (
    <Dialog
      title="Are you sure?"
      onDismiss={onCancel}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn--danger" onClick={onConfirm} data-autofocus>
            Yes, delete it!
          </button>
        </>
      }
    >
      <p>You won't be able to revert this!</p>
    </Dialog>
  );
}

import { useRef } from 'react';
import { useModalDialog } from '../lib/modal-dialog';
import { type DialogSpec, useDialog } from '../stores/dialog';
import './dialog.css';

const ICONS = { warning: '!', success: '✓', info: 'i' } as const;

/**
 * Renders the current confirmation / result dialog (SweetAlert-style, as staff knew it: a modal `dialog` named
 * by its title, confirm button first).
 */
export function DialogHost() {
  const current = useDialog((s) => s.current);
  const close = useDialog((s) => s.close);
  if (!current) return null;
  // A new dialog is a new element: focus moves into each one as it opens.
  return <AlertDialog key={current.id} spec={current} close={close} />;
}

/**
 * One dialog, modal for the keyboard too (Tab stays inside, Escape answers no). Focus starts on the safe
 * answer: Cancel when there is one (Enter on a delete question must not delete), else the only button.
 */
function AlertDialog(props: { spec: DialogSpec; close: (ok: boolean) => void }) {
  const { spec, close } = props;
  const box = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useModalDialog(box, spec.cancelText ? cancelRef : confirmRef);
  return (
    <dialog
      ref={box}
      className="alert-dialog"
      // The implicit role and modality, spelled out for what finds dialogs by these attributes.
      // biome-ignore lint/a11y/noRedundantRoles: see above
      role="dialog"
      aria-modal="true"
      aria-labelledby="dlg-title"
      aria-describedby={spec.text ? 'dlg-text' : undefined}
      tabIndex={-1}
      onCancel={(e) => {
        e.preventDefault();
        close(false);
      }}
    >
      {spec.icon && (
        <div className={`alert-icon alert-icon-${spec.icon}`} aria-hidden="true">
          {ICONS[spec.icon]}
        </div>
      )}
      <h2 id="dlg-title">{spec.title}</h2>
      {spec.text && <p id="dlg-text">{spec.text}</p>}
      <div className="alert-actions">
        <button
          ref={confirmRef}
          type="button"
          className={spec.danger ? 'btn btn-danger' : 'btn btn-primary'}
          onClick={() => close(true)}
        >
          {spec.confirmText}
        </button>
        {spec.cancelText && (
          <button ref={cancelRef} type="button" className="btn btn-ghost" onClick={() => close(false)}>
            {spec.cancelText}
          </button>
        )}
      </div>
    </dialog>
  );
}

import { type ReactNode, useId, useRef } from 'react';
import { useModalDialog } from '../lib/modal-dialog';
import './dialog.css';

/**
 * A modal dialog: the backdrop, Escape and the × button close it; focus moves into it, stays inside while Tab
 * cycles (it never reaches the page behind), and goes back afterwards (the browser's modal `<dialog>`).
 */
export function Modal(props: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const titleId = useId();
  const box = useRef<HTMLDialogElement>(null);
  const { onClose } = props;
  useModalDialog(box);
  return (
    <dialog
      ref={box}
      className={`modal${props.wide ? ' modal-wide' : ''}`}
      // The implicit role and modality, spelled out for what finds dialogs by these attributes.
      // biome-ignore lint/a11y/noRedundantRoles: see above
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      // A press on the dimmed area around the box (the dialog's ::backdrop) closes it too.
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="modal-head">
        <h2 id={titleId}>{props.title}</h2>
        <button className="icon-btn" aria-label="Close" title="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="modal-body">{props.children}</div>
      {props.footer && <div className="modal-foot">{props.footer}</div>}
    </dialog>
  );
}

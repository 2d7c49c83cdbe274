import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useFocusTrap } from '../lib/focus-trap';

/**
 * A modal dialog: backdrop, Escape and the × button close it; focus moves into it, stays inside while Tab
 * cycles (it never reaches the page behind), and goes back afterwards.
 */
export function Modal(props: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const { onClose } = props;
  useFocusTrap(box, { onEscape: onClose });
  useEffect(() => {
    // A press on the dimmed area around the dialog closes it too.
    const onDown = (e: MouseEvent) => {
      if (e.target === backdrop.current) onClose();
    };
    window.addEventListener('mousedown', onDown);
    return () => window.removeEventListener('mousedown', onDown);
  }, [onClose]);
  return (
    <div className="backdrop" ref={backdrop}>
      <div
        className={`modal${props.wide ? ' modal-wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={box}
      >
        <div className="modal-head">
          <h2 id={titleId}>{props.title}</h2>
          <button className="icon-btn" aria-label="Close" title="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="modal-body">{props.children}</div>
        {props.footer && <div className="modal-foot">{props.footer}</div>}
      </div>
    </div>
  );
}

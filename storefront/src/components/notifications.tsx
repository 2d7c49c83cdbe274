import { useNotifications } from '../stores/notifications-store';
import { CheckIcon, CloseIcon } from './ui/icons';

/** Notifications, top-right; each closes itself after 5 s (AUTO_CLOSE_MS) or on its close button. */
export function Notifications() {
  const notes = useNotifications((s) => s.notes);
  const dismiss = useNotifications((s) => s.dismiss);
  return (
    <div className="toasts" aria-live="polite">
      {notes.map((n) => (
        <div key={n.id} className={`toast toast--${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast__icon" aria-hidden="true">
            {n.kind === 'error' ? '!' : <CheckIcon size={16} />}
          </span>
          <p className="toast__msg">{n.msg}</p>
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss notification"
            onClick={() => dismiss(n.id)}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}

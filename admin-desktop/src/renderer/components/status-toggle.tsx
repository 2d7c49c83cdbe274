import { useState } from 'react';

/**
 * A clickable on/off switch showing its state in words (Active/Inactive, In Stock/Out of Stock, Yes/No).
 * Disabled while the request runs, so a double click cannot toggle twice.
 */
export function StatusToggle(props: {
  on: boolean;
  onLabel: string;
  offLabel: string;
  onToggle: () => Promise<void>;
  title?: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={`toggle ${props.on ? 'toggle-on' : 'toggle-off'}`}
      aria-pressed={props.on}
      title={props.title}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await props.onToggle();
        } finally {
          setBusy(false);
        }
      }}
    >
      <span className="toggle-track" aria-hidden="true">
        <span className="toggle-knob" />
      </span>
      {props.on ? props.onLabel : props.offLabel}
    </button>
  );
}

import { useId, useState } from 'react';

/**
 * A clickable on/off switch showing its state in words (Active/Inactive, In Stock/Out of Stock, Yes/No).
 * Disabled while the request runs, so a double click cannot toggle twice.
 * - `caption`: a visible word before it saying what it switches (e.g. "Switch" next to a stock badge), also
 *   its accessible description; the button's name stays its state
 */
export function StatusToggle(props: {
  on: boolean;
  onLabel: string;
  offLabel: string;
  onToggle: () => Promise<void>;
  title?: string;
  caption?: string;
}) {
  const [busy, setBusy] = useState(false);
  const captionId = useId();
  const button = (
    <button
      type="button"
      className={`toggle ${props.on ? 'toggle-on' : 'toggle-off'}`}
      aria-pressed={props.on}
      aria-describedby={props.caption ? captionId : undefined}
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
  if (!props.caption) return button;
  return (
    <span className="toggle-captioned">
      <span className="toggle-caption" id={captionId}>
        {props.caption}
      </span>
      {button}
    </span>
  );
}

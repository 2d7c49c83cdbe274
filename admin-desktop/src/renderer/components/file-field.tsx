import { errorMessage } from '@voltcart/api-client/http';
import { useEffect, useId, useMemo, useState } from 'react';
import { formatBytes } from '../../shared/image-type';
import { MAX_PICK_TOTAL_BYTES } from '../../shared/ipc-contract';
import { getBridge } from '../lib/bridge';
import { toast } from '../stores/toast';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/** Said when a pick went past MAX_PICK_TOTAL_BYTES: how many images were taken and how many were not. */
function leftOutMessage(taken: number, leftOut: number): string {
  const all = taken + leftOut;
  return `${leftOut} of the ${all} chosen images ${leftOut === 1 ? 'was' : 'were'} left out: together they come to more than ${Math.round(MAX_PICK_TOTAL_BYTES / 2 ** 20)} MB. Add ${leftOut === 1 ? 'it' : 'them'} in another round.`;
}

/**
 * An image picker field. In the desktop app it opens the native file dialog through the bridge; in a browser
 * it is a plain file input (so keyboard, drag-and-drop and test tools work as usual). Shows previews.
 */
export function FileField(props: {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  multiple?: boolean;
  hint?: string;
  name?: string;
}) {
  const id = useId();
  const bridge = getBridge();
  const [busy, setBusy] = useState(false);
  const previews = useMemo(() => props.files.map((f) => URL.createObjectURL(f)), [props.files]);
  useEffect(
    () => () => {
      for (const u of previews) URL.revokeObjectURL(u);
    },
    [previews],
  );

  const pickNative = async () => {
    setBusy(true);
    try {
      const { images, leftOut } = await bridge.files.pickImages({ multiple: Boolean(props.multiple) });
      if (images.length) {
        props.onChange(
          images.map((p) => new File([p.bytes as Uint8Array<ArrayBuffer>], p.name, { type: p.type })),
        );
      }
      if (leftOut > 0) toast.error(leftOutMessage(images.length, leftOut));
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      {bridge.kind === 'electron' ? (
        <div className="file-native">
          <button id={id} type="button" className="btn btn-ghost" onClick={pickNative} disabled={busy}>
            {props.multiple ? 'Choose images…' : 'Choose image…'}
          </button>
          <span className="muted">
            {props.files.length ? props.files.map((f) => f.name).join(', ') : 'No file chosen'}
          </span>
        </div>
      ) : (
        <input
          id={id}
          name={props.name}
          type="file"
          accept={ACCEPT}
          multiple={props.multiple}
          onChange={(e) => props.onChange([...(e.target.files ?? [])])}
        />
      )}
      {props.hint && <span className="hint">{props.hint}</span>}
      {props.files.length > 0 && (
        <div className="previews">
          {props.files.map((f, i) => (
            <figure key={`${f.name}-${i}`} className="preview">
              <img src={previews[i]} alt={f.name} />
              <figcaption title={f.name}>
                {f.name} · {formatBytes(f.size)}
              </figcaption>
            </figure>
          ))}
        </div>
      )}
    </div>
  );
}

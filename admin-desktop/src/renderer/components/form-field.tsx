import type { ReactNode } from 'react';

/**
 * One row of a back-office form: the label, the control it names (the child whose id is `id`) and a hint.
 * - the hint's id is `<id>-hint`: the control points at it with `aria-describedby` itself, so that a row
 *   without a hint, or a control described by more than its hint, says so where the control is written
 */
export function FormField(props: { id: string; label: ReactNode; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
      {props.hint && (
        <span className="hint" id={`${props.id}-hint`}>
          {props.hint}
        </span>
      )}
    </div>
  );
}

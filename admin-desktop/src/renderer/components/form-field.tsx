import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

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

/**
 * A FormField whose control is a text box bound to a string: the box gets the field's id and every other
 * attribute given (type, limits, aria-describedby…), and `onValue` gets what is typed.
 */
export function TextField({
  label,
  hint,
  onValue,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  onValue: (value: string) => void;
}) {
  return (
    <FormField id={input.id} label={label} hint={hint}>
      <input {...input} onChange={(e) => onValue(e.target.value)} />
    </FormField>
  );
}

/** TextField's twin for text of several lines. */
export function TextAreaField({
  label,
  hint,
  onValue,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  onValue: (value: string) => void;
}) {
  return (
    <FormField id={textarea.id} label={label} hint={hint}>
      <textarea {...textarea} onChange={(e) => onValue(e.target.value)} />
    </FormField>
  );
}

/**
 * A form's row of buttons: the submit button first (disabled while the form is being sent, when it then says
 * `busyLabel`), Cancel when the form can be left without sending, then the form's own buttons.
 */
export function FormActions(props: {
  label: ReactNode;
  busy: boolean;
  busyLabel?: ReactNode;
  /** Disabled for another reason than sending (nothing loaded yet). */
  disabled?: boolean;
  danger?: boolean;
  /** Stays in view at the bottom of a long form. */
  sticky?: boolean;
  onCancel?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className={props.sticky ? 'form-actions sticky-actions' : 'form-actions'}>
      <button
        type="submit"
        className={props.danger ? 'btn btn-danger' : 'btn btn-primary'}
        disabled={props.busy || props.disabled}
      >
        {props.busy && props.busyLabel ? props.busyLabel : props.label}
      </button>
      {props.onCancel && (
        <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
          Cancel
        </button>
      )}
      {props.children}
    </div>
  );
}

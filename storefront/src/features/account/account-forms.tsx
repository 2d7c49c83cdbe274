import { errorMessage } from '@voltcart/api-client/errors';
import { AUTH_MESSAGES, PASSWORD_MIN } from '@voltcart/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import './account.css';

/**
 * The small forms of the account pages (forgot password, sign-in code, reset, e-mail links, profile edits): one
 * field list, one button, the failure shown in words under the form and the result in place of the form.
 */
export function useSubmit<T>(run: () => Promise<T>, onDone?: (result: T) => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const result = await run();
      onDone?.(result);
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, setProblem, submit };
}

export function Field(props: {
  label: string;
  name: string;
  type?: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email';
  maxLength?: number;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
      />
      {props.hint && (
        <small id={`${id}-hint`} className="muted">
          {props.hint}
        </small>
      )}
    </div>
  );
}

/** The e-mail address a form asks for (sign-in code, forgot password, a new address on the profile). */
export function EmailField({
  label = 'Email',
  value,
  onChange,
}: {
  label?: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <Field
      label={label}
      name="email"
      type="email"
      autoComplete="email"
      value={value}
      onChange={onChange}
      maxLength={254}
    />
  );
}

/** A new password typed twice; `names` are the inputs' form names. */
export function NewPasswordFields(props: {
  names: { password: string; confirm: string };
  password: string;
  onPassword: (v: string) => void;
  confirm: string;
  onConfirm: (v: string) => void;
}) {
  return (
    <>
      <Field
        label="New password"
        name={props.names.password}
        type="password"
        autoComplete="new-password"
        value={props.password}
        onChange={props.onPassword}
        hint={`At least ${PASSWORD_MIN} characters`}
      />
      <Field
        label="Confirm Password"
        name={props.names.confirm}
        type="password"
        autoComplete="new-password"
        value={props.confirm}
        onChange={props.onConfirm}
      />
    </>
  );
}

/** Why a new password typed twice cannot be sent yet (too short, or the two differ), or null. */
export function newPasswordProblem(password: string, confirm: string): string | null {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (password !== confirm) return AUTH_MESSAGES.mismatch;
  return null;
}

export function FormProblem({ problem }: { problem: string | null }) {
  return problem ? (
    <p className="auth__problem" role="alert">
      {problem}
    </p>
  ) : null;
}

/** The form's button; full width on the account cards, its own width among the profile's edits. */
export function SubmitButton({
  busy,
  block = true,
  children,
}: {
  busy: boolean;
  block?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={block ? 'btn btn--primary btn--block' : 'btn btn--primary'}
      disabled={busy}
      aria-busy={busy}
    >
      {children}
    </button>
  );
}

/** The card every account page sits in. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container auth">
      <div className="auth__card card">
        <h1 className="page-title">{title}</h1>
        {intro && <p className="muted">{intro}</p>}
        {children}
      </div>
    </div>
  );
}

export function Done({ children }: { children: ReactNode }) {
  return (
    <p className="auth__done" role="status">
      {children}
    </p>
  );
}

import { errorMessage } from '@voltcart/api-client/errors';
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

export function FormProblem({ problem }: { problem: string | null }) {
  return problem ? (
    <p className="auth__problem" role="alert">
      {problem}
    </p>
  ) : null;
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn--primary btn--block" disabled={busy} aria-busy={busy}>
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

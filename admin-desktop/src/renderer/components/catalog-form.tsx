import { slugify } from '@voltcart/shared';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A form's failure (the check before sending, or the API's message). */
export function FormError(props: { error?: string | null }) {
  return props.error ? (
    <div className="form-error" role="alert">
      {props.error}
    </div>
  ) : null;
}

/** The category and colour forms: one panel, the error on top, the submit button and Go Back. */
export function CatalogForm(props: {
  onSubmit: (e: FormEvent) => void;
  error: string | null;
  busy: boolean;
  submitLabel: string;
  backTo: string;
  children: ReactNode;
}) {
  return (
    <form className="panel form" onSubmit={props.onSubmit} noValidate>
      <FormError error={props.error} />
      {props.children}
      <div className="form-actions">
        <button className="btn btn-primary" type="submit" disabled={props.busy}>
          {props.submitLabel}
        </button>
        <Link to={props.backTo} className="btn btn-ghost">
          Go Back
        </Link>
      </div>
    </form>
  );
}

/** The name field and the read-only slug made from it (slugify: the API derives the same). */
export function NameSlugFields(props: {
  /** Prefix of the inputs' ids: `<prefix>-name`, `<prefix>-slug`. */
  idPrefix: string;
  label: string;
  placeholder: string;
  name: string;
  onName: (name: string) => void;
}) {
  return (
    <>
      <div className="field">
        <label className="field-label" htmlFor={`${props.idPrefix}-name`}>
          {props.label}
        </label>
        <input
          id={`${props.idPrefix}-name`}
          name="name"
          value={props.name}
          onChange={(e) => props.onName(e.target.value)}
          placeholder={props.placeholder}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${props.idPrefix}-slug`}>
          Slug
        </label>
        <input
          id={`${props.idPrefix}-slug`}
          name="slug"
          value={slugify(props.name)}
          readOnly
          className="readonly"
        />
        <span className="hint">Made from the name automatically.</span>
      </div>
    </>
  );
}

import type { FormEvent, ReactNode } from 'react';

/**
 * A form in its own panel, named by its heading: the heading's id (`titleId`) labels the form, so screen readers
 * announce the form by it. The form checks its fields itself (noValidate): its message says what is wrong.
 */
export function PanelForm(props: {
  titleId: string;
  title: ReactNode;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form className="panel form" onSubmit={props.onSubmit} noValidate aria-labelledby={props.titleId}>
      <h2 id={props.titleId}>{props.title}</h2>
      {props.children}
    </form>
  );
}

import type { Dispatch, SetStateAction } from 'react';

/** The fields of a form's state that a text box edits as typed (strings, or strings left out). */
export type TextKey<F> = {
  [K in keyof F]-?: F[K] extends string | undefined ? K : never;
}[keyof F];

/**
 * Binds a form's text fields to TextField / TextAreaField: `{...field('name')}` shows the field (empty when
 * left out) and puts what is typed back into the form's state, leaving the other fields as they are.
 */
export function textFields<F>(form: F, setForm: Dispatch<SetStateAction<F>>) {
  return (k: TextKey<F>) => ({
    value: (form[k] ?? '') as string,
    onValue: (v: string) => setForm((s) => ({ ...s, [k]: v })),
  });
}

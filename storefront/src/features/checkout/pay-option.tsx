import type { ReactNode } from 'react';

/**
 * One choice of the checkout's "Payment method" (cash on delivery, online): a radio of the `payment_mode` group,
 * marked active when chosen, its name in bold and `children` (the note under it) after.
 */
export function PayOption<M extends string>({
  value,
  mode,
  onChoose,
  disabled,
  title,
  children,
}: {
  value: M;
  mode: string;
  onChoose: (value: M) => void;
  disabled?: boolean;
  title: string;
  children: ReactNode;
}) {
  const on = mode === value;
  return (
    <label className={`pay-option ${on ? 'is-active' : ''}`}>
      <input
        type="radio"
        name="payment_mode"
        value={value}
        checked={on}
        onChange={() => onChoose(value)}
        disabled={disabled}
      />
      <span>
        <strong>{title}</strong>
        {children}
      </span>
    </label>
  );
}

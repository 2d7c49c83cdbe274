import { MinusIcon, PlusIcon } from './icons';

interface Props {
  value: number;
  onChange: (next: number) => void;
  /** What is being counted, for screen readers (e.g. the product name). */
  label: string;
  min?: number;
  max?: number;
  disabled?: boolean;
}

/** − value + ; the value never goes below `min` (1 by default: removing a line is its own button). */
export function QuantityStepper({ value, onChange, label, min = 1, max = 99, disabled }: Props) {
  return (
    <fieldset className="stepper">
      <legend className="visually-hidden">Quantity of {label}</legend>
      <button
        type="button"
        className="stepper__btn"
        aria-label="Decrease quantity"
        onClick={() => onChange(Math.max(min, value - 1))}
        disabled={disabled || value <= min}
      >
        <MinusIcon size={16} />
      </button>
      <output className="stepper__value" aria-live="polite" aria-label="Quantity">
        {value}
      </output>
      <button
        type="button"
        className="stepper__btn"
        aria-label="Increase quantity"
        onClick={() => onChange(Math.min(max, value + 1))}
        disabled={disabled || value >= max}
      >
        <PlusIcon size={16} />
      </button>
    </fieldset>
  );
}

import { ADDRESS_FIELD_LABELS, type AddressField, GST_STATES, gstState } from '@voltcart/shared';
import { useEffect, useId } from 'react';

/** The form's text, one value per address field. */
export type AddressValues = Record<AddressField, string>;

/** The sentence shown next to each field that is not right (see addressProblems). */
export type AddressErrors = Partial<Record<AddressField, string>>;

export const EMPTY_ADDRESS: AddressValues = {
  name: '',
  adressLine1: '',
  adressLine2: '',
  landmark: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
  contact: '',
};

/** The states and union territories of India, by name: the state is chosen from them, never typed. */
const STATES = Object.keys(GST_STATES).sort((a, b) => a.localeCompare(b));

/** A saved or typed state as the list names it ('KA', ' karnataka ' → 'Karnataka'); '' when it is none. */
const stateName = (value: string) => gstState(value)?.name ?? '';

/** Field names keep the API's spelling (`adressLine1`, as first released), which is what the API expects. */
const FIELDS: {
  name: AddressField;
  autoComplete: string;
  type?: string;
  inputMode?: 'numeric' | 'tel';
  wide?: boolean;
}[] = [
  { name: 'name', autoComplete: 'name', wide: true },
  { name: 'adressLine1', autoComplete: 'address-line1', wide: true },
  { name: 'adressLine2', autoComplete: 'address-line2', wide: true },
  { name: 'landmark', autoComplete: 'off', wide: true },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'state', autoComplete: 'address-level1' },
  { name: 'postalCode', autoComplete: 'postal-code', inputMode: 'numeric' },
  { name: 'country', autoComplete: 'country-name' },
  { name: 'contact', autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
];

interface Props {
  values: AddressValues;
  onChange: (name: keyof AddressValues, value: string) => void;
  /** Fields that must be filled (marked with * and `aria-required`). */
  required: readonly (keyof AddressValues)[];
  disabled?: boolean;
  /** What is wrong with each field, shown under it (and announced with it). */
  errors?: AddressErrors;
  /** Changed by the form on each refused submit: the first field with an error gets the focus. */
  focusRequest?: number;
}

/**
 * The address fields of the checkout and the add-address form, with the shop's labels. A field with an
 * error is marked invalid, its message is shown under it and read with it (aria-describedby).
 */
export function AddressFields({
  values,
  onChange,
  required,
  disabled,
  errors = {},
  focusRequest = 0,
}: Props) {
  const prefix = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new request only, not every change of the errors
  useEffect(() => {
    if (!focusRequest) return;
    const first = FIELDS.find((f) => errors[f.name]);
    if (first) document.getElementById(`${prefix}-${first.name}`)?.focus();
  }, [focusRequest]);
  return (
    <div className="form-grid">
      {FIELDS.map((f) => {
        const id = `${prefix}-${f.name}`;
        const label = ADDRESS_FIELD_LABELS[f.name];
        const isRequired = required.includes(f.name);
        const error = errors[f.name];
        return (
          <div key={f.name} className={`field ${f.wide ? 'field--wide' : ''}`}>
            <label htmlFor={id}>
              {label}
              {isRequired ? (
                <span aria-hidden="true" className="field__req">
                  {' '}
                  *
                </span>
              ) : (
                <span className="field__opt"> (optional)</span>
              )}
            </label>
            {f.name === 'state' ? (
              <select
                id={id}
                name={f.name}
                autoComplete={f.autoComplete}
                value={stateName(values.state)}
                onChange={(e) => onChange(f.name, e.target.value)}
                disabled={disabled}
                aria-required={isRequired}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              >
                <option value="">Choose a state or union territory</option>
                {STATES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                name={f.name}
                type={f.type ?? 'text'}
                inputMode={f.inputMode}
                autoComplete={f.autoComplete}
                placeholder={label}
                value={values[f.name]}
                onChange={(e) => onChange(f.name, e.target.value)}
                disabled={disabled}
                aria-required={isRequired}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                maxLength={f.name === 'postalCode' ? 20 : f.name === 'contact' ? 30 : 200}
              />
            )}
            {error && (
              <p id={`${id}-error`} className="field__error">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}

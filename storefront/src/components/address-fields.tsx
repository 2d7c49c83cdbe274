import { useId } from 'react';

export interface AddressValues {
  adressLine1: string;
  adressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  contact: string;
}

export const EMPTY_ADDRESS: AddressValues = {
  adressLine1: '',
  adressLine2: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
  contact: '',
};

/** Field names keep the seed's spelling (`adressLine1`), which is also what the API expects. */
const FIELDS: {
  name: keyof AddressValues;
  label: string;
  autoComplete: string;
  type?: string;
  inputMode?: 'numeric' | 'tel';
  wide?: boolean;
}[] = [
  { name: 'adressLine1', label: 'Address line 1', autoComplete: 'address-line1', wide: true },
  { name: 'adressLine2', label: 'Address line 2', autoComplete: 'address-line2', wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code', inputMode: 'numeric' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
  { name: 'contact', label: 'Contact number', autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
];

interface Props {
  values: AddressValues;
  onChange: (name: keyof AddressValues, value: string) => void;
  /** Fields that must be filled (marked with * and `aria-required`). */
  required: readonly (keyof AddressValues)[];
  disabled?: boolean;
  /** The field the last validation message was about. */
  invalid?: keyof AddressValues | null;
}

export function AddressFields({ values, onChange, required, disabled, invalid }: Props) {
  const prefix = useId();
  return (
    <div className="form-grid">
      {FIELDS.map((f) => {
        const id = `${prefix}-${f.name}`;
        const isRequired = required.includes(f.name);
        return (
          <div key={f.name} className={`field ${f.wide ? 'field--wide' : ''}`}>
            <label htmlFor={id}>
              {f.label}
              {isRequired ? (
                <span aria-hidden="true" className="field__req">
                  {' '}
                  *
                </span>
              ) : (
                <span className="field__opt"> (optional)</span>
              )}
            </label>
            <input
              id={id}
              name={f.name}
              type={f.type ?? 'text'}
              inputMode={f.inputMode}
              autoComplete={f.autoComplete}
              placeholder={f.label}
              value={values[f.name]}
              onChange={(e) => onChange(f.name, e.target.value)}
              disabled={disabled}
              aria-required={isRequired}
              aria-invalid={invalid === f.name || undefined}
              maxLength={f.name === 'postalCode' ? 20 : f.name === 'contact' ? 30 : 200}
            />
          </div>
        );
      })}
    </div>
  );
}

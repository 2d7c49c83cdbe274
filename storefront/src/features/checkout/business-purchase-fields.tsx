import { useId } from 'react';

export interface BusinessPurchase {
  gstin: string;
  name: string;
}

/**
 * "Buying for a business?": an optional GSTIN and business name, printed on the tax invoice so the business can
 * claim input tax credit. The API checks the GSTIN and that its state is the delivery address's.
 */
export function BusinessPurchaseFields(props: {
  value: BusinessPurchase;
  onChange: (value: BusinessPurchase) => void;
}) {
  const ids = { gstin: useId(), name: useId(), hint: useId() };
  const { value, onChange } = props;
  return (
    <details className="field field--wide" open={value.gstin !== '' || undefined}>
      <summary>Buying for a business? Add your GSTIN</summary>
      <div className="field">
        <label htmlFor={ids.gstin}>
          GSTIN for business purchase <span className="field__opt">(optional)</span>
        </label>
        <input
          id={ids.gstin}
          name="business_gstin"
          maxLength={15}
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={ids.hint}
          value={value.gstin}
          onChange={(e) => onChange({ ...value, gstin: e.target.value.toUpperCase() })}
        />
        <span className="field__opt" id={ids.hint}>
          Its state must be the delivery address's state.
        </span>
      </div>
      <div className="field">
        <label htmlFor={ids.name}>Business name</label>
        <input
          id={ids.name}
          name="business_name"
          maxLength={120}
          autoComplete="organization"
          value={value.name}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
        />
      </div>
    </details>
  );
}

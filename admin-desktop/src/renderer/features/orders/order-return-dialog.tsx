import { type FormEvent, useState } from 'react';
import { FormError } from '../../components/catalog-form';
import { FormActions } from '../../components/form-field';
import { Modal } from '../../components/modal';

/** Where the returned units can go, as the dialog offers them. */
const PLACES = [
  ['sellable', 'Back to sellable stock'],
  ['damaged', 'Counted damaged (not back in stock)'],
] as const;

/**
 * A parcel that came back to us (return to origin): staff say where its units go before the order is marked
 * returned. Nothing is chosen at first, so the choice is made on purpose; the move cannot be undone.
 */
export function ReturnDialog(props: {
  busy: boolean;
  units: number;
  onReturn: (restock: boolean) => void;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<(typeof PLACES)[number][0] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const unitsText = `${props.units} ${props.units === 1 ? 'unit' : 'units'}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!choice) return setProblem('Choose where the returned units go.');
    props.onReturn(choice === 'sellable');
  };

  return (
    <Modal title="Returned to origin" onClose={props.onClose}>
      <form onSubmit={submit} noValidate>
        <p>
          The parcel came back to us ({unitsText}). A tax invoice already issued is cancelled by a credit
          note. This cannot be undone.
        </p>
        <FormError error={problem} />
        <fieldset className="choice-list">
          <legend className="field-label">Where do the units go?</legend>
          {PLACES.map(([place, text]) => (
            <label key={place} className="choice">
              <input
                type="radio"
                name="return-stock"
                checked={choice === place}
                onChange={() => setChoice(place)}
              />
              {text}
            </label>
          ))}
        </fieldset>
        <FormActions
          busy={props.busy}
          label="Mark as returned"
          busyLabel="Saving…"
          onCancel={props.onClose}
        />
      </form>
    </Modal>
  );
}

import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../components/catalog-form';
import { FormActions, TextField } from '../../components/form-field';
import { Modal } from '../../components/modal';

export interface Shipment {
  carrier: string;
  trackingNumber: string;
}

/**
 * Asks for the carrier and tracking number before an order is marked shipped (both go in the shopper's mail),
 * or, given the shipment as it stands (`initial`), to correct them after shipping.
 */
export function ShipDialog(props: {
  busy: boolean;
  onShip: (s: Shipment) => void;
  onClose: () => void;
  initial?: Shipment;
}) {
  const ids = { carrier: useId(), tracking: useId() };
  const [carrier, setCarrier] = useState(props.initial?.carrier ?? '');
  const [trackingNumber, setTrackingNumber] = useState(props.initial?.trackingNumber ?? '');
  const title = props.initial ? 'Edit tracking details' : 'Mark as shipped';
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!carrier.trim()) return setProblem('Enter the carrier.');
    if (!trackingNumber.trim()) return setProblem('Enter the tracking number.');
    props.onShip({ carrier: carrier.trim(), trackingNumber: trackingNumber.trim() });
  };

  return (
    <Modal title={title} onClose={props.onClose}>
      <form onSubmit={submit} noValidate>
        <FormError error={problem} />
        <TextField
          id={ids.carrier}
          label="Carrier"
          maxLength={60}
          placeholder="e.g. Delhivery, Blue Dart"
          value={carrier}
          onValue={setCarrier}
        />
        <TextField
          id={ids.tracking}
          label="Tracking number"
          maxLength={60}
          value={trackingNumber}
          onValue={setTrackingNumber}
        />
        <FormActions
          busy={props.busy}
          label={props.initial ? 'Save tracking' : 'Mark as shipped'}
          busyLabel="Saving…"
          onCancel={props.onClose}
        />
      </form>
    </Modal>
  );
}

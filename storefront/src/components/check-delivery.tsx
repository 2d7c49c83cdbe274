import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/errors';
import { DELIVERY_MESSAGES, estimatePhrase, formatINR, isPincode } from '@voltcart/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { deliveryQuery } from '../lib/delivery-queries';
import { usePincode } from '../stores/pincode-store';

interface Props {
  /** The goods' value in ₹ (the product at the chosen quantity, or the cart): the answer then names shipping. */
  amount?: number;
}

/**
 * "Check delivery": a pincode field and a Check button; the answer says where the pincode is, when a parcel
 * arrives, what shipping costs for `amount`, and whether cash on delivery is offered (or why not). The pincode
 * is remembered on this device, and checked again on the next page that shows this.
 */
export function CheckDelivery({ amount }: Props) {
  const id = useId();
  const remembered = usePincode((s) => s.pincode);
  const [typed, setTyped] = useState('');
  const [checked, setChecked] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // After the first render, so that the server's page and the browser's first render agree.
  useEffect(() => {
    if (remembered && !checked) {
      setTyped(remembered);
      setChecked(remembered);
    }
  }, [remembered, checked]);
  const answer = useQuery({ ...deliveryQuery(checked, amount), enabled: checked !== '' });
  // The remembered pincode's zone: the pages' free-shipping claims follow it (lib/shop-info.ts).
  const zone = answer.data?.pincode === checked ? (answer.data.zone ?? '') : null;
  useEffect(() => {
    if (zone !== null && usePincode.getState().pincode === checked)
      usePincode.getState().remember(checked, zone);
  }, [zone, checked]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const pin = typed.trim();
    if (!isPincode(pin)) {
      setProblem(DELIVERY_MESSAGES.pincode);
      return;
    }
    setProblem(null);
    setChecked(pin);
    usePincode.getState().remember(pin);
  };

  const d = answer.data;
  return (
    <section className="check-delivery" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="check-delivery__title">
        Check delivery
      </h2>
      <form className="check-delivery__form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-pin`}>Pincode</label>
        <input
          id={`${id}-pin`}
          name="pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          value={typed}
          onChange={(e) => setTyped(e.target.value.replace(/\D/g, ''))}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-answer`}
        />
        <button type="submit" className="btn btn--ghost btn--sm">
          Check
        </button>
      </form>
      <div
        id={`${id}-answer`}
        className="check-delivery__answer"
        aria-live="polite"
        data-testid="delivery-answer"
      >
        {problem ? (
          <p className="field__error">{problem}</p>
        ) : answer.isError ? (
          <p className="field__error">
            {errorMessage(answer.error, 'Delivery could not be checked. Please try again.')}
          </p>
        ) : answer.isFetching && !d ? (
          <p className="muted">Checking {checked}…</p>
        ) : d && d.pincode === checked ? (
          d.serviceable && d.estimate ? (
            <>
              <p>
                <strong>{estimatePhrase(d.estimate)}</strong> to {d.city}, {d.state} {d.pincode}
              </p>
              {amount !== undefined && d.shipping !== null && (
                <p>{d.shipping > 0 ? `Shipping ${formatINR(d.shipping)}` : 'FREE shipping'}</p>
              )}
              <p className={d.cod ? '' : 'muted'}>{d.cod ? 'Cash on delivery available' : d.codReason}</p>
            </>
          ) : (
            <p className="field__error">{d.reason}</p>
          )
        ) : null}
      </div>
    </section>
  );
}

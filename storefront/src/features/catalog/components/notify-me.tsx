import { errorMessage } from '@voltcart/api-client/errors';
import { type FormEvent, useId, useState } from 'react';
import { api } from '../../../lib/api';
import { useShopper } from '../../../lib/wishlist';

/**
 * "Notify me when available" for the chosen variant when it cannot be bought: a logged-in shopper is told at
 * their account's address, a guest gives one. One mail, once, when units come back.
 */
export function NotifyMe({ variantId }: { variantId: string }) {
  const { loggedIn } = useShopper();
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ done: boolean; msg: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const r = await api.stockAlert.create({ body: { variantId, ...(loggedIn ? {} : { email }) } });
      setState({ done: true, msg: r.msg, error: false });
    } catch (err) {
      setState({ done: false, msg: errorMessage(err), error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="notify-me" onSubmit={submit} data-testid="notify-me">
      {state?.done ? (
        <p role="status">{state.msg}</p>
      ) : (
        <>
          {!loggedIn && (
            <>
              <label htmlFor={`${id}-email`}>E-mail me when it is available</label>
              <input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </>
          )}
          <button type="submit" className="btn btn--ghost btn--block" disabled={busy}>
            Notify me when available
          </button>
          {state?.error && (
            <p className="notice notice--error" role="alert">
              {state.msg}
            </p>
          )}
        </>
      )}
    </form>
  );
}

import { useQuery } from '@tanstack/react-query';
import { ApiError, errorMessage } from '@voltcart/api-client/errors';
import type { Address, PricesChanged } from '@voltcart/shared';
import {
  addressProblems,
  CHECKOUT_MESSAGES,
  estimatePhrase,
  formatINR,
  optionsLabel,
  REQUIRED_ADDRESS_FIELDS,
} from '@voltcart/shared';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { AddressBlock } from '../../components/address-block';
import { type AddressErrors, AddressFields, type AddressValues } from '../../components/address-fields';
import { DiscountCodeField, DiscountRows } from '../../components/discount-code';
import { Loading } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { useQuote } from '../../lib/quote';
import { useTitle } from '../../lib/use-title';
import { useCart, whenCartSynced } from '../../stores/cart-store';
import { notify } from '../../stores/notifications-store';
import { refreshUser } from '../../stores/session-actions';
import { useSession } from '../../stores/session-store';
import { type BusinessPurchase, BusinessPurchaseFields } from './business-purchase-fields';
import { useCheckoutDraft } from './checkout-draft';
import { PayOption } from './pay-option';
import { loadRazorpay } from './payment';
import { useDeliveryQuote } from './use-delivery-quote';
import { useOrderPayment } from './use-order-payment';
import './checkout.css';

type Mode = '' | '0' | '1';

/** An online order whose payment failed or was dismissed: PLACE ORDER pays it again (never a new order). */
interface FailedPayment {
  orderId: string;
  reason: string;
}

const toValues = (a: Address): AddressValues => ({
  name: a.name ?? '',
  landmark: a.landmark ?? '',
  adressLine1: a.adressLine1 ?? '',
  adressLine2: a.adressLine2 ?? '',
  city: a.city ?? '',
  state: a.state ?? '',
  postalCode: a.postalCode ?? '',
  country: a.country ?? '',
  contact: a.contact ?? '',
});

/**
 * A message about the order the shopper must read (a failed payment, changed prices): where they are looking,
 * beside PLACE ORDER, announced, and focus moves to it when it appears.
 */
function CheckoutAlert({
  tone,
  testId,
  children,
}: {
  tone: 'error' | 'warning';
  testId: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      className={`notice notice--${tone} checkout__failure`}
      role="alert"
      tabIndex={-1}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

export function CheckoutPage() {
  useTitle('Checkout');
  const token = useSession((s) => s.userToken);
  const user = useSession((s) => s.data);
  const items = useCart((s) => s.items);
  const settings = useQuery(queries.settings()).data;
  const navigate = useNavigate();
  const ids = { saved: useId(), notes: useId(), keep: useId() };

  const [useSaved, setUseSaved] = useState(false);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const form = useCheckoutDraft((d) => d.address);
  const notes = useCheckoutDraft((d) => d.notes);
  const [mode, setMode] = useState<Mode>('');
  /** Save the address typed here to the account once the order is placed (offered for a new address only). */
  const [saveAddress, setSaveAddress] = useState(false);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const [placing, setPlacing] = useState(false);
  const [failure, setFailure] = useState<FailedPayment | null>(null);
  /** The order's new total when the API refused the one shown (staff changed a price meanwhile). */
  const [repriced, setRepriced] = useState<number | null>(null);
  const [doneOrder, setDoneOrder] = useState<string | null>(null);
  const [business, setBusiness] = useState<BusinessPurchase>({ gstin: '', name: '' });
  const payment = useOrderPayment();
  const discountCode = useCart((s) => s.discountCode ?? null);

  // Fresh saved addresses and server cart; the payment script only where it is needed.
  useEffect(() => {
    if (!token) return;
    void refreshUser();
    void useCart.getState().loadFromServer();
  }, [token]);
  const razorpayNeeded = Boolean(settings?.razorpayKeyId && !settings.paymentSimulator);
  useEffect(() => {
    if (razorpayNeeded) void loadRazorpay().catch(() => undefined);
  }, [razorpayNeeded]);
  // Placing an order and settling its payment change stock and the shopper's orders (see staleAfter).
  const placeOrder = useApiMutation(
    (body: Parameters<typeof api.order.place>[0]['body']) => api.order.place({ body }),
    staleAfter.order,
  );
  const payNow = useApiMutation(
    (orderId: string) => api.order.payNow({ params: { orderId } }),
    staleAfter.order,
  );

  const saved = user?.shipping_address ?? [];
  const chosen = useSaved ? (saved.find((a) => a._id === chosenId) ?? null) : null;
  const details = chosen ? toValues(chosen) : form;
  // Shipping, the COD fee and whether COD is offered, for the address's pincode (re-asked when it changes).
  const delivery = useDeliveryQuote(items, details.postalCode, mode === '0');
  const check = delivery.check;
  const totals = delivery.totals;
  const codOffered = check?.cod !== false;
  // The API's figures with the discount code, the offers, the payment mode chosen and, once the pincode is one
  // delivered to, its shipping and COD fee: the checkout's total is the quote's, priced as the order will be.
  const quoted = useQuote({
    paymentMode: mode === '' ? null : mode === '1' ? 1 : 0,
    pincode: check?.serviceable ? check.pincode : null,
  });
  // A pincode typed at checkout chooses its state, and fills the city the shopper left empty.
  useEffect(() => {
    if (!check?.serviceable || chosen) return;
    const draft = useCheckoutDraft.getState();
    if (!draft.address.city.trim()) draft.setField('city', check.city);
    if (draft.address.state !== check.state) draft.setField('state', check.state);
  }, [check, chosen]);
  // The shopper's default address, chosen once the saved addresses are known (they may pick another).
  const defaultId = saved.find((a) => a.isDefault)?._id ?? null;
  const offeredDefault = useRef(false);
  useEffect(() => {
    if (!defaultId || offeredDefault.current) return;
    offeredDefault.current = true;
    setUseSaved(true);
    setChosenId(defaultId);
  }, [defaultId]);
  useEffect(() => {
    if (!codOffered && mode === '0') setMode('');
  }, [codOffered, mode]);

  if (!token) return <Navigate to={paths.login.to('checkout')} replace />;
  if (doneOrder) return <Loading label="Opening your order" />;
  if (items.length === 0) {
    return (
      <div className="container page-message">
        <h1 className="page-message__title">Your cart is empty.</h1>
        <p className="muted">Add something to your cart before checking out.</p>
        <Link to={paths.store.to()} className="btn btn--primary">
          Continue Shopping
        </Link>
      </div>
    );
  }

  const { quote } = quoted;
  const blockedBySaved = useSaved && !chosen;
  const notDelivered = check !== undefined && !check.serviceable;

  const finish = (orderId: string) => {
    setDoneOrder(orderId);
    navigate(paths.thankYou.to(orderId), { replace: true });
    useCheckoutDraft.getState().clear();
    void useCart.getState().empty({ server: true });
  };

  const payOnline = async (orderId: string, checkout: Parameters<typeof payment.pay>[1]) => {
    const result = await payment.pay(orderId, checkout, details.contact.trim());
    if (result.ok) finish(orderId);
    else {
      setFailure({ orderId, reason: result.reason });
      void useCart.getState().loadFromServer();
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (placing || blockedBySaved || notDelivered) return;
    // The checks, in the API's order (so both name the same first problem): the address (each wrong field says so
    // under itself and the first gets the focus; a saved address cannot be edited here, so its problem is a
    // notification), then the payment mode.
    const problems = addressProblems(details, { contactRequired: true });
    setErrors(chosen ? {} : Object.fromEntries(problems.map((p) => [p.field, p.message])));
    if (problems.length > 0) {
      if (chosen) notify.error(problems[0]!.message);
      else setFocusRequest((n) => n + 1);
      return;
    }
    if (mode === '') {
      notify.error(CHECKOUT_MESSAGES.paymentMode);
      return;
    }
    setPlacing(true);
    try {
      if (failure && mode === '1') {
        // The same order again: its lines left the cart with it, and a retry must not make a second order.
        setFailure(null);
        const reply = await payNow.mutateAsync(failure.orderId);
        await payOnline(reply.order_id, reply.payment);
        return;
      }
      setFailure(null);
      setRepriced(null);
      // The order is made from the server cart: local changes on their way (the login merge, the
      // cart reload of this page) land first. Waiting here rather than disabling the button means a
      // click is never lost to a reload that starts just as it lands.
      await whenCartSynced();
      // The total of the cart as it is now (a quote on its way for a just-chosen payment mode lands first).
      const now = await quoted.latest().catch(() => undefined);
      const charged = await delivery.settle();
      const shippingDetails = {
        name: details.name.trim() || undefined,
        landmark: details.landmark.trim() || undefined,
        adressLine1: details.adressLine1.trim(),
        adressLine2: details.adressLine2.trim(),
        city: details.city.trim(),
        state: details.state.trim(),
        postalCode: details.postalCode.trim(),
        country: details.country.trim(),
        contact: details.contact.trim(),
      };
      const reply = await placeOrder.mutateAsync({
        payment_mode: mode === '1' ? 1 : 0,
        shipping_details: shippingDetails,
        notes: notes.trim() || undefined,
        ...(business.gstin.trim() && {
          business_gstin: business.gstin.trim(),
          business_name: business.name.trim(),
        }),
        // The total shown: the API refuses the order (prices_changed) when its own total differs.
        expected_total: now?.total ?? charged.orderTotal,
        // A code the quote refused has dropped off (its reason shows beside it): the order is placed as shown.
        ...(discountCode && (now ?? quote)?.code?.applied !== false ? { discount_code: discountCode } : {}),
      });
      // The order is placed: the address it went to is kept for next time, when the shopper asked for it (a
      // failure here never touches the order, so it is only reported).
      if (saveAddress && !chosen) {
        void api.user
          .addAddress({ body: { shipping_address: shippingDetails } })
          .then(() => refreshUser())
          .catch((err) => notify.error(errorMessage(err, 'The address could not be saved to your account.')));
      }
      if (mode === '0') {
        notify.success(reply.msg || 'Your order has been placed.');
        finish(reply.order_id);
      } else {
        await payOnline(reply.order_id, reply.payment);
      }
    } catch (err) {
      if (err instanceof ApiError && err.code === 'prices_changed') {
        // The cart is reloaded with the new prices: the summary shows what PLACE ORDER now orders.
        setRepriced((err.body as PricesChanged).order_total);
        void quoted.latest();
      } else if (err instanceof ApiError && err.code === 'discount_refused') {
        // The code no longer applies (used up meanwhile, a condition no longer met): the field says why.
        notify.error(errorMessage(err, 'This code cannot be used.'));
        void quoted.latest();
      } else notify.error(errorMessage(err, 'Your order could not be placed. Please try again.'));
      void useCart.getState().loadFromServer();
    } finally {
      setPlacing(false);
    }
  };

  return (
    <div className="container checkout">
      <h1 className="page-title">Checkout</h1>
      <form className="checkout__layout" onSubmit={submit} noValidate>
        <div className="checkout__main">
          <section className="card checkout__block" aria-labelledby="ship-title">
            <div className="checkout__block-head">
              <h2 id="ship-title">Billing &amp; shipping address</h2>
              <Link to={paths.myAddress.to()} className="section-link">
                + Add New Address
              </Link>
            </div>
            <div className="check-row">
              <input
                id={ids.saved}
                type="checkbox"
                checked={useSaved}
                onChange={(e) => {
                  setUseSaved(e.target.checked);
                  if (!e.target.checked) setChosenId(null);
                }}
              />
              <label htmlFor={ids.saved}>Show Saved Shipping Addresses</label>
            </div>
            {useSaved && (
              <div className="saved-addresses">
                {saved.length === 0 ? (
                  <p className="muted">
                    You have no saved addresses yet: add one with the link above, or type the address below.
                  </p>
                ) : (
                  <ul>
                    {saved.map((a) => {
                      const on = a._id === chosenId;
                      return (
                        <li key={a._id} className={`saved-address ${on ? 'is-active' : ''}`}>
                          <AddressBlock address={a} />
                          <button
                            type="button"
                            className={`btn btn--sm ${on ? 'btn--primary' : 'btn--ghost'}`}
                            aria-pressed={on}
                            onClick={() => setChosenId(a._id)}
                          >
                            {on ? 'Selected' : 'Use this address'}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                )}
                {!chosen && <p className="muted small">Choose a saved address to place the order with it.</p>}
              </div>
            )}
            <fieldset className="plain-fieldset" disabled={useSaved}>
              <legend className="visually-hidden">Billing address</legend>
              <AddressFields
                values={details}
                onChange={(name, value) => {
                  useCheckoutDraft.getState().setField(name, value);
                  setErrors(({ [name]: _fixed, ...rest }) => rest);
                }}
                required={[...REQUIRED_ADDRESS_FIELDS, 'contact']}
                disabled={useSaved}
                errors={errors}
                focusRequest={focusRequest}
              />
            </fieldset>
            {!useSaved && (
              <div className="check-row">
                <input
                  id={ids.keep}
                  type="checkbox"
                  checked={saveAddress}
                  onChange={(e) => setSaveAddress(e.target.checked)}
                />
                <label htmlFor={ids.keep}>Save this address to my account</label>
              </div>
            )}
            <div className="field field--wide">
              <label htmlFor={ids.notes}>
                Order notes <span className="field__opt">(optional)</span>
              </label>
              <textarea
                id={ids.notes}
                name="notes"
                rows={3}
                maxLength={1000}
                placeholder="Notes about your order, e.g. a landmark for delivery"
                value={notes}
                onChange={(e) => useCheckoutDraft.getState().setNotes(e.target.value)}
              />
            </div>
            <BusinessPurchaseFields value={business} onChange={setBusiness} />
          </section>

          <fieldset className="card checkout__block payment-choice">
            <legend>Payment method</legend>
            <PayOption
              value="0"
              mode={mode}
              onChoose={setMode}
              disabled={!codOffered}
              title="Cash on Delivery"
            >
              <small data-testid="cod-note">
                {codOffered
                  ? `Pay in cash or UPI when your order arrives${check?.codFee ? ` (fee ${formatINR(check.codFee)})` : ''}.`
                  : check?.codReason}
              </small>
            </PayOption>
            <PayOption value="1" mode={mode} onChoose={setMode} title="Online payment">
              <small>
                Cards, UPI, net banking and wallets
                {settings?.paymentSimulator ? ' (test mode: payment simulator)' : ' via Razorpay'}.
              </small>
            </PayOption>
          </fieldset>
        </div>

        <aside className="card summary checkout__summary" aria-labelledby="co-summary">
          <h2 id="co-summary" className="summary__title">
            Your order
          </h2>
          <ul className="co-lines">
            {items.map((i, n) => (
              <li key={`${i.productId}|${i.colorId}|${i.memorySize}`}>
                <span>
                  {i.name}
                  {(i.colorName || i.memorySize) && (
                    <small className="muted"> {optionsLabel(i.colorName, i.memorySize)}</small>
                  )}
                  <small className="muted"> × {i.qty}</small>
                </span>
                <span>{formatINR(totals.lineTotals[n]!)}</span>
              </li>
            ))}
          </ul>
          <DiscountCodeField quote={quoted.answer} checking={quoted.checking} />
          <dl className="summary__rows">
            <div>
              <dt>Sub Total</dt>
              <dd>{formatINR(quote?.subtotal ?? totals.finalTotal)}</dd>
            </div>
            <DiscountRows discounts={quote?.discounts ?? []} />
            <div>
              <dt>Shipping</dt>
              {!check?.serviceable ? (
                <dd className="muted">Enter your pincode</dd>
              ) : (quote?.shipping ?? totals.shipping) > 0 ? (
                <dd data-testid="shipping">{formatINR(quote?.shipping ?? totals.shipping)}</dd>
              ) : (
                <dd className="text-success" data-testid="shipping">
                  FREE
                </dd>
              )}
            </div>
            {(quote?.cod_fee ?? totals.codFee) > 0 && (
              <div>
                <dt>Cash on delivery fee</dt>
                <dd data-testid="cod-fee">{formatINR(quote?.cod_fee ?? totals.codFee)}</dd>
              </div>
            )}
            <div className="summary__save">
              <dt>You save</dt>
              <dd>{formatINR(totals.youSave)}</dd>
            </div>
            <div className="summary__total">
              <dt>ORDER TOTAL</dt>
              <dd data-testid="checkout-total">{formatINR(quote?.total ?? totals.orderTotal)}</dd>
            </div>
          </dl>
          <div aria-live="polite" className="summary__note" data-testid="checkout-delivery">
            {check?.serviceable && check.estimate ? (
              <p>
                <strong>{estimatePhrase(check.estimate)}</strong> to {check.city} {check.pincode}
              </p>
            ) : check ? (
              <p className="field__error">{check.reason}</p>
            ) : delivery.error ? (
              <p className="field__error">{errorMessage(delivery.error, '')}</p>
            ) : null}
          </div>
          <p className="summary__note muted">All prices are inclusive of GST.</p>
          <button
            type="submit"
            className="btn btn--primary btn--block btn--lg"
            disabled={placing || blockedBySaved || notDelivered}
            aria-busy={placing}
          >
            {placing ? 'Placing order…' : 'PLACE ORDER'}
          </button>
          {repriced !== null && (
            <CheckoutAlert tone="warning" testId="prices-changed">
              <p>
                <strong>Prices changed — please review.</strong>
              </p>
              <p>
                Your order now comes to <strong>{formatINR(repriced)}</strong>. Nothing was ordered: check the
                prices above and press PLACE ORDER to order at this price.
              </p>
            </CheckoutAlert>
          )}
          {failure && (
            <CheckoutAlert tone="error" testId="payment-failure">
              <p>
                <strong>Payment failed.</strong> {failure.reason}
              </p>
              <p>
                Your order <code>{failure.orderId}</code> is saved as unpaid. No money was taken. PLACE ORDER
                with online payment tries the same order again; or choose Cash on Delivery.
              </p>
              <Link to={paths.order.to(failure.orderId)}>View this order</Link>
            </CheckoutAlert>
          )}
        </aside>
      </form>
      {payment.dialog}
    </div>
  );
}

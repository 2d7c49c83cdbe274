import { errorMessage } from '@voltcart/api-client/errors';
import { type Address, addressProblems, REQUIRED_ADDRESS_FIELDS } from '@voltcart/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AddressBlock } from '../../components/address-block';
import {
  type AddressErrors,
  AddressFields,
  type AddressValues,
  EMPTY_ADDRESS,
} from '../../components/address-fields';
import { ConfirmDeleteDialog } from '../../components/ui/dialog';
import { ArrowLeftIcon, TrashIcon } from '../../components/ui/icons';
import { usePincodePlace } from '../../components/use-pincode-place';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useTitle } from '../../lib/use-title';
import { notify } from '../../stores/notifications-store';
import { useSession } from '../../stores/session-store';
import './account.css';

export function MyAddressPage() {
  useTitle('My addresses');
  const navigate = useNavigate();
  const user = useSession((s) => s.data);
  const token = useSession((s) => s.userToken);
  const [form, setForm] = useState<AddressValues>(EMPTY_ADDRESS);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  /** The saved address being edited in the form (null: the form adds a new one). */
  const [editing, setEditing] = useState<string | null>(null);
  const formTitle = useRef<HTMLHeadingElement>(null);
  // The pincode fills the state (the pincode's, whatever was chosen) and the city and country left empty.
  const place = usePincodePlace(form.postalCode);
  useEffect(() => {
    if (!place) return;
    setForm((f) => ({
      ...f,
      state: place.state,
      city: f.city.trim() ? f.city : place.city,
      country: f.country.trim() ? f.country : 'India',
    }));
    setErrors(({ state: _s, city: _c, country: _k, ...rest }) => rest);
  }, [place]);

  const back = () => {
    if (window.history.state?.idx > 0) navigate(-1);
    else navigate(paths.profile.to());
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!user || !token) {
      notify.error('Please log in first');
      return;
    }
    // Each wrong field says so under itself; the first one gets the focus.
    const problems = addressProblems(form, { contactRequired: false });
    setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
    if (problems.length > 0) {
      setFocusRequest((n) => n + 1);
      return;
    }
    setBusy(true);
    const shipping_address = {
      name: form.name.trim(),
      landmark: form.landmark.trim(),
      adressLine1: form.adressLine1.trim(),
      adressLine2: form.adressLine2.trim(),
      city: form.city.trim(),
      state: form.state.trim(),
      postalCode: form.postalCode.trim(),
      country: form.country.trim(),
      contact: form.contact.trim(),
    };
    try {
      const reply = editing
        ? await api.user.updateAddress({ params: { addressId: editing }, body: { shipping_address } })
        : await api.user.addAddress({ body: { shipping_address } });
      notify.success(editing ? reply.msg || 'Address saved.' : 'Address added successfully!');
      useSession.getState().updateUser(reply.user);
      setForm(EMPTY_ADDRESS);
      setEditing(null);
    } catch (err) {
      notify.error(errorMessage(err, editing ? 'The address could not be saved.' : 'Failed to add address'));
    } finally {
      setBusy(false);
    }
  };

  const edit = (a: Address) => {
    const { _id, stateCode: _code, isDefault: _default, ...fields } = a;
    setForm({ ...EMPTY_ADDRESS, ...fields, name: fields.name ?? '', landmark: fields.landmark ?? '' });
    setErrors({});
    setEditing(_id);
    formTitle.current?.focus();
  };

  const stopEditing = () => {
    setForm(EMPTY_ADDRESS);
    setErrors({});
    setEditing(null);
  };

  const remove = async (addressId: string) => {
    setDeleting(null);
    try {
      const reply = await api.user.removeAddress({ params: { addressId } });
      useSession.getState().updateUser(reply.user);
      notify.success(reply.msg || 'Address deleted.');
      if (editing === addressId) stopEditing();
    } catch (err) {
      notify.error(errorMessage(err, 'The address could not be deleted.'));
    }
  };

  const makeDefault = async (addressId: string) => {
    try {
      const reply = await api.user.setDefaultAddress({ params: { addressId } });
      useSession.getState().updateUser(reply.user);
      notify.success(reply.msg || 'Default address saved.');
    } catch (err) {
      notify.error(errorMessage(err, 'The default address could not be saved.'));
    }
  };

  const saved = user?.shipping_address ?? [];

  return (
    <div className="container my-address">
      <button type="button" className="btn btn--ghost btn--sm" onClick={back}>
        <ArrowLeftIcon size={16} /> Back
      </button>
      <h1 className="page-title">My addresses</h1>
      <div className="my-address__layout">
        <form
          className="card my-address__form"
          onSubmit={submit}
          noValidate
          aria-labelledby="add-address-title"
        >
          <h2
            id="add-address-title"
            className="section-title section-title--small"
            tabIndex={-1}
            ref={formTitle}
          >
            {editing ? 'Edit address' : 'Add a new address'}
          </h2>
          <AddressFields
            values={form}
            onChange={(name, value) => {
              setForm((f) => ({ ...f, [name]: value }));
              setErrors(({ [name]: _fixed, ...rest }) => rest);
            }}
            required={REQUIRED_ADDRESS_FIELDS}
            errors={errors}
            focusRequest={focusRequest}
          />
          <div className="my-address__actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? 'Saving…' : editing ? 'Save address' : 'Add Address'}
            </button>
            {editing && (
              <button type="button" className="btn btn--ghost" onClick={stopEditing}>
                Cancel
              </button>
            )}
          </div>
        </form>
        <section className="my-address__saved" aria-labelledby="saved-title">
          <h2 id="saved-title" className="section-title section-title--small">
            Saved addresses
          </h2>
          {!user ? (
            <p className="muted">
              <Link to={paths.login.to(paths.myAddress.to())}>Sign in</Link> to see your saved addresses.
            </p>
          ) : saved.length === 0 ? (
            <p className="muted">No saved addresses yet.</p>
          ) : (
            <ul className="address-list">
              {saved.map((a) => (
                <li key={a._id} className="card address-card">
                  <AddressBlock address={a} layout={{ name: true, countryApart: true }}>
                    {a.isDefault && (
                      <>
                        <strong className="address-card__default">Default address</strong>
                        <br />
                      </>
                    )}
                  </AddressBlock>
                  <div className="address-card__actions">
                    {!a.isDefault && (
                      <button
                        type="button"
                        className="link-btn"
                        onClick={() => void makeDefault(a._id)}
                        aria-label={`Set as default: ${a.adressLine1}, ${a.city}`}
                      >
                        Set as default
                      </button>
                    )}
                    <button
                      type="button"
                      className="link-btn"
                      onClick={() => edit(a)}
                      aria-label={`Edit address ${a.adressLine1}, ${a.city}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="link-btn link-btn--danger"
                      onClick={() => setDeleting(a._id)}
                      aria-label={`Delete address ${a.adressLine1}, ${a.city}`}
                    >
                      <TrashIcon size={16} /> Delete
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {deleting && (
        <ConfirmDeleteDialog onCancel={() => setDeleting(null)} onConfirm={() => void remove(deleting)} />
      )}
    </div>
  );
}

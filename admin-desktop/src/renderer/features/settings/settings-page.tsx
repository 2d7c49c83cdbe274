import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import {
  MAX_LOW_STOCK_THRESHOLD,
  type SettingsBody,
  type ShopSettings,
  type SummaryMail,
} from '@voltcart/shared';
import { type FormEvent, useEffect, useState } from 'react';
import type { AppInfo, ConnectionCheck } from '../../../shared/ipc-contract';
import { FormActions, FormField, TextField } from '../../components/form-field';
import { PageHeader } from '../../components/states';
import { failedSave } from '../../lib/actions';
import { api, getApiUrl, setApiUrl } from '../../lib/api';
import { getBridge } from '../../lib/bridge';
import { textFields } from '../../lib/form-binding';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { wholeNumber } from '../../lib/whole-number';
import { useCan } from '../../stores/session';
import { toast } from '../../stores/toast';
import { ReminderMailsForm } from './reminder-mails-form';
import { ShopClaimsForm } from './shop-claims-form';
import { ShopPagesForm } from './shop-pages-form';

/** The low-stock threshold an API that does not send one uses. */
const DEFAULT_LOW_STOCK = 5;

/** The API address (desktop: user data folder; browser: this browser) and the shop's own settings. */
export function SettingsPage() {
  const bridge = getBridge();
  const [apiUrl, setUrl] = useState(getApiUrl());
  const [check, setCheck] = useState<ConnectionCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const [info, setInfo] = useState<AppInfo | null>(null);
  const queryClient = useQueryClient();
  // Every role keeps this screen for the API address; the shop's own settings are the Owner's.
  const canSaveShop = useCan('settings.write');
  const shop = useQuery(queries.settings());
  const saveShop = useApiMutation((body: SettingsBody) => api.settings.update({ body }), staleAfter.settings);
  const [shopForm, setShopForm] = useState<{
    shopName: string;
    freeShippingThreshold: string;
    lowStockThreshold: string;
    requireVerifiedEmail: boolean;
    summaryMail: SummaryMail;
  }>({
    shopName: '',
    freeShippingThreshold: '',
    lowStockThreshold: '',
    requireVerifiedEmail: false,
    summaryMail: 'off',
  });
  const [shopError, setShopError] = useState<string | null>(null);
  const field = textFields(shopForm, setShopForm);

  const shopDirty =
    shop.data !== undefined &&
    (shopForm.shopName !== shop.data.shopName ||
      shopForm.freeShippingThreshold !== String(shop.data.freeShippingThreshold) ||
      shopForm.lowStockThreshold !== String(shop.data.lowStockThreshold ?? DEFAULT_LOW_STOCK) ||
      shopForm.requireVerifiedEmail !== shop.data.requireVerifiedEmail ||
      shopForm.summaryMail !== (shop.data.summaryMail ?? 'off'));
  const { allowLeave } = useUnsavedChanges(apiUrl.trim() !== getApiUrl() || shopDirty);

  useEffect(() => {
    void bridge.app.info().then(setInfo, () => null);
  }, [bridge]);
  useEffect(() => {
    if (shop.data) {
      setShopForm({
        shopName: shop.data.shopName,
        freeShippingThreshold: String(shop.data.freeShippingThreshold),
        lowStockThreshold: String(shop.data.lowStockThreshold ?? DEFAULT_LOW_STOCK),
        requireVerifiedEmail: shop.data.requireVerifiedEmail,
        summaryMail: shop.data.summaryMail ?? 'off',
      });
    }
  }, [shop.data]);

  const test = async () => {
    setChecking(true);
    setCheck(null);
    try {
      setCheck(await bridge.settings.testConnection(apiUrl.trim()));
    } catch (e) {
      setCheck({ ok: false, ms: 0, message: errorMessage(e) });
    } finally {
      setChecking(false);
    }
  };

  const saveApi = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const saved = await bridge.settings.set({ apiUrl: apiUrl.trim() });
      setApiUrl(saved.apiUrl);
      // What other screens loaded came from the old address: they load afresh from the new one when shown.
      queryClient.removeQueries({ type: 'inactive' });
      setUrl(saved.apiUrl);
      toast.success('The API address has been saved.');
      // The desktop app's content security policy names the API's origin: reload to apply the new one.
      if (bridge.kind === 'electron') {
        allowLeave();
        window.location.reload();
      }
    } catch (err) {
      toast.error(errorMessage(err, 'The API address could not be saved.'));
    }
  };

  const submitShop = (e: FormEvent) => {
    e.preventDefault();
    const threshold = Number(shopForm.freeShippingThreshold);
    const low = wholeNumber(shopForm.lowStockThreshold, 0, MAX_LOW_STOCK_THRESHOLD);
    const problem = !shopForm.shopName.trim()
      ? 'Please enter the shop name.'
      : !Number.isFinite(threshold) || threshold < 0
        ? 'The free-shipping threshold must be an amount in rupees, 0 or more.'
        : low === null
          ? 'The low-stock threshold must be a whole number of units, from 0 to 1,00,000.'
          : null;
    setShopError(problem);
    if (problem || low === null) return toast.error(problem ?? '');
    saveShop.mutate(
      {
        shopName: shopForm.shopName.trim(),
        freeShippingThreshold: threshold,
        lowStockThreshold: low,
        requireVerifiedEmail: shopForm.requireVerifiedEmail,
        summaryMail: shopForm.summaryMail,
      },
      {
        onSuccess: (reply) => toast.reply(reply, 'Settings saved.'),
        onError: failedSave(setShopError, 'The shop settings could not be saved.'),
      },
    );
  };

  const s: ShopSettings | undefined = shop.data;
  return (
    <>
      <PageHeader title="Settings" />
      <form className="panel form" onSubmit={saveApi} noValidate>
        <h2>API server</h2>
        <p className="muted">
          {bridge.kind === 'electron'
            ? 'The address of the Voltcart API this app works with (https:// for a server on another computer). Saved on this computer.'
            : 'The address of the Voltcart API this page works with. Saved in this browser.'}
        </p>
        <TextField
          id="api-url"
          label="API server address"
          name="apiUrl"
          type="url"
          value={apiUrl}
          onValue={(v) => {
            setUrl(v);
            setCheck(null);
          }}
          placeholder="http://localhost:5000"
        />
        {check && (
          <div className={check.ok ? 'form-ok' : 'form-error'} role="status">
            {check.message}
          </div>
        )}
        <div className="form-actions">
          <button className="btn btn-primary" type="submit">
            Save
          </button>
          <button className="btn btn-ghost" type="button" onClick={test} disabled={checking}>
            {checking ? 'Testing…' : 'Test connection'}
          </button>
        </div>
      </form>

      {canSaveShop && (
        <form className="panel form" onSubmit={submitShop} noValidate>
          <h2>Shop settings</h2>
          {shop.error && !shop.isFetching && <div className="form-error">{errorMessage(shop.error)}</div>}
          {shopError && (
            <div className="form-error" role="alert" data-testid="shop-settings-error">
              {shopError}
            </div>
          )}
          <div className="grid-2">
            <TextField id="shop-name" label="Shop name" {...field('shopName')} />
            <TextField
              id="shop-threshold"
              label="Free shipping threshold (₹)"
              type="number"
              min={0}
              step="1"
              {...field('freeShippingThreshold')}
            />
            <TextField
              id="shop-low-stock"
              label="Low-stock threshold (units)"
              type="number"
              min={0}
              max={MAX_LOW_STOCK_THRESHOLD}
              step="1"
              aria-describedby="shop-low-stock-hint"
              {...field('lowStockThreshold')}
              hint="Products with this many units or fewer show under “Low stock only” in Products. A variant that falls to its threshold is listed on the dashboard and mailed to staff once."
            />
            <FormField id="shop-summary-mail" label="Sales summary mail to the Owner">
              <select
                id="shop-summary-mail"
                aria-describedby="shop-summary-mail-hint"
                value={shopForm.summaryMail}
                onChange={(e) => setShopForm({ ...shopForm, summaryMail: e.target.value as SummaryMail })}
              >
                <option value="off">Off</option>
                <option value="daily">Daily (the day before, each morning)</option>
                <option value="weekly">Weekly (Monday to Sunday, each Monday)</option>
              </select>
              <span className="hint" id="shop-summary-mail-hint">
                The Reports screen's figures, mailed to every Owner.
              </span>
            </FormField>
          </div>
          <label className="check">
            <input
              type="checkbox"
              checked={shopForm.requireVerifiedEmail}
              onChange={(e) => setShopForm({ ...shopForm, requireVerifiedEmail: e.target.checked })}
            />
            Shoppers confirm their e-mail address (the link in the welcome mail) before their first order
          </label>
          {s && (
            <p className="muted">
              Payments:{' '}
              {s.paymentSimulator
                ? 'payment simulator (no Razorpay keys configured)'
                : `Razorpay, key ${s.razorpayKeyId ?? '-'}`}
            </p>
          )}
          <FormActions busy={saveShop.isPending} label="Save shop settings" disabled={!s} />
        </form>
      )}

      {canSaveShop && s && <ShopClaimsForm settings={s} />}
      {canSaveShop && s && <ReminderMailsForm settings={s} />}
      {canSaveShop && <ShopPagesForm />}

      {info && (
        <section className="panel">
          <h2>About</h2>
          <dl className="details compact">
            <dt>App</dt>
            <dd>
              {info.kind === 'electron'
                ? `Voltcart Admin ${info.version} (desktop)`
                : 'Voltcart Admin (browser)'}
            </dd>
            <dt>Platform</dt>
            <dd>{info.platform}</dd>
            <dt>Admin token</dt>
            <dd>
              {info.kind === 'browser'
                ? 'kept in this browser (localStorage)'
                : info.secureStorage
                  ? "encrypted with the system's secure storage"
                  : 'kept in memory only (no secure storage on this system): log in again after a restart'}
            </dd>
          </dl>
        </section>
      )}
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import {
  type contract,
  type InputOf,
  PROMOTION_ACTIONS,
  PROMOTION_SCOPES,
  type Promotion,
  type PromotionAction,
  type PromotionScope,
  REQUIRES_SCOPES,
  type RequiresScope,
} from '@voltcart/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FormError } from '../../components/catalog-form';
import { FormActions, FormField } from '../../components/form-field';
import { LoadForEdit } from '../../components/query-states';
import { PageHeader } from '../../components/states';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { toast } from '../../stores/toast';
import { discountQueries, staleAfterDiscount } from './discount-queries';
import { toLocalInput } from './discount-words';

type Body = NonNullable<InputOf<typeof contract.promotion.create>['body']>;

const ACTION_LABELS: Record<PromotionAction, string> = {
  percent: 'A percentage off',
  amount: 'A fixed amount off',
  free_shipping: 'Free shipping',
  buy_x_get_y: 'Buy X, get Y free',
};

const SCOPE_LABELS: Record<PromotionScope, string> = {
  order: 'The whole order',
  categories: 'Categories (ids)',
  brands: 'Brands (names)',
  products: 'Products (ids)',
  variants: 'Variants (ids)',
};

const REQUIRES_LABELS: Record<RequiresScope | '', string> = {
  '': 'Nothing else',
  categories: 'A product of categories (ids)',
  brands: 'A product of brands (names)',
  products: 'One of these products (ids)',
};

const list = (s: string) =>
  s
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/** The form's values: text as typed, turned into the API's body on saving. */
interface Values {
  name: string;
  kind: 'code' | 'automatic';
  code: string;
  action: PromotionAction;
  percent: string;
  cap: string;
  amount: string;
  buyQty: string;
  getQty: string;
  scope: PromotionScope;
  targets: string;
  requiresScope: RequiresScope | '';
  requiresTargets: string;
  minOrder: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  perCustomer: string;
  firstOrderOnly: boolean;
  onlineOnly: boolean;
  combinable: boolean;
  active: boolean;
  deal: boolean;
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

function valuesOf(p: Promotion | null): Values {
  return {
    name: p?.name ?? '',
    kind: p?.kind ?? 'code',
    code: p?.code ?? '',
    action: p?.action ?? 'percent',
    percent: text(p?.percent),
    cap: text(p?.cap),
    amount: text(p?.amount),
    buyQty: text(p?.buyQty),
    getQty: text(p?.getQty),
    scope: p?.scope ?? 'order',
    targets: p?.targets.join(', ') ?? '',
    requiresScope: p?.requiresScope ?? '',
    requiresTargets: p?.requiresTargets.join(', ') ?? '',
    minOrder: p && p.minOrder > 0 ? String(p.minOrder) : '',
    startsAt: toLocalInput(p?.startsAt ?? null),
    endsAt: toLocalInput(p?.endsAt ?? null),
    maxUses: text(p?.maxUses),
    perCustomer: text(p?.perCustomer),
    firstOrderOnly: p?.firstOrderOnly ?? false,
    onlineOnly: p?.onlineOnly ?? false,
    combinable: p?.combinable ?? false,
    active: p?.active ?? true,
    deal: p?.deal ?? false,
  };
}

/** The API's body: blank numbers are left out (or null: no limit), the API checks everything again. */
function bodyOf(v: Values): Body {
  const num = (s: string) => (s.trim() === '' ? null : Number(s));
  return {
    name: v.name.trim(),
    kind: v.kind,
    ...(v.kind === 'code' && v.code.trim() ? { code: v.code } : {}),
    action: v.action,
    percent: v.action === 'percent' ? num(v.percent) : null,
    cap: v.action === 'percent' ? num(v.cap) : null,
    amount: v.action === 'amount' ? num(v.amount) : null,
    buyQty: v.action === 'buy_x_get_y' ? num(v.buyQty) : null,
    getQty: v.action === 'buy_x_get_y' ? num(v.getQty) : null,
    scope: v.scope,
    targets: v.scope === 'order' ? [] : list(v.targets),
    requiresScope: v.requiresScope || null,
    requiresTargets: v.requiresScope ? list(v.requiresTargets) : [],
    minOrder: num(v.minOrder) ?? 0,
    startsAt: v.startsAt || null,
    endsAt: v.endsAt || null,
    maxUses: num(v.maxUses),
    perCustomer: num(v.perCustomer),
    firstOrderOnly: v.firstOrderOnly,
    onlineOnly: v.onlineOnly,
    combinable: v.combinable,
    active: v.active,
    deal: v.kind === 'automatic' && v.deal,
  };
}

/** /admin/discounts/add and /admin/discounts/edit/:id. */
export function DiscountFormPage() {
  const { discountId } = useParams();
  const current = useQuery({ ...discountQueries.detail(discountId ?? ''), enabled: Boolean(discountId) });
  return (
    <>
      <PageHeader title={discountId ? 'Edit discount' : 'Add discount'} />
      <LoadForEdit query={current} editing={Boolean(discountId)}>
        {(p) => <DiscountForm key={discountId ?? 'new'} id={discountId} current={p} />}
      </LoadForEdit>
    </>
  );
}

function DiscountForm({ id, current }: { id?: string; current: Promotion | null }) {
  const navigate = useNavigate();
  const start = valuesOf(current);
  const [v, setV] = useState<Values>(start);
  const [error, setError] = useState<string | null>(null);
  const { allowLeave } = useUnsavedChanges(JSON.stringify(v) !== JSON.stringify(start));
  const save = useApiMutation(
    (body: Body) => (id ? api.promotion.update({ params: { id }, body }) : api.promotion.create({ body })),
    staleAfterDiscount,
  );
  const set = <K extends keyof Values>(k: K, value: Values[K]) => setV((old) => ({ ...old, [k]: value }));
  const input = (k: keyof Values, extra: Record<string, unknown> = {}) => ({
    id: `discount-${k}`,
    value: v[k] as string,
    onChange: (e: { target: { value: string } }) => set(k, e.target.value as never),
    ...extra,
  });
  const check = (k: 'firstOrderOnly' | 'onlineOnly' | 'combinable' | 'active' | 'deal', label: string) => (
    <label className="choice">
      <input type="checkbox" checked={v[k]} onChange={(e) => set(k, e.target.checked)} />
      {label}
    </label>
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!v.name.trim()) {
      setError('Please enter a name for the discount.');
      return;
    }
    setError(null);
    save.mutate(bodyOf(v), {
      onSuccess: (reply) => {
        toast.reply(reply, id ? 'Discount updated.' : 'Discount saved.');
        allowLeave();
        navigate(paths.discounts);
      },
      onError: (err) => setError(errorMessage(err, 'The discount could not be saved.')),
    });
  };

  return (
    <form className="panel form" onSubmit={submit} noValidate aria-label="Discount">
      <FormError error={error} />
      <div className="grid-3">
        <FormField id="discount-name" label="Name" hint="Shown to shoppers for an automatic offer.">
          <input {...input('name', { maxLength: 120 })} />
        </FormField>
        <FormField id="discount-kind" label="Type">
          <select
            id="discount-kind"
            value={v.kind}
            disabled={Boolean(id)}
            onChange={(e) => set('kind', e.target.value as Values['kind'])}
          >
            <option value="code">Discount code</option>
            <option value="automatic">Automatic offer (no code)</option>
          </select>
        </FormField>
        {v.kind === 'code' && (
          <FormField
            id="discount-code"
            label="Code"
            hint="Letters, digits, - and _. Shoppers may type it in any case. Leave empty for generated codes only."
          >
            <input {...input('code', { maxLength: 32, autoCapitalize: 'characters' })} />
          </FormField>
        )}
      </div>

      <div className="grid-3">
        <FormField id="discount-action" label="Gives">
          <select
            id="discount-action"
            value={v.action}
            onChange={(e) => set('action', e.target.value as PromotionAction)}
          >
            {PROMOTION_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {ACTION_LABELS[a]}
              </option>
            ))}
          </select>
        </FormField>
        {v.action === 'percent' && (
          <>
            <FormField id="discount-percent" label="Percentage (%)">
              <input {...input('percent', { inputMode: 'decimal' })} />
            </FormField>
            <FormField id="discount-cap" label="At most (₹, optional)">
              <input {...input('cap', { inputMode: 'decimal' })} />
            </FormField>
          </>
        )}
        {v.action === 'amount' && (
          <FormField id="discount-amount" label="Amount off (₹)">
            <input {...input('amount', { inputMode: 'decimal' })} />
          </FormField>
        )}
        {v.action === 'buy_x_get_y' && (
          <>
            <FormField id="discount-buyQty" label="Buy (units)">
              <input {...input('buyQty', { inputMode: 'numeric' })} />
            </FormField>
            <FormField id="discount-getQty" label="Get free (units)">
              <input {...input('getQty', { inputMode: 'numeric' })} />
            </FormField>
          </>
        )}
      </div>

      <div className="grid-3">
        <FormField id="discount-scope" label="Applies to">
          <select
            id="discount-scope"
            value={v.scope}
            onChange={(e) => set('scope', e.target.value as PromotionScope)}
          >
            {PROMOTION_SCOPES.map((s) => (
              <option key={s} value={s}>
                {SCOPE_LABELS[s]}
              </option>
            ))}
          </select>
        </FormField>
        {v.scope !== 'order' && (
          <FormField id="discount-targets" label="Which ones" hint="Separated by commas.">
            <input {...input('targets')} />
          </FormField>
        )}
        <FormField id="discount-minOrder" label="Minimum order (₹, optional)">
          <input {...input('minOrder', { inputMode: 'decimal' })} />
        </FormField>
      </div>

      <div className="grid-3">
        <FormField
          id="discount-requiresScope"
          label="Only with, in the cart"
          hint="e.g. 10% off accessories with any phone: applies to Accessories, only with a product of Phones."
        >
          <select
            id="discount-requiresScope"
            value={v.requiresScope}
            onChange={(e) => set('requiresScope', e.target.value as Values['requiresScope'])}
          >
            {(['', ...REQUIRES_SCOPES] as const).map((s) => (
              <option key={s} value={s}>
                {REQUIRES_LABELS[s]}
              </option>
            ))}
          </select>
        </FormField>
        {v.requiresScope && (
          <FormField
            id="discount-requiresTargets"
            label="Which ones, in the cart"
            hint="Separated by commas."
          >
            <input {...input('requiresTargets')} />
          </FormField>
        )}
      </div>

      <div className="grid-3">
        <FormField id="discount-startsAt" label="Starts (India time, optional)">
          <input {...input('startsAt', { type: 'datetime-local' })} />
        </FormField>
        <FormField id="discount-endsAt" label="Ends (India time, optional)">
          <input {...input('endsAt', { type: 'datetime-local' })} />
        </FormField>
      </div>

      <div className="grid-3">
        <FormField id="discount-maxUses" label="Total uses (optional)" hint="Empty: no limit.">
          <input {...input('maxUses', { inputMode: 'numeric' })} />
        </FormField>
        <FormField id="discount-perCustomer" label="Uses per customer (optional)" hint="Empty: no limit.">
          <input {...input('perCustomer', { inputMode: 'numeric' })} />
        </FormField>
      </div>

      <fieldset className="choice-list">
        <legend className="field-label">Conditions</legend>
        {check('firstOrderOnly', 'First order only')}
        {check('onlineOnly', 'Online payment only (a prepaid incentive)')}
        {check('combinable', 'Can be combined with other combinable discounts')}
        {check('active', 'Switched on')}
        {v.kind === 'automatic' && check('deal', 'Show as a deal on the home page (needs an end)')}
      </fieldset>

      <FormActions busy={save.isPending} label="Save discount" busyLabel="Saving…">
        <Link to={paths.discounts} className="btn btn-ghost">
          Cancel
        </Link>
      </FormActions>
    </form>
  );
}

import { useQuery } from '@tanstack/react-query';
import {
  MAX_SHOP_PAGE_LENGTH,
  SHOP_PAGE_TITLES,
  SHOP_PAGES,
  type ShopPage,
  type ShopPageSlug,
} from '@voltcart/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../components/catalog-form';
import { FormActions, FormField, TextAreaField } from '../../components/form-field';
import { PanelForm } from '../../components/panel-form';
import { failedSave } from '../../lib/actions';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../stores/toast';

type Officer = NonNullable<ShopPage['officer']>;
const NO_OFFICER: Officer = { name: '', address: '', email: '', phone: '' };
const OFFICER_FIELDS: [keyof Officer, string, string][] = [
  ['name', 'Grievance officer', 'name'],
  ['address', 'Grievance officer address', 'street-address'],
  ['email', 'Grievance officer e-mail', 'email'],
  ['phone', 'Grievance officer phone', 'tel'],
];

/**
 * The shop's own pages (Settings, `settings.write`): terms, privacy, shipping, returns and contact, with the
 * grievance officer the contact page names. Each starts with a text that says what to fill in.
 */
export function ShopPagesForm() {
  const [slug, setSlug] = useState<ShopPageSlug>('terms');
  const page = useQuery({
    queryKey: [...queryKeys.settings, 'page', slug],
    queryFn: async () => (await api.settings.page({ params: { slug } })).page,
  });
  const [body, setBody] = useState('');
  const [officer, setOfficer] = useState<Officer>(NO_OFFICER);
  const [error, setError] = useState<string | null>(null);
  const save = useApiMutation(
    (input: { body: string; officer?: Officer }) => api.settings.savePage({ params: { slug }, body: input }),
    [queryKeys.settings],
  );

  useEffect(() => {
    if (!page.data) return;
    setBody(page.data.body);
    setOfficer(page.data.officer ?? NO_OFFICER);
    setError(null);
  }, [page.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = body.trim();
    const named = Object.values(officer).some((v) => v.trim());
    const problem = !text
      ? 'Please write the page’s text.'
      : slug === 'contact' && named && Object.values(officer).some((v) => !v.trim())
        ? 'Please fill in all four grievance officer fields.'
        : null;
    setError(problem);
    if (problem) return toast.error(problem);
    save.mutate(
      { body: text, ...(slug === 'contact' && named && { officer }) },
      {
        onSuccess: (reply) => toast.reply(reply, 'Page saved.'),
        onError: failedSave(setError, 'The page could not be saved.'),
      },
    );
  };

  return (
    <PanelForm titleId="pages-title" title="Shop pages" onSubmit={submit}>
      <p className="muted">
        The law asks every online shop for these pages; the storefront links them in its footer. Paragraphs
        are separated by an empty line; a line starting with “## ” is a heading, lines starting with “- ” a
        list.
      </p>
      <FormError error={error} />
      <FormField id="shop-page" label="Page">
        <select id="shop-page" value={slug} onChange={(e) => setSlug(e.target.value as ShopPageSlug)}>
          {SHOP_PAGES.map((p) => (
            <option key={p} value={p}>
              {SHOP_PAGE_TITLES[p]} (/{p})
            </option>
          ))}
        </select>
        {page.data && (
          <span className="hint">
            {page.data.updatedAt
              ? `Saved ${new Date(page.data.updatedAt).toLocaleString('en-IN')}`
              : 'Starting text: replace what it asks you to fill in.'}
          </span>
        )}
      </FormField>
      <TextAreaField
        id="shop-page-text"
        label="Page text"
        rows={14}
        maxLength={MAX_SHOP_PAGE_LENGTH}
        value={body}
        disabled={!page.data}
        onValue={setBody}
      />
      {slug === 'contact' && (
        <div className="grid-2">
          {OFFICER_FIELDS.map(([key, label, autoComplete]) => (
            <div className="field" key={key}>
              <label className="field-label" htmlFor={`officer-${key}`}>
                {label}
              </label>
              <input
                id={`officer-${key}`}
                autoComplete={autoComplete}
                value={officer[key]}
                onChange={(e) => setOfficer({ ...officer, [key]: e.target.value })}
              />
            </div>
          ))}
        </div>
      )}
      <FormActions busy={save.isPending} label="Save page" disabled={!page.data} />
    </PanelForm>
  );
}

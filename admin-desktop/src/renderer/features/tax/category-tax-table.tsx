import { errorMessage } from '@voltcart/api-client/http';
import { type CategoryTax, HSN_PATTERN } from '@voltcart/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { TableHead } from '../../components/table-head';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { staleAfter } from '../../lib/query-keys';
import { toast } from '../../stores/toast';

/** One category's row: its HSN code (empty clears it) and GST rate, saved on their own. */
function CategoryTaxRow({ category, slabs }: { category: CategoryTax; slabs: number[] }) {
  const [hsn, setHsn] = useState(category.hsnCode);
  const [rate, setRate] = useState(String(category.gstRate));
  const save = useApiMutation(
    (body: { hsnCode: string; gstRate: number }) =>
      api.tax.setCategory({ params: { categoryId: category._id }, body }),
    staleAfter.tax,
  );
  useEffect(() => {
    setHsn(category.hsnCode);
    setRate(String(category.gstRate));
  }, [category]);
  // A rate saved under slabs no longer in force is still shown, so it is not changed by mistake.
  const rates = slabs.includes(category.gstRate) ? slabs : [...slabs, category.gstRate].sort((a, b) => a - b);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = hsn.trim();
    if (code && !HSN_PATTERN.test(code))
      return toast.error(`HSN code of ${category.name} must be 4, 6 or 8 digits.`);
    save.mutate(
      { hsnCode: code, gstRate: Number(rate) },
      {
        onSuccess: () => toast.success(`Saved the HSN code and GST rate of ${category.name}.`),
        onError: (err) => toast.error(errorMessage(err, 'The category could not be saved.')),
      },
    );
  };

  const id = `cat-tax-${category._id}`;
  return (
    <tr data-testid="category-tax-row">
      <th scope="row">{category.name}</th>
      <td>
        <input
          id={`${id}-hsn`}
          form={id}
          aria-label={`HSN code of ${category.name}`}
          inputMode="numeric"
          maxLength={8}
          value={hsn}
          onChange={(e) => setHsn(e.target.value)}
        />
      </td>
      <td>
        <select
          form={id}
          aria-label={`GST rate of ${category.name}`}
          value={rate}
          onChange={(e) => setRate(e.target.value)}
        >
          {rates.map((r) => (
            <option key={r} value={String(r)}>
              {r} %
            </option>
          ))}
        </select>
      </td>
      <td>
        <form id={id} onSubmit={submit} noValidate>
          <button
            className="btn btn-ghost"
            type="submit"
            disabled={save.isPending}
            aria-label={`Save ${category.name}`}
          >
            Save
          </button>
        </form>
      </td>
    </tr>
  );
}

/**
 * Each category's HSN code and GST rate (the rate one of the slabs in force). A product may have its own (its
 * form), else its category's apply; a category without an HSN code prints none.
 */
export function CategoryTaxTable({ categories, slabs }: { categories: CategoryTax[]; slabs: number[] }) {
  return (
    <section className="panel" aria-labelledby="category-tax-title">
      <h2 id="category-tax-title">HSN code and GST rate per category</h2>
      <p className="muted">
        Products use their category's unless their own form sets others. Leave the HSN code empty to clear it.
      </p>
      {categories.length === 0 ? (
        <p className="muted">No categories yet.</p>
      ) : (
        <table className="table">
          <TableHead scope="col" columns={['Category', 'HSN code', 'GST rate', 'Save']} />
          <tbody>
            {categories.map((c) => (
              <CategoryTaxRow key={c._id} category={c} slabs={slabs} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

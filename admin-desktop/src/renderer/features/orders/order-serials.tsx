import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import type { LineSerials } from '@voltcart/shared';
import { type FormEvent, type KeyboardEvent, useEffect, useState } from 'react';
import { FormActions } from '../../components/form-field';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../stores/toast';

const serialsKey = (orderId: string) => [...queryKeys.orders.detail(orderId), 'serials'] as const;

/** Each line's inputs, one per unit, filled with what is recorded. */
const toForm = (lines: LineSerials[]) =>
  lines.map((l) => Array.from({ length: l.qty }, (_, i) => l.serials[i] ?? ''));

/**
 * The serial number (IMEI) of each unit, recorded at packing (`orders.write`): one field per unit, so a barcode
 * scanner can fill them one after the other (its Enter moves to the next field). They print under their item on
 * the order's invoice.
 */
export function OrderSerials({ orderId, canWrite }: { orderId: string; canWrite: boolean }) {
  const serials = useQuery({
    queryKey: serialsKey(orderId),
    queryFn: async ({ signal }) => (await api.serials.get({ params: { orderId } }, { signal })).lines,
  });
  const [form, setForm] = useState<string[][]>([]);
  const save = useApiMutation(
    (lines: { line: number; serials: string[] }[]) =>
      api.serials.set({ params: { orderId }, body: { lines } }),
    [serialsKey(orderId), queryKeys.audit.all],
  );
  useEffect(() => {
    if (serials.data) setForm(toForm(serials.data));
  }, [serials.data]);

  if (!serials.data) return null;
  const lines = serials.data;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      form.map((units, i) => ({ line: i + 1, serials: units.map((s) => s.trim()).filter(Boolean) })),
      {
        onSuccess: () => toast.success('Serial numbers saved.'),
        onError: (err) => toast.error(errorMessage(err, 'The serial numbers could not be saved.')),
      },
    );
  };
  // A scanner ends each code with Enter: go to the next unit's field instead of sending the form.
  const next = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    const fields = [
      ...(e.currentTarget.form?.querySelectorAll<HTMLInputElement>('input[data-serial]') ?? []),
    ];
    const after = fields[fields.indexOf(e.currentTarget) + 1];
    if (after) {
      e.preventDefault();
      after.focus();
    }
  };

  return (
    <section className="panel" aria-labelledby="serials-title">
      <h2 id="serials-title">Serial numbers (IMEI)</h2>
      <form className="form" onSubmit={submit} noValidate>
        {lines.map((l, i) => (
          <fieldset key={l.line} className="field">
            <legend className="field-label">
              {l.line}. {l.name}
            </legend>
            {form[i]?.map((value, u) => (
              <input
                key={u}
                data-serial
                aria-label={`Serial number of ${l.name}, unit ${u + 1}`}
                maxLength={40}
                spellCheck={false}
                readOnly={!canWrite}
                value={value}
                onKeyDown={next}
                onChange={(e) =>
                  setForm(
                    form.map((units, j) =>
                      j === i ? units.map((s, k) => (k === u ? e.target.value : s)) : units,
                    ),
                  )
                }
              />
            ))}
          </fieldset>
        ))}
        {canWrite && <FormActions busy={save.isPending} label="Save serial numbers" />}
      </form>
    </section>
  );
}

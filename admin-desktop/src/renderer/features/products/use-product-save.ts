import { errorMessage } from '@voltcart/api-client/http';
import type { Product } from '@voltcart/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { textFields } from '../../lib/form-binding';
import { useApiMutation } from '../../lib/mutations';
import { staleAfter } from '../../lib/query-keys';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { toast } from '../../stores/toast';
import { EMPTY, type FormState, fromProduct, type ProductFields, toProductInput } from './product-form-state';
import { type ProductBody, type ProductUpdate, productChanges, stockConflict } from './product-save';

/**
 * The product form's state and its save: the fields, the thumbnail chosen, the upload's progress, the message
 * to show, and a stock conflict the save ran into.
 */
export function useProductSave(productId: string | undefined, current: Product | null) {
  const editing = Boolean(productId);
  const navigate = useNavigate();
  // The product as loaded (what a save compares with), moved on to the current values after a stock conflict.
  const [start, setStart] = useState<FormState>(() => (current ? fromProduct(current) : EMPTY));
  const [f, setF] = useState<FormState>(start);
  const [thumb, setThumb] = useState<File[]>([]);
  const { allowLeave } = useUnsavedChanges(thumb.length > 0 || JSON.stringify(f) !== JSON.stringify(start));
  const [sent, setSent] = useState<number | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [stockMoved, setStockMoved] = useState<{ expectedStock: number; currentStock: number } | null>(null);
  const conflictRef = useRef<HTMLDivElement>(null);
  // The message is at the top of the form, the Save button at the bottom: bring it into view, and the focus
  // to the stock field it is about.
  useEffect(() => {
    if (!stockMoved) return;
    conflictRef.current?.scrollIntoView?.({ block: 'start' });
    document.getElementById('p-stock')?.focus({ preventScroll: true });
  }, [stockMoved]);
  const save = useApiMutation(
    (body: ProductBody | ProductUpdate) => {
      const file = body.thumbnail;
      const onUploadProgress = file
        ? (loaded: number, total: number) => setSent((loaded / Math.max(1, total)) * 100)
        : undefined;
      return productId
        ? api.product.update({ params: { id: productId }, body }, { onUploadProgress })
        : api.product.create({ body: body as ProductBody }, { onUploadProgress });
    },
    staleAfter.product,
    // After a stock conflict the lists load again too, so they show the stock as it is now.
    { refreshOnRefusal: true },
  );
  const error =
    invalid ??
    (save.error && !stockConflict(save.error)
      ? errorMessage(save.error, 'The product could not be saved.')
      : null);

  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setF((s) => ({ ...s, [k]: v }));
  const field = textFields(f, setF);
  const fields: ProductFields = { f, set, bind: (k) => ({ name: k, ...field(k) }) };

  /**
   * A stock conflict (409): nothing was saved. The form moves on to the product as it is now: the stock and
   * every field the person had not touched take the current values; the fields they changed keep their edits.
   */
  const continueFrom = (now: Product) => {
    const latest = fromProduct(now);
    setF((edited) => {
      const next = { ...edited, stock: latest.stock };
      for (const k of Object.keys(latest) as (keyof FormState)[]) {
        if (JSON.stringify(edited[k]) === JSON.stringify(start[k])) Object.assign(next, { [k]: latest[k] });
      }
      return next;
    });
    setStart(latest);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { input, error: problem } = toProductInput(f);
    if (!input) {
      setInvalid(problem ?? 'Please check the form.');
      return;
    }
    // An update sends only what changed. (A product loaded with values this form would refuse cannot be
    // compared: it sends everything, its stock still compare-and-set.)
    const loaded = editing ? toProductInput(start).input : undefined;
    const body: ProductBody | ProductUpdate = loaded
      ? productChanges(loaded, input)
      : editing
        ? { ...input, expectedStock: Number(start.stock) }
        : input;
    const file = thumb[0];
    if (file) body.thumbnail = { blob: file, name: file.name };
    setInvalid(null);
    setStockMoved(null);
    if (Object.keys(body).length === 0) {
      toast.info('No changes to save.');
      allowLeave();
      navigate(paths.products);
      return;
    }
    setSent(file ? 0 : null);
    save.mutate(body, {
      onSuccess: (reply) => {
        toast.reply(reply, editing ? 'Product updated.' : 'Product created.');
        allowLeave();
        navigate(paths.products);
      },
      onError: (err) => {
        const conflict = stockConflict(err);
        if (!conflict) return;
        setStockMoved(conflict);
        continueFrom(conflict.product);
      },
      onSettled: () => setSent(null),
    });
  };

  return { fields, thumb, setThumb, sent, error, stockMoved, conflictRef, submit, busy: save.isPending };
}

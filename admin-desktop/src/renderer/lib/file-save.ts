import { errorMessage } from '@voltcart/api-client/http';
import { useState } from 'react';
import { toast } from '../stores/toast';

/**
 * Saving a file the API or the bridge makes (an invoice, a label, an export), for a button that says so while it
 * runs.
 * - `busy` names the save running (a document's number, an export's kind; true for a button's only one), else null
 * - what the save returns is the success notification; nothing (the person cancelled the save dialog): none
 * - a failure is an error notification: the API's message, else `failText`
 */
export function useFileSave<K = true>() {
  const [busy, setBusy] = useState<K | null>(null);
  const save = async (key: K, work: () => Promise<string | null | undefined>, failText: string) => {
    setBusy(key);
    try {
      const done = await work();
      if (done) toast.success(done);
    } catch (e) {
      toast.error(errorMessage(e, failText));
    } finally {
      setBusy(null);
    }
  };
  return { busy, save };
}

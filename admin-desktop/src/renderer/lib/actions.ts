import { errorMessage } from '@voltcart/api-client/http';
import { confirmDelete, showDeleted } from '../stores/dialog';
import { toast } from '../stores/toast';

/**
 * The delete flow: 'Are you sure?' → the call (whose mutation reloads the list) → 'Deleted!' with the
 * item's text. A refusal (e.g. a category still used by products) shows the API's message. Returns true when
 * deleted.
 */
export async function deleteWithConfirm(opts: {
  remove: () => Promise<unknown>;
  doneText: string;
}): Promise<boolean> {
  if (!(await confirmDelete())) return false;
  try {
    await opts.remove();
  } catch (e) {
    toast.error(errorMessage(e, 'The item could not be deleted. Please try again.'));
    return false;
  }
  await showDeleted(opts.doneText);
  return true;
}

/** A status toggle: the call (whose mutation reloads the list), then the server's msg as a notification. */
export async function toggleWith(run: () => Promise<{ flag?: number; msg?: string }>): Promise<void> {
  try {
    toast.reply(await run(), 'Status updated.');
  } catch (e) {
    toast.error(errorMessage(e, 'The status could not be changed. Please try again.'));
  }
}

/**
 * A settings form's failed save: the message stays above the form (through `show`) and is a notification too.
 */
export function failedSave(show: (message: string) => void, fallback: string) {
  return (err: unknown) => {
    const msg = errorMessage(err, fallback);
    show(msg);
    toast.error(msg);
  };
}

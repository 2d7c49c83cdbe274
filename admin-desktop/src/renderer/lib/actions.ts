import { errorMessage } from '@voltcart/api-client/http';
import type { ApiReply } from '@voltcart/shared';
import { confirmDelete, showDeleted } from '../stores/dialog';
import { toast } from '../stores/toast';

/**
 * The seed's delete flow: 'Are you sure?' → the call → the list reloads → 'Deleted!' with the item's text.
 * A refusal (e.g. a category still used by products) shows the API's message. Returns true when deleted.
 */
export async function deleteWithConfirm(opts: {
  remove: () => Promise<ApiReply>;
  doneText: string;
  after?: () => void;
}): Promise<boolean> {
  if (!(await confirmDelete())) return false;
  try {
    await opts.remove();
  } catch (e) {
    toast.error(errorMessage(e, 'The item could not be deleted. Please try again.'));
    return false;
  }
  opts.after?.();
  await showDeleted(opts.doneText);
  return true;
}

/** A status toggle: the server's msg as a notification, then the list reloads (seed §4). */
export async function toggleWith(run: () => Promise<ApiReply>, after?: () => void): Promise<void> {
  try {
    toast.reply(await run(), 'Status updated.');
    after?.();
  } catch (e) {
    toast.error(errorMessage(e, 'The status could not be changed. Please try again.'));
  }
}

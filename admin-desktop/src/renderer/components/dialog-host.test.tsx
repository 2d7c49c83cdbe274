// The back office's dialogs for the keyboard: 'Are you sure?' opens as a modal <dialog> with the focus on Cancel
// (Enter must not delete), Tab and Shift+Tab stay inside, Escape (the dialog's cancel event) answers no;
// 'Deleted!' focuses its only button.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmDelete, showDeleted, useDialog } from '../stores/dialog';
import { cleanup, render } from '../testing/render';

const focused = () => document.activeElement?.textContent;
const press = (key: string, shiftKey = false) =>
  act(async () => {
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true }));
  });
/** What the browser does on Escape in a modal dialog: a cancelable `cancel` event (then closes it unless prevented). */
const cancelByEscape = (dialog: Element) =>
  act(async () => {
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    if (!cancel.defaultPrevented) (dialog as HTMLDialogElement).close();
  });

beforeEach(() => useDialog.setState({ current: null }));
afterEach(cleanup);

describe('dialogs and the keyboard', () => {
  it("'Are you sure?' is a modal dialog that focuses Cancel; Tab stays inside; Escape answers no", async () => {
    await render(<p>page</p>);
    let answer: Promise<boolean> | undefined;
    await act(async () => {
      answer = confirmDelete();
    });
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog).toBeInstanceOf(HTMLDialogElement);
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(focused()).toBe('Cancel');
    // At the edges the dialog moves the focus itself (a synthetic key press moves nothing in between).
    await press('Tab');
    expect(focused()).toBe('Yes, delete it!');
    await press('Tab', true);
    expect(focused()).toBe('Cancel');
    await cancelByEscape(dialog);
    expect(await answer).toBe(false);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it("'Deleted!' focuses its only button", async () => {
    await render(<p>page</p>);
    await act(async () => {
      void showDeleted('Your product has been deleted.');
    });
    expect(focused()).toBe('OK');
  });
});

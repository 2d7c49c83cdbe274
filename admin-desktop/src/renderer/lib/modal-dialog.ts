import { type RefObject, useLayoutEffect } from 'react';

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * Tab past the last control, or Shift+Tab before the first, goes round to the other end. A modal dialog keeps
 * the page behind inert but is no trap: there the browser hands the focus to its own toolbar, and in the
 * desktop app, which has none, to nothing (one key press that seems lost).
 */
function wrapTab(dialog: HTMLDialogElement, e: KeyboardEvent) {
  if (e.key !== 'Tab' || e.defaultPrevented) return;
  const items = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => !el.closest('[inert]') && el.getClientRects().length > 0,
  );
  const first = items[0];
  const last = items.at(-1);
  const at = document.activeElement;
  if (first && !(e.shiftKey ? at === first || at === dialog : at === last)) return;
  e.preventDefault();
  (e.shiftKey ? last : first)?.focus();
}

/**
 * Shows a `<dialog>` as a modal for as long as its component is mounted. The browser then does most of what
 * the WAI-ARIA dialog pattern asks: the page behind is inert (Tab and clicks never reach it, a second modal
 * stacks on top and has the keys), Escape fires the dialog's `cancel` event, and on close the focus goes back
 * to where it was.
 * - focus moves to `initialFocus` when given (the safe answer of a question), else to the dialog itself
 * - Tab cycles through the dialog's controls (wrapTab)
 * - the owner closes the dialog by unmounting it: its `cancel` handler prevents the browser's own close and
 *   calls the owner's
 */
export function useModalDialog(
  dialog: RefObject<HTMLDialogElement | null>,
  initialFocus?: RefObject<HTMLElement | null>,
): void {
  // A layout effect: the dialog is modal, with the focus inside, before it is first painted.
  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const onKey = (e: KeyboardEvent) => wrapTab(el, e);
    el.addEventListener('keydown', onKey);
    el.showModal();
    (initialFocus?.current ?? el).focus();
    return () => {
      el.removeEventListener('keydown', onKey);
      el.close();
    };
  }, [dialog, initialFocus]);
}

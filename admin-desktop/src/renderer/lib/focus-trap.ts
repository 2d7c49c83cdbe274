import { type RefObject, useLayoutEffect, useRef } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab visits inside `box`, in order. */
function focusables(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[inert]') && el.getClientRects().length > 0,
  );
}

/** Open traps, innermost last: only the innermost handles keys and focus. */
const open: HTMLElement[] = [];

/**
 * Keeps keyboard focus inside a modal box while it is shown (WAI-ARIA dialog pattern):
 * - focus moves in when it opens (to `initialFocus`, else the box itself) and back to where it was after
 * - Tab and Shift+Tab cycle through the box's controls; focus that lands outside (a click behind the
 *   backdrop, a script) is brought back
 * - Escape calls `onEscape`
 * With two modals open (a confirmation over a popup) the innermost one has the keys.
 */
export function useFocusTrap(
  box: RefObject<HTMLElement | null>,
  opts: { onEscape: () => void; initialFocus?: RefObject<HTMLElement | null> },
): void {
  const onEscape = useRef(opts.onEscape);
  onEscape.current = opts.onEscape;
  const initial = opts.initialFocus;
  // A layout effect: the focus is inside before the dialog is first painted (and before anyone can press a key).
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = document.activeElement as HTMLElement | null;
    open.push(el);
    (initial?.current ?? el).focus();
    const innermost = () => open[open.length - 1] === el;

    const onKey = (e: KeyboardEvent) => {
      if (!innermost()) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        onEscape.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables(el);
      if (items.length === 0) {
        e.preventDefault();
        el.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const at = document.activeElement;
      const inside = at instanceof Node && el.contains(at) && at !== el;
      if (e.shiftKey && (!inside || at === first)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (!inside || at === last)) {
        e.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (e: FocusEvent) => {
      if (innermost() && e.target instanceof Node && !el.contains(e.target)) el.focus();
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', onFocusIn);
      open.splice(open.indexOf(el), 1);
      if (before?.isConnected) before.focus();
    };
  }, [box, initial]);
}

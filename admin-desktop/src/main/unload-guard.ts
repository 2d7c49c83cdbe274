/** The native question asked when the window is closing or reloading over unsaved changes. */
export const UNLOAD_QUESTION = {
  type: 'question',
  buttons: ['Leave without saving', 'Stay on this page'],
  defaultId: 1,
  cancelId: 1,
  noLink: true,
  title: 'Leave this page?',
  message: 'Your changes have not been saved.',
  detail: 'Closing or reloading the window now loses them.',
} as const;

/**
 * Electron shows no "Leave site?" prompt of its own: when a page's beforeunload asks to stay (a form with
 * unsaved changes, see renderer/lib/unsaved-changes.ts), the window just stays open and nothing says why.
 * Electron then emits 'will-prevent-unload' on the web contents; this asks staff (Stay is the default and the
 * answer to Escape) and, when they choose to leave, lets the unload go ahead (preventDefault on this event
 * means "unload anyway"). Returns whether the window may unload.
 */
export function confirmUnload(
  event: { preventDefault(): void },
  ask: (question: typeof UNLOAD_QUESTION) => number,
): boolean {
  const leave = ask(UNLOAD_QUESTION) === 0;
  if (leave) event.preventDefault();
  return leave;
}

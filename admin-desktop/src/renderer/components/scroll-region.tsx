import type { ReactNode } from 'react';

/** A box that scrolls a wide table sideways: focusable, so it can be scrolled with the keyboard. */
export function ScrollRegion(props: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable)
    <section className="table-scroll" aria-labelledby={props.labelledBy} tabIndex={0}>
      {props.children}
    </section>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { DialogHost } from '../components/dialog-host';
import { createQueryClient } from '../lib/query-client';

// Tell React that updates are wrapped in act() here.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted: Root[] = [];

/**
 * Renders a screen at `path` (matched by `pattern`) as the app does: a fresh query cache (the app's defaults), a
 * memory router and the dialog host. Returns the container and the router's current path + search.
 */
export async function render(ui: ReactNode, { path = '/', pattern = '*' } = {}) {
  const queryClient = createQueryClient();
  // Anywhere else (where a screen navigates to after a save) renders nothing.
  const routes = [{ path: pattern, element: ui }, ...(pattern === '*' ? [] : [{ path: '*', element: null }])];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  mounted.push(root);
  await act(async () => {
    root.render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <DialogHost />
      </QueryClientProvider>,
    );
  });
  return {
    container,
    queryClient,
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}

export function cleanup(): void {
  for (const root of mounted.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
}

/** The button whose text is `text` (whole text, trimmed). */
export function button(within: ParentNode, text: string): HTMLButtonElement {
  const found = [...within.querySelectorAll<HTMLButtonElement>('button')].find(
    (b) => b.textContent?.trim() === text,
  );
  if (!found) throw new Error(`No button "${text}"`);
  return found;
}

export async function click(el: Element): Promise<void> {
  await act(async () => {
    (el as HTMLElement).click();
  });
}

/** Sets an input's value the way React notices (native setter + input event). */
export async function type(input: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/**
 * Lets timers up to `ms` run and pending promises (and the updates they cause) settle. A settled request
 * reaches the screen over several task turns (the query cache notifies its observers in a timer of its
 * own), so a few more turns follow: counted turns, not time, so a slow machine waits just as far.
 */
export async function wait(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms));
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
}

/** A promise the test settles itself. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

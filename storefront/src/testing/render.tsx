import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

// Tell React that updates are wrapped in act() here.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  /** The current path + search of the memory router. */
  location: () => string;
  unmount: () => void;
}

const mounted: Root[] = [];

/**
 * Renders `ui` at `path` inside a memory router. `routes` adds other paths (e.g. a redirect target),
 * each rendering a marker `<p data-route="...">` so tests can see where navigation went.
 */
export async function render(
  ui: ReactNode,
  { path = '/', pattern = '*', routes = [] as string[] } = {},
): Promise<Rendered> {
  const router = createMemoryRouter(
    [
      ...routes.map((r) => ({ path: r, element: <p data-route={r}>route {r}</p> })),
      { path: pattern, element: ui },
    ],
    { initialEntries: [path] },
  );
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  mounted.push(root);
  await act(async () => {
    root.render(<RouterProvider router={router} />);
  });
  return {
    container,
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
    unmount: () => act(() => root.unmount()),
  };
}

export function cleanup(): void {
  for (const root of mounted.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
}

/** Finds the button (or link) whose text content contains `text`. */
export function button(container: ParentNode, text: string | RegExp): HTMLButtonElement {
  const found = [...container.querySelectorAll<HTMLButtonElement>('button, a')].find((b) =>
    typeof text === 'string' ? (b.textContent ?? '').includes(text) : text.test(b.textContent ?? ''),
  );
  if (!found) throw new Error(`No button with text ${String(text)}`);
  return found;
}

export async function click(el: Element): Promise<void> {
  await act(async () => {
    (el as HTMLElement).click();
  });
}

/** Sets an input's value the way React notices (native setter + input event). */
export async function type(input: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  await act(async () => {
    const proto =
      input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function submit(form: HTMLFormElement): Promise<void> {
  await act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

/** Lets pending promises (and the state updates they cause) settle. */
export async function flush(): Promise<void> {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

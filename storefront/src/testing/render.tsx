import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeQueryClient } from '../lib/query-client';

// Tell React that updates are wrapped in act() here.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  /** The current path + search of the memory router. */
  location: () => string;
  unmount: () => void;
}

const mounted: Root[] = [];

/** Keeps the memory router's current path + search in `into.current`. */
function Where({ into }: { into: { current: string } }) {
  const { pathname, search } = useLocation();
  into.current = `${pathname}${search}`;
  return null;
}

/** A query cache for a test: nothing is tried again, so a failure shows at once. */
export function testQueryClient(): QueryClient {
  const client = makeQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

/**
 * Renders `ui` at `path` inside a memory router and a query cache (a fresh one unless `queryClient` is
 * given). `routes` adds other paths (e.g. a redirect target), each rendering a marker
 * `<p data-route="...">` so tests can see where navigation went.
 */
export async function render(
  ui: ReactNode,
  {
    path = '/',
    pattern = '*',
    routes = [] as string[],
    queryClient = testQueryClient(),
  }: { path?: string; pattern?: string; routes?: string[]; queryClient?: QueryClient } = {},
): Promise<Rendered> {
  const where = { current: path };
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  mounted.push(root);
  await act(async () => {
    root.render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Where into={where} />
          <Routes>
            {routes.map((r) => (
              <Route key={r} path={r} element={<p data-route={r}>route {r}</p>} />
            ))}
            <Route path={pattern} element={ui} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
  return {
    container,
    location: () => where.current,
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
export async function type(
  input: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  value: string,
): Promise<void> {
  await act(async () => {
    const proto =
      input instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : input instanceof HTMLSelectElement
          ? HTMLSelectElement.prototype
          : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(input, value);
    // A list answers its choice with `change`; a text field with `input`.
    input.dispatchEvent(
      new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
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

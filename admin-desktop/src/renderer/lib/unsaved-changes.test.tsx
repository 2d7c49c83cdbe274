// The unsaved-changes guard on a memory router: a navigation away from a dirty form waits for the answer
// (Stay keeps the page, Leave goes on), a clean form is left at once, a save lets its own navigation through,
// and a Stay followed at once by another navigation asks again (blocked → idle → blocked within one render).
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DialogHost } from '../components/dialog-host';
import { useDialog } from '../stores/dialog';
import { wait } from '../testing/render';
import { useUnsavedChanges } from './unsaved-changes';

let root: Root | null = null;
let allow: () => void = () => {};

function Form(props: { dirty: boolean }) {
  const [dirty] = useState(props.dirty);
  allow = useUnsavedChanges(dirty).allowLeave;
  return <p>form</p>;
}

async function mount(dirty: boolean) {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <Form dirty={dirty} /> },
      { path: '/list', element: <p>list</p> },
      { path: '/other', element: <p>other</p> },
    ],
    { initialEntries: ['/list', '/form'], initialIndex: 1 },
  );
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <>
        <RouterProvider router={router} />
        <DialogHost />
      </>,
    );
  });
  return router;
}

const question = () => useDialog.getState().current;
const answer = (leave: boolean) => act(async () => useDialog.getState().close(leave));

beforeEach(() => useDialog.setState({ current: null }));
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('useUnsavedChanges', () => {
  it('asks before leaving a dirty form; Stay keeps the page, Leave goes on', async () => {
    const router = await mount(true);
    await act(async () => void router.navigate('/other'));
    await wait();
    expect(question()?.title).toBe('Leave this page?');
    expect(document.activeElement?.textContent).toBe('Stay on this page');
    await answer(false);
    await wait();
    expect(router.state.location.pathname).toBe('/form');
    await act(async () => void router.navigate('/other'));
    await wait();
    await answer(true);
    await wait();
    expect(router.state.location.pathname).toBe('/other');
  });

  it('leaves a clean form at once, and lets a save through', async () => {
    const clean = await mount(false);
    await act(async () => void clean.navigate('/other'));
    await wait();
    expect(question()).toBeNull();
    expect(clean.state.location.pathname).toBe('/other');
    act(() => root?.unmount());

    const saved = await mount(true);
    allow();
    await act(async () => void saved.navigate('/list'));
    await wait();
    expect(question()).toBeNull();
    expect(saved.state.location.pathname).toBe('/list');
  });

  it('asks again when a Stay is followed at once by another navigation (the back button)', async () => {
    const router = await mount(true);
    await act(async () => void router.navigate('/other'));
    await wait();
    expect(question()).not.toBeNull();
    await act(async () => {
      useDialog.getState().close(false);
      await Promise.resolve();
      void router.navigate(-1);
    });
    await wait();
    expect(question()?.title).toBe('Leave this page?');
    expect(router.state.location.pathname).toBe('/form');
    await answer(true);
    await wait();
    expect(router.state.location.pathname).toBe('/list');
  });
});

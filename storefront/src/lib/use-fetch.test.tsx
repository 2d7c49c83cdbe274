import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, flush, render } from '../testing/render';
import { clearFetchCache, prefetch, remember } from './request-cache';
import { useFetch } from './use-fetch';

function Show({ id, load }: { id: string; load: () => Promise<string> }) {
  const { data, loading } = useFetch(id, load);
  return <p data-testid="out">{loading ? 'Loading' : data}</p>;
}

/** Stores a response while the page renders: as when a request finishes between a render and its effects. */
function ArrivesDuringRender({ id, data }: { id: string; data: string }) {
  remember(id, data);
  return null;
}

const out = (c: HTMLElement) => c.querySelector('[data-testid="out"]')?.textContent;

beforeEach(() => clearFetchCache());
afterEach(cleanup);

describe('useFetch', () => {
  it('shows cached data at once and picks up a request already on its way', async () => {
    remember('a', 'cached A');
    const first = await render(<Show id="a" load={async () => 'never asked'} />);
    expect(out(first.container)).toBe('cached A');

    let finish!: (v: string) => void;
    void prefetch('b', () => new Promise<string>((r) => (finish = r)));
    const second = await render(<Show id="b" load={async () => 'asked again'} />);
    expect(out(second.container)).toBe('Loading');
    finish('prefetched B');
    await flush();
    expect(out(second.container)).toBe('prefetched B');
  });

  it('shows a response that arrived between the render and its effects (it does not wait forever)', async () => {
    const { container } = await render(
      <>
        <Show id="c" load={() => new Promise<string>(() => undefined)} />
        <ArrivesDuringRender id="c" data="arrived C" />
      </>,
    );
    await flush();
    expect(out(container)).toBe('arrived C');
  });
});

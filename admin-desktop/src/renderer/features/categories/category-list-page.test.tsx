// The category list on the data layer: a failed load empties the list with its message above it and no
// notification; a toggle and a delete reload the list (the mutation invalidates it) and say what
// the server said.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const category = vi.hoisted(() => ({ list: vi.fn(), toggle: vi.fn(), remove: vi.fn() }));
vi.mock('../../lib/api', () => ({ api: { category }, imageSrc: () => null }));

import { ApiError } from '@voltcart/api-client/http';
import type { Category } from '@voltcart/shared';
import { useDialog } from '../../stores/dialog';
import { useToasts } from '../../stores/toast';
import { button, cleanup, click, render, wait } from '../../testing/render';
import { CategoryListPage } from './category-list-page';

const phones: Category = {
  _id: '1',
  name: 'Phones',
  slug: 'phones',
  Image: '',
  status: true,
  productCount: 3,
};
const toasts = () => useToasts.getState().toasts.map((t) => [t.kind, t.msg]);
const rows = (c: HTMLElement) => [...c.querySelectorAll('tbody tr')].map((r) => r.textContent);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

beforeEach(() => {
  useToasts.setState({ toasts: [] });
  useDialog.setState({ current: null });
  for (const fn of Object.values(category)) fn.mockReset();
});
afterEach(cleanup);

describe('category list', () => {
  it('a failed load empties the list and shows why above it, without a notification', async () => {
    category.list.mockRejectedValue(new ApiError('Cannot reach the shop server.', 0, 'network'));
    const { container } = await render(<CategoryListPage />);
    await wait();
    expect(rows(container)).toEqual(['No categories available']);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Cannot reach the shop server.');
    expect(toasts()).toEqual([]);

    category.list.mockResolvedValue({ flag: 1, msg: '', categories: [phones] });
    await click(button(container, 'Try again'));
    await wait();
    expect(rows(container)).toHaveLength(1);
    expect(rows(container)[0]).toContain('Phones');
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it("a toggle reloads the list and shows the server's message", async () => {
    category.list.mockResolvedValue({ flag: 1, msg: '', categories: [phones] });
    const { container } = await render(<CategoryListPage />);
    await wait();
    category.toggle.mockResolvedValue({ flag: 1, msg: 'Category status updated.', category: phones });
    category.list.mockResolvedValue({ flag: 1, msg: '', categories: [{ ...phones, status: false }] });
    await click(button(container, 'Active'));
    await wait();
    expect(category.toggle).toHaveBeenCalledWith({ params: { id: '1' } });
    expect(category.list).toHaveBeenCalledTimes(2);
    expect(button(container, 'Inactive')).toBeTruthy();
    expect(toasts()).toEqual([['success', 'Category status updated.']]);
  });

  it("a delete asks first, reloads the list, then says 'Deleted!'", async () => {
    category.list.mockResolvedValue({ flag: 1, msg: '', categories: [phones] });
    const { container } = await render(<CategoryListPage />);
    await wait();
    category.remove.mockResolvedValue({ flag: 1, msg: 'Category deleted.' });
    category.list.mockResolvedValue({ flag: 1, msg: '', categories: [] });
    await click(button(container, 'Delete'));
    expect(dialog()?.textContent).toContain('Are you sure?');
    await click(button(dialog()!, 'Yes, delete it!'));
    await wait();
    expect(category.remove).toHaveBeenCalledWith({ params: { id: '1' } });
    expect(rows(container)).toEqual(['No categories available']);
    expect(dialog()?.textContent).toContain('Your category has been deleted.');
  });
});

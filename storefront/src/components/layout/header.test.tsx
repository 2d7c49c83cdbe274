import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const m = vi.hoisted(() => ({ user: { logout: vi.fn() }, cart: {}, catalog: { categories: vi.fn() } }));
vi.mock('../../lib/api', async () => (await import('../../testing/api-mock')).apiMock(m));

import { useCart } from '../../stores/cart-store';
import { useSession } from '../../stores/session-store';
import { button, cleanup, click, flush, render, submit, type } from '../../testing/render';
import { Header } from './header';

const user = {
  _id: '1',
  name: 'Kiran Shah',
  email: 'k@example.in',
  shipping_address: [],
  emailVerified: true,
};

beforeEach(() => {
  localStorage.clear();
  useSession.setState({ data: null, userToken: null });
  useCart.setState({ items: [], count: 0, finalTotal: 0, originalTotal: 0 });
  m.user.logout.mockReset().mockResolvedValue({ flag: 1, msg: 'Logged out' });
});
afterEach(cleanup);

describe('Header', () => {
  it('has the shop menu: HOME, ABOUT → /ghar, STORE, PROFILE, CONTACT → /contact, LOG IN → /login?ref=Products', async () => {
    const { container } = await render(<Header />);
    const links = Object.fromEntries(
      [...container.querySelectorAll('nav a')].map((a) => [a.textContent, a.getAttribute('href')]),
    );
    expect(links).toMatchObject({
      HOME: '/',
      ABOUT: '/ghar',
      STORE: '/store',
      PROFILE: '/profile',
      CONTACT: '/contact',
      'LOG IN': '/login?ref=Products',
    });
    expect(container.textContent).not.toContain('LOG OUT');
  });

  it('the phone menu lists the categories once opened', async () => {
    m.catalog.categories.mockResolvedValue([
      { _id: '1', name: 'Phones', slug: 'phones', Image: '', status: true, productCount: 3 },
      { _id: '2', name: 'Audio', slug: 'audio', Image: '', status: true, productCount: 2 },
    ]);
    const { container } = await render(<Header />);
    expect(container.textContent).not.toContain('Shop by category');
    expect(m.catalog.categories).not.toHaveBeenCalled();
    await click(button(container, 'Menu'));
    const nav = container.querySelector('nav')!;
    // Its code loads when the menu first opens.
    await vi.waitFor(async () => {
      await flush();
      expect(nav.querySelector('h2')?.textContent).toBe('Shop by category');
    });
    const hrefs = [...nav.querySelectorAll('.site-nav__categories a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(hrefs).toEqual([
      ['Phones', '/store/phones'],
      ['Audio', '/store/audio'],
    ]);
  });

  it('shows the cart count and total', async () => {
    useCart.setState({
      items: [
        {
          productId: '1',
          name: 'A',
          thumbnail: '',
          colorId: null,
          colorName: null,
          memorySize: null,
          qty: 3,
          unitPrice: 1000.5,
          unitOriginalPrice: 1200,
        },
      ],
      count: 3,
      finalTotal: 3001.5,
      originalTotal: 3600,
    });
    const { container } = await render(<Header />);
    expect(container.querySelector('[data-testid="cart-count"]')?.textContent).toBe('3');
    expect(container.querySelector('[data-testid="cart-total"]')?.textContent).toBe('₹3,001.5');
    // Named by what it shows, in the page's order, with the word a screen reader needs in parentheses.
    const link = container.querySelector('a[href="/cart"]')!;
    expect(link.textContent).toBe('Cart 3 ₹3,001.5');
    expect(link.getAttribute('aria-label')).toBe('Cart, 3 (items), ₹3,001.5');
  });

  it('LOG OUT revokes the session on the server, clears it and empties the cart', async () => {
    useSession.getState().setUser(user, 'tok');
    await useCart.getState().addItem({
      productId: '1',
      name: 'A',
      thumbnail: '',
      colorId: null,
      colorName: null,
      memorySize: null,
      unitPrice: 10,
      unitOriginalPrice: 10,
    });
    const { container } = await render(<Header />);
    expect(container.textContent).not.toContain('LOG IN');
    await click(button(container, 'LOG OUT'));
    await flush();
    expect(m.user.logout).toHaveBeenCalled();
    expect(useSession.getState().userToken).toBeNull();
    expect(useCart.getState().items).toEqual([]);
    expect(localStorage.getItem('user')).toBeNull();
    expect(container.textContent).toContain('LOG IN');
  });

  it('the search box searches the store', async () => {
    const r = await render(<Header />);
    await type(r.container.querySelector('input[type="search"]')!, '  galaxy tab ');
    await submit(r.container.querySelector('form')!);
    expect(r.location()).toBe('/store?q=galaxy%20tab');
  });

  it('the menu button opens and closes the mobile menu', async () => {
    const { container } = await render(<Header />);
    const toggle = container.querySelector<HTMLButtonElement>('[aria-controls]')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(container.querySelector('nav.site-nav')?.classList.contains('is-open')).toBe(true);
  });
});

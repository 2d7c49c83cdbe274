import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const userApi = vi.hoisted(() => ({ login: vi.fn(), register: vi.fn() }));
const cartApi = vi.hoisted(() => ({ moveToDb: vi.fn() }));
vi.mock('../../lib/api', async () =>
  (await import('../../testing/api-mock')).apiMock({ user: userApi, cart: cartApi }),
);

import { ApiError } from '@voltcart/api-client/errors';
import { useCart } from '../../stores/cart-store';
import { useNotifications } from '../../stores/notifications-store';
import { useSession } from '../../stores/session-store';
import { button, cleanup, click, flush, render, submit, type } from '../../testing/render';
import { afterLoginPath } from './after-login';
import { LoginPage, loginFailureMessage } from './login-page';

const user = { _id: '1', name: 'Ravi', email: 'ravi@example.in', shipping_address: [], emailVerified: true };
const messages = () => useNotifications.getState().notes.map((n) => n.msg);
const input = (c: HTMLElement, name: string) => c.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

beforeEach(() => {
  localStorage.clear();
  useSession.setState({ data: null, userToken: null });
  useCart.setState({ items: [], count: 0, finalTotal: 0, originalTotal: 0 });
  useNotifications.setState({ notes: [] });
  userApi.login.mockReset();
  userApi.register.mockReset();
  cartApi.moveToDb.mockReset().mockResolvedValue([]);
});
afterEach(cleanup);

const page = (ref = 'Products') =>
  render(<LoginPage />, { path: `/login?ref=${ref}`, pattern: '/login', routes: ['/', '/checkout'] });

describe('LoginPage', () => {
  it("login: 'Please fill all fields' when email or password is blank (after trimming)", async () => {
    const { container } = await page();
    await type(input(container, 'email'), '   ');
    await type(input(container, 'password'), 'secret123');
    await submit(container.querySelector('form')!);
    expect(messages()).toEqual(['Please fill all fields']);
    expect(userApi.login).not.toHaveBeenCalled();
  });

  it("login failure: 'Login failed. Check your credentials.'", async () => {
    userApi.login.mockRejectedValue(new ApiError('Wrong email or password.', 401, 'unauthorized'));
    const { container } = await page();
    await type(input(container, 'email'), 'ravi@example.in');
    await type(input(container, 'password'), 'nope-nope');
    await submit(container.querySelector('form')!);
    await flush();
    expect(messages()).toEqual(['Login failed. Check your credentials.']);
  });

  it('login success keeps the session, merges the guest cart and goes home (ref=Products)', async () => {
    userApi.login.mockResolvedValue({ flag: 1, msg: 'Welcome back', user, token: 'tok' });
    await useCart.getState().addItem({
      productId: '3',
      name: 'Cable',
      thumbnail: '',
      colorId: null,
      colorName: null,
      memorySize: null,
      unitPrice: 499,
      unitOriginalPrice: 699,
    });
    const r = await page();
    await type(input(r.container, 'email'), ' ravi@example.in ');
    await type(input(r.container, 'password'), 'secret123');
    await submit(r.container.querySelector('form')!);
    await flush();
    expect(userApi.login).toHaveBeenCalledWith('ravi@example.in', 'secret123');
    expect(useSession.getState().userToken).toBe('tok');
    expect(cartApi.moveToDb).toHaveBeenCalledWith([
      { productId: '3', qty: 1, colorId: null, memorySize: null },
    ]);
    expect(r.location()).toBe('/');
  });

  it("register: 'All fields are required', then 'Passwords do not match'", async () => {
    const { container } = await page();
    await click(button(container, 'Register'));
    expect(button(container, 'REGISTER')).toBeTruthy();
    await type(input(container, 'name'), 'Ravi');
    await type(input(container, 'email'), 'ravi@example.in');
    await type(input(container, 'password'), 'secret123');
    await submit(container.querySelector('form')!);
    expect(messages()).toEqual(['All fields are required']);
    await type(input(container, 'confirmPassword'), 'secret124');
    await submit(container.querySelector('form')!);
    expect(messages()).toContain('Passwords do not match');
    expect(userApi.register).not.toHaveBeenCalled();
  });

  it("register success: 'Account created! You are now logged in.' and, with ref=checkout, on to /checkout", async () => {
    userApi.register.mockResolvedValue({ flag: 1, msg: 'Registered', user, token: 'tok' });
    const r = await page('checkout');
    await click(button(r.container, 'Register'));
    await type(input(r.container, 'name'), 'Ravi');
    await type(input(r.container, 'email'), 'ravi@example.in');
    await type(input(r.container, 'password'), 'secret123');
    await type(input(r.container, 'confirmPassword'), 'secret123');
    await submit(r.container.querySelector('form')!);
    await flush();
    expect(messages()).toContain('Account created! You are now logged in.');
    expect(r.location()).toBe('/checkout');
  });

  it("register failure starts with 'Registration failed. Try again.'", async () => {
    userApi.register.mockRejectedValue(new ApiError('That email is already registered.', 409, 'conflict'));
    const { container } = await page();
    await click(button(container, 'Register'));
    for (const [k, v] of Object.entries({
      name: 'R',
      email: 'r@x.in',
      password: 'secret123',
      confirmPassword: 'secret123',
    }))
      await type(input(container, k), v);
    await submit(container.querySelector('form')!);
    await flush();
    expect(messages()[0]).toMatch(/^Registration failed\. Try again\./);
  });

  it('a logged-in visitor is sent to /checkout when ref=checkout, else home', async () => {
    useSession.setState({ data: user, userToken: 'tok' });
    expect((await page('checkout')).location()).toBe('/checkout');
    cleanup();
    expect((await page('Products')).location()).toBe('/');
    expect(afterLoginPath(null)).toBe('/');
  });

  it('rate limiting and outages show the server message instead', () => {
    expect(
      loginFailureMessage(
        new ApiError('Too many attempts. Try again in 15 minutes.', 429, 'too_many_attempts'),
      ),
    ).toBe('Too many attempts. Try again in 15 minutes.');
    expect(loginFailureMessage(new Error('x'))).toBe('Login failed. Check your credentials.');
  });
});

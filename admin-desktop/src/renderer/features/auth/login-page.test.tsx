// The login page when the API gives no answer: a browser reports an API that refuses this page's origin
// (CORS) like one that is down; the page asks the API again without CORS and, when it answers, says which
// origin to add to CORS_ORIGINS instead of a bare network error.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const admin = vi.hoisted(() => ({ login: vi.fn() }));
vi.mock('../../lib/api', () => ({ api: { admin }, getApiUrl: () => 'http://localhost:5000' }));

import { ApiError } from '@voltcart/api-client/http';
import { button, cleanup, click, render, type, wait } from '../../testing/render';
import { LoginPage } from './login-page';

const NETWORK =
  'Cannot reach the shop server. Check your internet connection (or the API address) and try again.';

async function submit() {
  const { container } = await render(<LoginPage />, { path: '/admin/login' });
  await type(container.querySelector<HTMLInputElement>('#admin-email')!, 'admin@voltcart.test');
  await type(container.querySelector<HTMLInputElement>('#admin-password')!, 'secret-pass-1');
  await click(button(container, 'Login'));
  await wait(10);
  return container.querySelector('[role="alert"]')?.textContent ?? '';
}

beforeEach(() => {
  admin.login.mockRejectedValue(new ApiError(NETWORK, 0, 'network'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('login page without an answer from the API', () => {
  it('names the origin and CORS_ORIGINS when the API answers but refuses this page', async () => {
    const fetch = vi.fn().mockResolvedValue(new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const alert = await submit();
    expect(alert).toContain('Error from AdminLogin');
    expect(alert).toContain(
      `The API at http://localhost:5000 is running but refuses requests from this page's origin (${window.location.origin}).`,
    );
    expect(alert).toContain(`Add ${window.location.origin} to CORS_ORIGINS`);
    expect(alert).toContain('ADMIN_WEB_PORT');
    expect(fetch).toHaveBeenCalledWith(
      'http://localhost:5000/health',
      expect.objectContaining({ mode: 'no-cors' }),
    );
  });

  it('keeps the network message when the API does not answer at all', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const alert = await submit();
    expect(alert).toContain('Error from AdminLogin');
    expect(alert).toContain(NETWORK);
    expect(alert).not.toContain('CORS_ORIGINS');
  });

  it("a refused login still shows the server's message without asking again", async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    admin.login.mockRejectedValue(new ApiError('Invalid email or password.', 401, 'invalid_credentials'));
    const alert = await submit();
    expect(alert).toContain('Invalid email or password.');
    expect(fetch).not.toHaveBeenCalled();
  });
});

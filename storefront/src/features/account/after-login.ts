import { paths } from '../../config/paths';

/**
 * Where a visitor goes once logged in (`/login?ref=`):
 * - 'checkout' (the checkout's own, when it sends a logged-out shopper here) → the checkout
 * - a path of this shop ('/profile/orders/VC…', with its query) → that page, so a mail's "View your order" link
 *   opened while logged out comes back to the order
 * - anything else → home: another site ('//evil.example', 'https://evil.example', '/\evil.example', which
 *   browsers read as '//evil.example'), a word the shop's menu links use ('Products'), nothing
 */
export function afterLoginPath(ref: string | null): string {
  if (ref === 'checkout') return paths.checkout.to();
  if (!ref?.startsWith('/') || ref.startsWith('//') || /[\\\s]/.test(ref)) return paths.home.to();
  try {
    const base = 'http://shop.invalid';
    const url = new URL(ref, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : paths.home.to();
  } catch {
    return paths.home.to();
  }
}

/**
 * The device token the API gives at a successful login, kept per account in this browser and sent with the next
 * login: other people's failed attempts never hold this browser back.
 */
const deviceKey = (email: string) => `vc-device:${email.trim().toLowerCase()}`;

export function storedDevice(email: string): string | undefined {
  try {
    return localStorage.getItem(deviceKey(email)) ?? undefined;
  } catch {
    return undefined;
  }
}

export function keepDevice(email: string, device: string | undefined): void {
  if (!device) return;
  try {
    localStorage.setItem(deviceKey(email), device);
  } catch {
    // Private browsing without storage: the login still works, only without the device's head start.
  }
}

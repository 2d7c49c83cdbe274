import { afterEach, describe, expect, it, vi } from 'vitest';
import { signDevice, verifyDevice } from './rate-limit';

const SECRET = 'a-secret-of-at-least-thirty-two-chars';
const DEVICE = 'abcdefghijklmnopqrstuvwx';

describe('device tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('name their device for the same scope and e-mail only, unaltered, for 90 days', () => {
    const token = signDevice(SECRET, 'admin', 'owner@shop.in', DEVICE);
    expect(verifyDevice(SECRET, 'admin', 'owner@shop.in', token)).toBe(DEVICE);
    expect(verifyDevice(SECRET, 'customer', 'owner@shop.in', token)).toBeNull();
    expect(verifyDevice(SECRET, 'admin', 'other@shop.in', token)).toBeNull();
    expect(verifyDevice('another-secret-of-thirty-two-chars!!', 'admin', 'owner@shop.in', token)).toBeNull();
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyDevice(SECRET, 'admin', 'owner@shop.in', altered)).toBeNull();
    expect(verifyDevice(SECRET, 'admin', 'owner@shop.in', undefined)).toBeNull();
    expect(verifyDevice(SECRET, 'admin', 'owner@shop.in', 'not-a-token')).toBeNull();
    vi.useFakeTimers({ now: Date.now() + 91 * 86_400_000 });
    expect(verifyDevice(SECRET, 'admin', 'owner@shop.in', token)).toBeNull();
  });
});

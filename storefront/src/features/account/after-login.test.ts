import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './after-login';

describe('afterLoginPath', () => {
  it('comes back to a page of the shop, never to another site', () => {
    const table: [string | null, string][] = [
      ['checkout', '/checkout'],
      ['/profile/orders/VC123ABC', '/profile/orders/VC123ABC'],
      ['/store?q=phone#top', '/store?q=phone#top'],
      ['Products', '/'],
      [null, '/'],
      ['', '/'],
      ['//evil.example', '/'],
      ['https://evil.example', '/'],
      ['/\\evil.example', '/'],
      ['/\\/evil.example', '/'],
      ['/%5Cevil.example', '/%5Cevil.example'],
      ['javascript:alert(1)', '/'],
      ['/ /evil.example', '/'],
    ];
    for (const [ref, want] of table) expect(afterLoginPath(ref), String(ref)).toBe(want);
  });
});

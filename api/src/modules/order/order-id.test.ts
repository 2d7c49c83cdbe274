import { describe, expect, it } from 'vitest';
import { newPublicId, PUBLIC_ID_RE } from './order-id';

describe('order ids', () => {
  it("are 'VC' + 18 Crockford base32 characters, and do not repeat", () => {
    const ids = Array.from({ length: 2000 }, newPublicId);
    for (const id of ids) expect(id).toMatch(PUBLIC_ID_RE);
    expect(new Set(ids).size).toBe(ids.length);
    // Every character of the alphabet turns up: the ids are not drawn from a narrow range.
    expect(new Set(ids.join('').slice(2)).size).toBe(32);
  });
});

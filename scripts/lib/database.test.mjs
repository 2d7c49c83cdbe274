// Covers the private MariaDB's buffer pool setting (scripts/lib/database.mjs `bufferPoolSize`): 1 GB unless
// VOLTCART_DB_BUFFER_POOL names another size, and a malformed value stops with a message naming the variable.
import { describe, expect, it } from 'vitest';
import { bufferPoolSize } from './database.mjs';

describe('bufferPoolSize', () => {
  it('is 1G when VOLTCART_DB_BUFFER_POOL is unset or empty', () => {
    expect(bufferPoolSize(undefined)).toBe('1G');
    expect(bufferPoolSize('')).toBe('1G');
  });

  it('takes a size in bytes, K, M or G', () => {
    expect(bufferPoolSize('512M')).toBe('512M');
    expect(bufferPoolSize('2g')).toBe('2G');
    expect(bufferPoolSize('268435456')).toBe('268435456');
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['1 GB', 'lots', '0', '-1G', '1G; rm'])
      expect(() => bufferPoolSize(bad)).toThrow(/VOLTCART_DB_BUFFER_POOL/);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, defaultApiUrl, readEnv } from './env';

describe('runtime configuration', () => {
  it('reads the API address set by /config.js, without a trailing slash', () => {
    expect(readEnv({ apiUrl: 'https://api.voltcart.in/' })).toEqual({ apiUrl: 'https://api.voltcart.in' });
  });

  it('falls back to port 5000 on the page host when /config.js set nothing', () => {
    expect(readEnv(undefined).apiUrl).toBe(defaultApiUrl());
    expect(defaultApiUrl({ protocol: 'http:', hostname: '127.0.0.1' })).toBe('http://127.0.0.1:5000');
  });

  it('ignores whitespace around the address', () => {
    expect(readEnv({ apiUrl: '  http://10.0.0.5:5000//  ' })).toEqual({ apiUrl: 'http://10.0.0.5:5000' });
  });

  it.each([
    ['not a url'],
    ['ftp://files.example.com'],
    ['javascript:alert(1)'],
    ['http:/missing-slash.example'],
    ['https://'],
    [''],
    [42],
  ])('refuses %j with an error naming apiUrl', (apiUrl) => {
    expect(() => readEnv({ apiUrl })).toThrow(ConfigError);
    expect(() => readEnv({ apiUrl })).toThrow(/apiUrl/);
  });
});

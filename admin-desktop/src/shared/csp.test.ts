// The CSP builder: pictures may come from the bucket the API redirects image requests to (STORAGE_DRIVER=s3
// with S3_PUBLIC_URL); that origin is added to img-src only, and nothing but a plain http(s) origin can be.
import { describe, expect, it } from 'vitest';
import { buildCsp } from './csp';

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('buildCsp', () => {
  it('allows pictures from the configured image origin next to the API, and nothing else from it', () => {
    const csp = buildCsp({
      apiOrigin: 'https://api.voltcart.in',
      imageOrigins: ['https://cdn.voltcart.in'],
      header: true,
    });
    expect(directive(csp, 'img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://api.voltcart.in',
      'https://cdn.voltcart.in',
    ]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://api.voltcart.in']);
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
  });

  it('without an image origin, pictures come from the app and the API only (before: the bucket was refused)', () => {
    const csp = buildCsp({ apiOrigin: 'http://localhost:5000', header: true });
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://localhost:5000']);
  });

  it('ignores anything that is not a bare http(s) origin, so the policy can never be widened by it', () => {
    const csp = buildCsp({
      apiOrigin: 'http://localhost:5000',
      imageOrigins: [
        '*',
        "'unsafe-inline'",
        'https:',
        'https://cdn.voltcart.in/bucket',
        'javascript:alert(1)',
        'http://127.0.0.1:9000; script-src *',
        'http://127.0.0.1:9000',
      ],
    });
    expect(directive(csp, 'img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'http://localhost:5000',
      'http://127.0.0.1:9000',
    ]);
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
  });

  it('an image origin that is the API itself is named once', () => {
    const csp = buildCsp({ apiOrigin: 'http://localhost:5000', imageOrigins: ['http://localhost:5000'] });
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://localhost:5000']);
  });
});

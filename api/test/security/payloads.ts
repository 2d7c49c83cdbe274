import fc from 'fast-check';

/** Values an attacker (or a broken client) sends instead of what a field expects. */

export const ONE_MB = 'x'.repeat(1024 * 1024);
const HUNDRED_KB_EMOJI = '🔥'.repeat(25_000);

export const SQL = [
  "' OR 1=1 --",
  '1; DROP TABLE users',
  '"; DROP TABLE orders; --',
  "1' UNION SELECT email, name FROM admins --",
  "' AND SLEEP(5) --",
  '1) OR (1=1',
  '\\',
  "'",
  '%',
  '_',
];
export const SCRIPT = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '"><svg onload=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, literally
  '${7*7}',
];
export const TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil.exe',
  'שלום עולם',
  'مرحبا',
  '👨‍👩‍👧‍👦🔥',
  '\uFEFF',
  'Ａ',
  '../../etc/passwd',
  '%2e%2e%2f',
  '\r\nX-Injected: 1',
  '__proto__',
  'constructor',
];
export const NUMERIC_TEXT = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '-1e308',
  '9007199254740993',
  '0x10',
  '1,5',
  '1.999',
  '-1',
  '0',
  '00001',
  '1e-400',
];
export const NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  99.999,
  1e-7,
  2 ** 31,
  2 ** 32 + 1,
];

/** Field names worth injecting as extra fields (mass assignment, prototype pollution, identity). */
export const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'isAdmin',
  'role',
  'admin',
  'user_id',
  'userId',
  'id',
  '_id',
  'state',
  'status',
  'price',
  'finalPrice',
  'stock',
  'token_version',
  'password_hash',
];

const deep = (depth: number): unknown => (depth === 0 ? 'deep' : { a: deep(depth - 1) });

/** Any hostile value, JSON-representable. Huge strings are rare so that the run count stays useful. */
export const nasty: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...SQL, ...SCRIPT, ...TEXT, ...NUMERIC_TEXT) },
  { weight: 3, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(ONE_MB, HUNDRED_KB_EMOJI, '9'.repeat(5000)) },
  { weight: 2, arbitrary: fc.array(fc.constantFrom(...SQL, 1, null, {}), { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom({}, { $ne: null }, { $gt: '' }, [[]], deep(60), { toString: 'x' }),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
);

/** A hostile value as text, for query strings, path segments and form fields. */
export function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Object.is(v, -0)) return '-0';
  return JSON.stringify(v) ?? String(v);
}

/** encodeURIComponent that survives lone surrogates (which it refuses). */
export function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

/** Path segments that try to escape, overflow or confuse an id parameter. */
export const PARAMS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  ' 1',
  '9'.repeat(400),
  '18446744073709551616',
  '..',
  '%2e%2e',
  "1' OR '1'='1",
  '1;DROP TABLE users',
  'null',
  'undefined',
  '[object Object]',
  '<script>',
  '👾',
  'VC' + '0'.repeat(18),
  'vc00000000000000000000',
];

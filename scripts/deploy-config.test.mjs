// Covers the shipped deployment files (docker-compose.yml, deploy/): what a shop gets when it deploys them as
// they are: mails that link to the shop's public address, the storefront server told its address. nginx's
// headers are checked against the storefront's in storefront/server/security-headers.test.ts, its routing in
// the scale test (scripts/scale/), which serves deploy/nginx.conf itself.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const read = (file) => readFileSync(resolve(ROOT, file), 'utf8');

/** The `NAME: value` lines of a block of docker-compose.yml that starts at `header` (up to its next key at the same depth). */
function environment(compose, header) {
  const start = compose.indexOf(`\n${header}\n`);
  if (start < 0) throw new Error(`docker-compose.yml has no "${header}" block`);
  const indent = header.match(/^\s*/)[0].length;
  const env = {};
  for (const line of compose.slice(start + header.length + 2).split('\n')) {
    if (line.trim() && line.match(/^\s*/)[0].length <= indent) break;
    const m = /^\s+([A-Z_]+):\s*(.*)$/.exec(line);
    if (m) env[m[1]] = m[2].trim();
  }
  return env;
}

describe('the shipped deployment', () => {
  const compose = read('docker-compose.yml');
  const apiEnv = environment(compose.slice(compose.indexOf('x-api:')), '  environment:');

  it("gives the API the shop's public address for links in mails, required like the rest", () => {
    expect(apiEnv.NODE_ENV).toBe('production');
    expect(apiEnv.STOREFRONT_URL).toMatch(/^\$\{PUBLIC_URL:\?/);
  });

  it('requires PUBLIC_URL for the storefront server, which will not start in production without it', () => {
    const web = compose.slice(compose.indexOf('\n  web:'));
    expect(environment(web, '    environment:').PUBLIC_URL).toMatch(/^\$\{PUBLIC_URL:\?/);
    expect(read('deploy/web.Dockerfile')).not.toMatch(/^COPY scripts/m);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The database layer stands on its own: files under api/src/db may import each other, kysely, mysql2, node's
 * built-ins and @voltcart/shared, and nothing else (not lib/, modules/, config or app), so that the command line,
 * the benchmarks and the tests can use it without the rest of the API.
 */
const DB = import.meta.dirname;
const PACKAGES = ['kysely', 'mysql2', '@voltcart/shared'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path] : [];
  });
}

/** Every module a file names: static imports and re-exports (types too), and dynamic import(). */
function specifiers(code: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/(?:^|[;\s])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]/g))
    found.push(m[1]!);
  for (const m of code.matchAll(/(?:^|[;\s])import\s*['"]([^'"]+)['"]/g)) found.push(m[1]!);
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]!);
  return found;
}

function allowed(file: string, spec: string): boolean {
  if (spec.startsWith('.')) {
    const target = resolve(dirname(file), spec);
    return target === DB || target.startsWith(DB + sep);
  }
  if (spec.startsWith('node:') || builtinModules.includes(spec)) return true;
  return PACKAGES.some((p) => spec === p || spec.startsWith(`${p}/`));
}

describe('api/src/db imports', () => {
  it('reads every kind of import', () => {
    const code = [
      "import { a } from './a';",
      "import type { B } from '../lib/b';",
      "import sharp from 'sharp';",
      "export * from './c';",
      "import './side-effect';",
      "const m = await import('../config');",
      'import {',
      '  d,',
      "} from 'kysely/migration';",
    ].join('\n');
    expect(specifiers(code)).toEqual([
      './a',
      '../lib/b',
      'sharp',
      './c',
      'kysely/migration',
      './side-effect',
      '../config',
    ]);
  });

  it('stay within db/, kysely, mysql2, node built-ins and @voltcart/shared', () => {
    const files = sourceFiles(DB);
    expect(files.length).toBeGreaterThan(5);
    const outside = files.flatMap((f) =>
      specifiers(readFileSync(f, 'utf8'))
        .filter((s) => !allowed(f, s))
        .map((s) => `${relative(DB, f)} imports ${s}`),
    );
    expect(outside).toEqual([]);
  });
});

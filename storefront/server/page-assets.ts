/**
 * The styles and code of a page module that the shell (index.html) does not already load, from Vite's build
 * manifest (dist/.vite/manifest.json): its chunk and the chunks it imports statically, less those of the entry.
 * The server links them in a rendered page's head, so that the page is styled from its first paint (and
 * without JavaScript) and its code is fetched with the HTML instead of after the entry has run.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Loads the manifest of the build in `root`; `tagsFor(module)` gives the page's `<link>` tags ('' without one). */
export async function pageAssets(root: string): Promise<{ tagsFor(module: string | undefined): string }> {
  let manifest: Record<string, ManifestChunk> = {};
  try {
    manifest = JSON.parse(await readFile(join(root, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    // A build without a manifest: pages load their styles with their code, as before.
  }
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) closure(next, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const shell = entry ? closure(entry) : new Set<string>();
  const shellCss = new Set([...shell].flatMap((k) => manifest[k]?.css ?? []));
  const cache = new Map<string, string>();
  return {
    tagsFor(module) {
      if (!module || !manifest[module]) return '';
      if (!cache.has(module)) {
        const chunks = [...closure(module)].filter((k) => !shell.has(k));
        const css = [...new Set(chunks.flatMap((k) => manifest[k]?.css ?? []))].filter(
          (f) => !shellCss.has(f),
        );
        cache.set(
          module,
          [
            ...css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
            ...chunks.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]?.file}">`),
          ].join(''),
        );
      }
      return cache.get(module)!;
    },
  };
}

const MODULE_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="\/assets\/[\w.-]+\.js"\s*\/?>\s*/g;

/**
 * A rendered page whose app starts after the page has loaded: the app's module script and every
 * `modulepreload` link (the shell's and the page's) move into `<template id="vc-app">`, which fetches
 * nothing, and public/boot.js (kept small: it is on every rendered page; minified by the build) puts them into the head
 * and imports the entry:
 * - after the load event, once the first paint has been reported and no larger picture has been painted for
 *   100 ms (PerformanceObserver; at most 3 s; browsers without it: after the paint that follows the load
 *   event): on a busy phone those paints come well after the load event
 * - at once when the shopper taps, types or moves the focus before then; a click on a button is held and
 *   replayed once React has the page (main.tsx sends `vc:app`), in a task of its own
 * The page is readable and its links work before; what it saves is the app's code (about 115 KB gzip)
 * competing with the HTML, the styles and the largest picture for a slow phone's bandwidth and processor.
 * A page without the module script (the shell of a private page) is left as it is.
 */
export function startAppAfterLoad(html: string): string {
  const entry = MODULE_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = (html.match(MODULE_PRELOAD) ?? []).map((tag) => tag.trim());
  const template =
    `<template id="vc-app"><link rel="modulepreload" crossorigin href="${entry}">${preloads.join('')}</template>` +
    '<script defer src="/boot.js"></script>\n    ';
  return html.replace(MODULE_PRELOAD, '').replace(MODULE_SCRIPT, () => template);
}

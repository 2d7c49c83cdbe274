/** The scripts a storefront page's first render needs, read from a production build (see first-load.mjs). */
export function firstLoadScripts(dist: string, pageChunk: string): Promise<string[]>;

/**
 * What the storefront server asks of the pages' renderer (src/entry-server.ts, built into
 * dist-server/entry-server.js), declared here so that the server stands on its own and the renderer is checked
 * against it (`satisfies Render`).
 */

export interface RenderOptions {
  /** Where this server reaches the API. */
  apiUrl: string;
  /** The API's address as browsers see it (for picture addresses). */
  publicApiUrl: string;
  /** The shop's own origin as browsers see it, e.g. https://shop.example.com */
  origin: string;
}

export interface RenderedPage {
  status: number;
  /** With status 301: the page's current address (a product asked for by a slug it had before a rename). */
  location?: string;
  /** The page's module (src/app/routes/…), for the server to link its styles and code in the HTML. */
  pageModule?: string;
  /** The page rendered by React, for the shell's root element ('' for the shell only). */
  html: string;
  /** Tags for the page's <head>, replacing the shell's title and description when given. */
  title?: string;
  description?: string;
  head: string;
  /** The dehydrated query cache as JSON, or null. */
  state: string | null;
}

export interface SitemapRequestOptions {
  /** Where this server reaches the API. */
  apiUrl: string;
  /** The shop's own origin as browsers see it. */
  origin: string;
  /** The most addresses in one sitemap file. */
  perFile: number;
}

export interface Render {
  /** The server's part of a page: status, head tags, the page's HTML and the data the browser starts with. */
  renderPage(pathname: string, search: string, opts: RenderOptions): Promise<RenderedPage>;
  /** The address a page is rendered and kept under: only what the page reads, in its normal form. */
  pageAddress(pathname: string, search: string): { pathname: string; search: string };
  /** A sitemap file as parts of text to stream, or null when there is no such file. */
  sitemap(pathname: string, opts: SitemapRequestOptions): Promise<AsyncIterable<string> | null>;
}

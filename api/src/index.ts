/**
 * The API's public entry for the project's own tools (the benchmarks under scripts/bench and the desktop
 * app's upload benchmark): what they may use without reaching into modules. The boundary rule in
 * .dependency-cruiser.cjs keeps tools to this file.
 */
export { createApp } from './app';
export { runWorkers, webConcurrency } from './cluster';
export { loadConfig } from './config';
export { createDb, type Db, ensureDatabase, migrateToLatest } from './db/connection';
export type { Database } from './db/database';
export { seedCatalog } from './db/seed/seed-catalog';
export { createMigratedDatabase } from './db/template';
export { Tokens } from './lib/auth';
export { encodeImage, imageLimits, smallNameOf } from './lib/images';
export { createLogger } from './lib/logger';
export { seedDeps } from './lib/seed-deps';
export { LocalStorage } from './lib/storage';
export { directorySize, lookupPincode } from './modules/delivery/pincode-directory';
export { type DocumentCursor, documentPage, TAX_KEYS } from './modules/invoice/invoice.repository';
export type { InvoiceDocument, InvoiceLine } from './modules/invoice/invoice.service';
export { type CatalogQuery, MariaDbSearch } from './modules/search/search-engine';
export { SEARCH_INDEX_VERSION } from './modules/search/search-text';
export { writeSettings as writeTaxSettings } from './modules/settings/settings.repository';
export { createServices } from './services';

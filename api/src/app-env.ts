import type { Config } from './config';
import type { Db } from './db/connection';
import type { Principal, Tokens } from './lib/auth';
import type { CatalogCache } from './lib/cache';
import type { Encoding } from './lib/compression';
import type { CourierProvider } from './lib/courier/courier-provider';
import type { KeptValue } from './lib/kept-value';
import type { Logger } from './lib/logger';
import type { PaymentProvider } from './lib/payments/payment-provider';
import type { Storage } from './lib/storage';
import type { DeliveryConfig } from './modules/delivery/delivery-config';
import type { SearchEngine } from './modules/search/search-engine';

/** What createServices makes (services.ts), handed to createApp as `services`; an app built without them has none. */
export interface Services {
  payments: PaymentProvider;
  /** Booking couriers (COURIER_PROVIDER). */
  courier: CourierProvider;
}

export interface Deps extends Partial<Services> {
  db: Db;
  /** Catalogue reads go here; the primary when no replica is configured. */
  readDb: Db;
  config: Config;
  storage: Storage;
  /** The product search index: written in the writers' transactions, read by lists and suggestions. */
  search: SearchEngine;
  tokens: Tokens;
  logger: Logger;
  /** Kept catalogue answers (created by createApp). */
  catalogCache: CatalogCache;
  /** This process's short-lived copy of the delivery set-up (the public pincode check reads through it). */
  deliveryConfig: KeptValue<DeliveryConfig>;
}

export type AppEnv = {
  Variables: Deps & {
    principal?: Principal;
    requestId: string;
    /** The coding JSON answers go out in, chosen from Accept-Encoding (middleware/compress.ts); null: none. */
    encoding?: Encoding | null;
  };
};

import type { Config } from './config';
import type { Db } from './db/connection';
import type { Principal, Tokens } from './lib/auth';
import type { Logger } from './lib/logger';
import type { Storage } from './lib/storage';

/** The content codings JSON answers are compressed with (lib/compression.ts). */
export type Encoding = 'br' | 'gzip';

export interface Deps {
  db: Db;
  /** Catalogue reads go here; the primary when no replica is configured. */
  readDb: Db;
  config: Config;
  storage: Storage;
  tokens: Tokens;
  logger: Logger;
  // biome-ignore lint/suspicious/noExplicitAny: each module extends this with its own services
  [service: string]: any;
}

export type AppEnv = {
  Variables: Deps & {
    principal?: Principal;
    requestId: string;
    /** The coding JSON answers go out in, chosen from Accept-Encoding (middleware/compress.ts); null: none. */
    encoding?: Encoding | null;
  };
};

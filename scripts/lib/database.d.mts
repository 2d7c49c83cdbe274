export declare const DEFAULT_DATABASE: string;
export declare const PRIVATE_DIR: string;
export declare function serverUrl(url: string): string;
export declare function databaseUrl(url: string, name: string): string;
export declare function databaseName(url: string): string | null;
export declare function probe(
  url: string,
  opts?: { timeoutMs?: number },
): Promise<{ ok: true; version: string } | { ok: false; error: string }>;
export declare function createDatabase(url: string, name: string): Promise<void>;
export declare function dropDatabase(url: string, name: string): Promise<void>;
export interface ChosenDatabase {
  serverUrl: string;
  databaseUrl: string;
  kind: 'configured' | 'local' | 'private';
  started: boolean;
}
export declare function ensureDatabase(opts?: {
  url?: string;
  database?: string;
  keepRunning?: boolean;
  quiet?: boolean;
}): Promise<ChosenDatabase>;
export interface PrivateMariaDb {
  pid: number;
  port: number;
  url: string;
}
export declare function privateMariaDbStatus(): PrivateMariaDb | null;
export declare function ensurePrivateMariaDb(opts?: {
  keepRunning?: boolean;
  quiet?: boolean;
}): Promise<PrivateMariaDb & { version: string; started: boolean }>;
export declare function stopPrivateMariaDb(opts?: { quiet?: boolean }): Promise<boolean>;

export declare function serverUrl(url: string): string;
export declare function databaseUrl(url: string, name: string): string;
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
export declare function stopPrivateMariaDb(opts?: { quiet?: boolean }): Promise<boolean>;

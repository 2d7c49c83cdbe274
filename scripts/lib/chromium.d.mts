export declare const CHROMIUM_FLAGS: readonly string[];
export declare function findChromium(): string | null;
export declare function ensureChromium(opts?: { quiet?: boolean }): Promise<string>;

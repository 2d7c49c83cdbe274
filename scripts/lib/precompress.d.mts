import type { Plugin } from 'vite';

export declare function precompress(): Plugin;
export declare function precompressFolder(dir: string): Promise<void>;

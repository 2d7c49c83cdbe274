export declare function portFromEnv(name: string, fallback: number): number;
export declare const localOrigins: (port: number) => string[];
export declare function imageOrigins(): string[];

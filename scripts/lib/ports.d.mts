export declare function freePort(host?: string): Promise<number>;
export declare function isPortFree(port: number): Promise<boolean>;

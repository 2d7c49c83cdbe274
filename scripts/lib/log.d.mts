export declare const ROOT: string;
export declare const DATA_DIR: string;
export declare class UserError extends Error {}
export declare function step(message: string): void;
export declare function warn(message: string): void;

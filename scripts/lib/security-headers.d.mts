export declare const RAZORPAY_ORIGINS: string[];
export interface StorefrontCspOptions {
  imageOrigins?: string[];
  connectOrigins?: string[];
  razorpay?: boolean;
}
export declare function storefrontCsp(opts?: StorefrontCspOptions): string;
export declare function storefrontSecurityHeaders(opts?: StorefrontCspOptions): Record<string, string>;

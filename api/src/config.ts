import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';

const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().default('mysql://root@127.0.0.1:3306/voltcart'),
  DATABASE_REPLICA_URLS: csv.default([]),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_TOKEN_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 12h or 30m')
    .default('12h'),
  CUSTOMER_TOKEN_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 7d or 30m')
    .default('7d'),
  CORS_ORIGINS: csv.default([
    'http://localhost:3000',
    'http://127.0.0.1:3000',
    'http://localhost:5173',
    'http://127.0.0.1:5173',
    'http://localhost:5174',
    'http://127.0.0.1:5174',
    // The desktop back office's own origin (its renderer is served from app://voltcart).
    'app://voltcart',
  ]),
  DATA_DIR: z.string().default('.data'),
  UPLOAD_DIR: z.string().optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().url().optional(),
  MAX_UPLOAD_MB: z.coerce.number().min(0.1).max(50).default(8),
  MAX_IMAGE_PIXELS: z.coerce.number().int().min(1).max(1_000_000_000).default(40_000_000),
  /** Failed logins of one account from one address (or device) before each next attempt must wait. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  /** A pair's failures are forgotten this many minutes after the latest one. */
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** The longest wait between two attempts of one pair (the waits double from 1 s up to this). */
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Failed logins per hour on one account from everywhere, past which only known addresses and devices may try. */
  LOGIN_ACCOUNT_CEILING: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** Failed logins per hour from one address over every account, past which only known pairs may try. */
  LOGIN_ADDRESS_CEILING: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Password-reset and sign-in-code mails one client address may ask for per hour (0 = no limit). */
  ACCOUNT_MAIL_MAX_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(10),
  /** SMS gateway for sign-in codes (unset: the simulator, which writes each message under DATA_DIR/sms). */
  SMS_GATEWAY_URL: z.string().url().optional(),
  SMS_API_KEY: z.string().optional(),
  SMS_SENDER: z
    .string()
    .regex(/^[A-Z]{6}$/, 'must be a 6-letter sender id')
    .default('VLTCRT'),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  /** Courier booking: manual (staff type carrier and AWB), shiprocket, or simulator (development only). */
  COURIER_PROVIDER: z.enum(['manual', 'shiprocket', 'simulator']).default('manual'),
  /** The Shiprocket API user's sign-in (COURIER_PROVIDER=shiprocket). */
  SHIPROCKET_EMAIL: z.string().email().optional(),
  SHIPROCKET_PASSWORD: z.string().min(1).optional(),
  /** The pickup address's nickname in the Shiprocket panel. */
  SHIPROCKET_PICKUP_LOCATION: z.string().min(1).max(60).default('Primary'),
  /** Shiprocket's API base (tests point it at a local stand-in). */
  SHIPROCKET_API_URL: z.string().url().default('https://apiv2.shiprocket.in/v1/external'),
  PAYMENT_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(10080).default(30),
  SHOP_NAME: z.string().default('Voltcart'),
  /** Where shoppers' links in e-mails point (the storefront's public address). */
  STOREFRONT_URL: z.string().url().default('http://localhost:5173'),
  /** Outgoing mail server; unset: mails are written as .eml files under DATA_DIR/mail (development). */
  SMTP_URL: z
    .string()
    .url()
    .refine((u) => /^smtps?:\/\//.test(u), 'must start with smtp:// or smtps://')
    .optional(),
  /** The sender of every mail: an address, or `Name <address>`. */
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address or Name <address>')
    .default('Voltcart <orders@voltcart.local>'),
  /** false: no mail is written to the outbox at all (benchmarks compare with and without). */
  MAIL_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** Sent mails older than this many days are deleted from the outbox by the sender (0: kept for ever). */
  OUTBOX_KEEP_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  FREE_SHIPPING_THRESHOLD: z.coerce.number().min(0).default(999),
  CATALOG_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(2),
  METRICS_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Sign-ups allowed per client address per hour (0 = no limit); default 20 in production, off otherwise. */
  REGISTER_MAX_PER_HOUR: z.coerce.number().int().min(0).max(100_000).optional(),
  /** Set when the API sits behind a load balancer that appends the client address to X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type Config = Omit<
  z.infer<typeof envSchema>,
  'JWT_SECRET' | 'UPLOAD_DIR' | 'REGISTER_MAX_PER_HOUR'
> & {
  JWT_SECRET: string;
  UPLOAD_DIR: string;
  REGISTER_MAX_PER_HOUR: number;
};

export class ConfigError extends Error {}

/** The development default for the payment simulator's signing secret (never used in production). */
export const SIMULATOR_SECRET = 'voltcart-simulator-secret';

/**
 * Reads and checks the environment once. A missing or malformed variable throws a ConfigError naming it.
 * - JWT_SECRET is required in production; elsewhere it is generated once into DATA_DIR and reused.
 * - Without Razorpay keys the payment simulator runs; in production that is refused.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const dataDir = resolve(c.DATA_DIR);
  let secret = c.JWT_SECRET;
  if (!secret) {
    if (c.NODE_ENV === 'production')
      throw new ConfigError('Invalid configuration:\n  JWT_SECRET: is required in production');
    secret = developmentSecret(resolve(dataDir, 'jwt-secret'));
  }
  if (c.NODE_ENV === 'production' && !c.RAZORPAY_KEY_ID) {
    throw new ConfigError(
      'Invalid configuration:\n  RAZORPAY_KEY_ID: is required in production (the payment simulator is for development only)',
    );
  }
  if (c.RAZORPAY_KEY_ID && !c.RAZORPAY_KEY_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  RAZORPAY_KEY_SECRET: is required when RAZORPAY_KEY_ID is set',
    );
  }
  if (c.COURIER_PROVIDER === 'shiprocket') {
    for (const name of ['SHIPROCKET_EMAIL', 'SHIPROCKET_PASSWORD'] as const) {
      if (!c[name]) {
        throw new ConfigError(
          `Invalid configuration:\n  ${name}: is required when COURIER_PROVIDER=shiprocket`,
        );
      }
    }
  }
  if (c.NODE_ENV === 'production' && c.COURIER_PROVIDER === 'simulator') {
    throw new ConfigError(
      'Invalid configuration:\n  COURIER_PROVIDER: simulator is for development only (use manual or shiprocket)',
    );
  }
  if (c.STORAGE_DRIVER === 's3' && !c.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: is required when STORAGE_DRIVER=s3');
  }
  return {
    ...c,
    REGISTER_MAX_PER_HOUR: c.REGISTER_MAX_PER_HOUR ?? (c.NODE_ENV === 'production' ? 20 : 0),
    JWT_SECRET: secret,
    UPLOAD_DIR: resolve(c.UPLOAD_DIR ?? resolve(dataDir, 'uploads')),
  };
}

function developmentSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
